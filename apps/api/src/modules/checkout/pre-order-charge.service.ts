/**
 * Pre-orders charged when their draw opens. Checkout stores a pre-order (an entry for a draw that is
 * not yet the next one) as a `scheduled_purchases` row and charges nothing; once its draw is the one
 * on sale (the offer's previous draw closed: the draw engine's close step, and its minute's sweep for
 * anything missed) each pre-order is charged in ONE transaction of its own, with checkout's rules:
 *
 * - the customer's accounts locked first (`lockCustomer`), then the scheduled purchase row; a row
 *   already charged, cancelled or finally refused is left alone, so a charge run twice or on two
 *   workers at once charges once (its checkout id and transfer ids also derive from the scheduled
 *   purchase's id, `eventId('pre-order:{id}:...')`);
 * - the spend limits and precommitment (ADR 023: an unverified account spends like any other), then
 *   promotional credit and the wallet, at the price agreed at checkout;
 * - a `checkouts` row per charge (id `preOrderCheckoutId`, paid = the amount, its cart the one the
 *   pre-order was bought from) holding an order with purchase status `pre_order` and its tickets,
 *   raffle numbers and syndicate shares taken from stock as checkout takes them.
 *
 * A refusal is recorded on the row (`last_attempt_*`): not enough funds or a limit reached is a soft
 * failure tried again at every sweep while the draw is on sale; sold out, offer withdrawn, account
 * closed or draw closed is final. The charge's transaction writes what came of it to the outbox
 * (`preorder.charged`, or `preorder.failed` when the refusal is not the one recorded just before),
 * and `pre-order-notices.ts` tells the customer once.
 */
