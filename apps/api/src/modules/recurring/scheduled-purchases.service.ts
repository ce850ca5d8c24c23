/**
 * The customer's scheduled purchases and pre-orders (`encodedId` is the row's uuid). A pre-order is
 * charged when its draw opens; before that it may be cancelled, and since nothing was charged
 * nothing is refunded. A voucher never counts a pre-order, so a cancellation leaves a voucher used by
 * the same checkout standing unless that checkout charged too little for it (a redemption recorded
 * before vouchers counted only what was charged now): then the voucher's credit is taken back from
 * promotional credit, as far as it goes (vouchers module). Once charged (or cancelled) it stays as it is.
 */
import type { ScheduledPurchase, ScheduledPurchaseCancel } from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import { centsToMoney, formatMoney } from '@drawhouse/domain';
import { AppError, notFound } from '../../http/errors.ts';
import { ledgerQueries } from '../ledger/index.ts';
import { type Clawback, clawBackVoucher } from '../vouchers/index.ts';
import { recurringRepository } from './recurring.repository.ts';
import { scheduledView } from './recurring.view.ts';

const scheduledNotFound = () =>
  notFound('scheduled_purchase_not_found', 'You have no such scheduled purchase.');

/** What the cancel says of a voucher's credit taken back. */
function clawbackText(clawback: Clawback | undefined): string {
  if (!clawback?.code) return '';
  const taken = clawback.fromPromoCents + clawback.shortfallCents;
  const spent =
    clawback.shortfallCents > 0 ? ` (${formatMoney(clawback.shortfallCents)} of it was spent already)` : '';
  return ` The ${formatMoney(taken)} promotional credit from ${clawback.code} is taken back${spent}.`;
}

export function createScheduledPurchasesService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  return {
    async list(customerId: string): Promise<ScheduledPurchase[]> {
      const rows = await recurringRepository(db).scheduledList(customerId);
      return rows.map((r) => scheduledView(r.row, r.draw));
    },

    async get(customerId: string, encodedId: string): Promise<ScheduledPurchase> {
      const found = await recurringRepository(db).scheduled(customerId, encodedId);
      if (!found) throw scheduledNotFound();
      return scheduledView(found.row, found.draw);
    },

    /**
     * Cancels an active pre-order not charged yet, with the row locked against the charge (after the
     * customer's accounts, in checkout's order), and takes back a voucher's credit that no longer stands.
     */
    async cancel(customerId: string, encodedId: string): Promise<ScheduledPurchaseCancel> {
      return db.transaction(async (tx) => {
        await ledgerQueries(tx).lockCustomer(customerId);
        const repo = recurringRepository(tx);
        const found = await repo.scheduled(customerId, encodedId, true);
        if (!found) throw scheduledNotFound();
        const { row } = found;
        if (row.status === 'cancelled') {
          throw new AppError(409, 'already_cancelled', 'This scheduled purchase is already cancelled.');
        }
        if (row.chargedAt !== null) {
          throw new AppError(
            409,
            'already_charged',
            'This purchase has already been made and can no longer be cancelled.',
          );
        }
        if (row.kind !== 'pre_order') {
          throw new AppError(409, 'not_cancellable', 'Only a pre-order can be cancelled here.');
        }
        const at = now();
        if (!(await repo.cancelScheduled(row.id, at))) throw scheduledNotFound();
        const clawback = row.checkoutId
          ? await clawBackVoucher(tx, { checkoutId: row.checkoutId, customerId, at })
          : undefined;
        return {
          scheduledPurchase: scheduledView({ ...row, status: 'cancelled', cancelledAt: at }, found.draw),
          refunded: centsToMoney(0),
          message: `Your pre-order is cancelled. Nothing was charged, so nothing is refunded.${clawbackText(clawback)}`,
        };
      });
    },
  };
}
