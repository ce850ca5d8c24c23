/**
 * `pre-orders-due` follows `draw.closed`: the offer's next draw is now on sale, so its pre-orders are
 * charged (`chargeDue`). It runs outside a transaction (each pre-order is charged in a transaction of
 * its own, and a charge may reach the card gateway). Charging is idempotent: a scheduled purchase
 * already charged or finally refused is left alone under its row lock, and its checkout and transfer
 * ids derive from its id, so a delivery run twice charges once. An error is thrown for the outbox to
 * retry (the minute's sweep charges anything due too).
 */
import type { Subscriber } from '../outbox/index.ts';
import { createPreOrderCharges, type PreOrderChargeDeps } from './pre-order-charge.service.ts';

export function preOrdersDueSubscriber(deps: PreOrderChargeDeps): Subscriber {
  return {
    name: 'pre-orders-due',
    runs: 'outside',
    async handle(event) {
      if (event.type !== 'draw.closed') return;
      await createPreOrderCharges(deps).chargeDue(event.payload.offerKey);
    },
  };
}