import type { Database, DbOrTx } from '@drawhouse/db';
import {
  accountRefusal,
  balanceSplit,
  isBreakRefusalCode,
  isPreOrderFailureReason,
  type PreOrderFailureReason,
  preOrderFailureStatus,
  takesEntries,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { parseCartItem } from '../cart/index.ts';
import {
  type AccountRow,
  accountBalance,
  eventId,
  InsufficientBalanceError,
  ledgerQueries,
} from '../ledger/index.ts';
import { limitsGuard } from '../limits/index.ts';
import { emit } from '../outbox/index.ts';
import { buyLine, type PurchaseLine } from './checkout.orders.ts';
import { type PreOrderToCharge, preOrderQueries } from './pre-order.repository.ts';

/** The checkout a pre-order's charge writes: one per scheduled purchase, however often it runs. */
export const preOrderCheckoutId = (scheduledPurchaseId: string) =>
  eventId(`pre-order:${scheduledPurchaseId}:checkout`);

export type PreOrderChargeDeps = { db: Database; now: () => Date };

type Attempt = 'charged' | 'refused' | 'waiting' | 'skipped';

/** The scheduled purchase as the line it buys, for its own draw onwards. */
function lineOf(found: PreOrderToCharge): PurchaseLine {
  const p = found.purchase;
  const typed = parseCartItem({ id: p.id, productType: p.productType, payload: p.payload });
  return {
    ...typed,
    productOfferKey: p.productOfferKey,
    quantity: p.quantity,
    unitPriceCents: Math.round(p.amountCents / p.quantity),
    numDraws: p.numDraws,
    firstDrawNo: found.draw.drawNo,
    drawId: found.draw.id,
    recurringPurchase: null,
  };
}

export function createPreOrderCharges(deps: PreOrderChargeDeps) {
  const { db, now } = deps;

  /** Writes the charge: checkout row, order and tickets, transfers, stock. Answers the order's id. */
  async function write(
    tx: DbOrTx,
    found: PreOrderToCharge,
    accounts: Record<'wallet' | 'promo', AccountRow>,
    fromPromo: number,
    at: Date,
  ): Promise<string> {
    const p = found.purchase;
    const orderId = await buyLine(tx, {
      checkoutId: preOrderCheckoutId(p.id),
      cartId: found.cartId ?? p.id,
      customerId: p.customerId,
      line: lineOf(found),
      amountCents: p.amountCents,
      purchaseStatus: 'pre_order',
      eventKey: `pre-order:${p.id}`,
      accounts,
      fromPromo,
      at,
    });
    if (!orderId) throw new Error(`pre-order ${p.id} has a checkout but was not marked charged`);
    return orderId;
  }

  /** One pre-order's charge, in its own transaction. */
  async function attempt(id: string, customerId: string): Promise<Attempt> {
    return db.transaction(async (tx) => {
      const accounts = await ledgerQueries(tx).lockCustomer(customerId);
      const repo = preOrderQueries(tx);
      const found = await repo.lockForCharge(id);
      const p = found?.purchase;
      if (!found || !p || p.customerId !== customerId || p.status !== 'active') return 'skipped';
      if (p.chargedAt !== null || p.lastAttemptStatus === 'hard_failure') return 'skipped';
      const at = now();
      const refuse = async (reason: PreOrderFailureReason): Promise<Attempt> => {
        const status = preOrderFailureStatus(reason);
        await repo.markRefused(id, status, reason, at);
        // Refused again as just before (funds still short at the next sweep): nothing new to tell;
        // nor to a customer on a break, who asked to be left alone (ADR 077).
        const again = p.lastAttemptStatus === status && p.lastAttemptReason === reason;
        if (!again && !isBreakRefusalCode(reason)) {
          await emit(tx, 'preorder.failed', p.id, { customerId, scheduledPurchaseId: p.id, status, reason });
        }
        return 'refused';
      };
      const account = accountRefusal(found.customerStatus);
      if (account) return refuse(account);
      if (!takesEntries(found.draw, at)) return refuse('draw_closed');
      if ((await repo.drawOnSale(p.productOfferKey, at)) !== found.draw.id) return 'waiting';
      if (!found.offerOnSale) return refuse('offer_withdrawn');
      const limit = await limitsGuard(tx).spendRefusal(customerId, p.amountCents, at, 'recurring');
      if (limit) return refuse(isPreOrderFailureReason(limit.code) ? limit.code : 'spend_limit');
      const balances = {
        promo: accountBalance(accounts.promo).availableCents,
        wallet: accountBalance(accounts.wallet).availableCents,
      };
      const split = balanceSplit(p.amountCents, balances, true);
      if (split.fromDeposit > 0) return refuse('insufficient_funds');
      try {
        // Savepoint: a sold-out rolls the charge back alone, and the refusal is still recorded.
        const orderId = await tx.transaction((inner) => write(inner, found, accounts, split.fromPromo, at));
        await repo.markCharged(id, orderId, at);
        const checkoutId = preOrderCheckoutId(p.id);
        await emit(tx, 'preorder.charged', p.id, { customerId, scheduledPurchaseId: p.id, checkoutId });
        return 'charged';
      } catch (error) {
        if (error instanceof AppError && error.code === 'sold_out') return refuse('sold_out');
        if (error instanceof AppError && error.code === 'draw_closed') return refuse('draw_closed');
        if (error instanceof InsufficientBalanceError) return refuse('insufficient_funds');
        throw error;
      }
    });
  }

  return {
    /**
     * Charges every pre-order due now (of one offer, or all). Answers the counts; an unexpected
     * error on one pre-order does not stop the others and is thrown at the end.
     */
    async chargeDue(offerKey?: string): Promise<{ charged: number; refused: number }> {
      const counts = { charged: 0, refused: 0 };
      let failed: unknown;
      for (const due of await preOrderQueries(db).dueIds(now(), offerKey)) {
        try {
          const outcome = await attempt(due.id, due.customerId);
          if (outcome === 'charged') counts.charged += 1;
          if (outcome === 'refused') counts.refused += 1;
        } catch (error) {
          failed ??= error;
        }
      }
      if (failed !== undefined) throw failed;
      return counts;
    },
  };
}

export type PreOrderCharges = ReturnType<typeof createPreOrderCharges>;
