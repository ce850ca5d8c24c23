/**
 * The customer's scheduled purchases and pre-orders (`encodedId` is the row's uuid). A pre-order is
 * charged when its draw opens; before that it may be cancelled, and since nothing was charged
 * nothing is refunded. Once charged (or cancelled) it stays as it is.
 */
import type { ScheduledPurchase, ScheduledPurchaseCancel } from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import { centsToMoney } from '@drawhouse/domain';
import { AppError, notFound } from '../../http/errors.ts';
import { recurringRepository } from './recurring.repository.ts';
import { scheduledView } from './recurring.view.ts';

const scheduledNotFound = () =>
  notFound('scheduled_purchase_not_found', 'You have no such scheduled purchase.');

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

    /** Cancels an active pre-order not charged yet, with the row locked against the charge. */
    async cancel(customerId: string, encodedId: string): Promise<ScheduledPurchaseCancel> {
      return db.transaction(async (tx) => {
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
        return {
          scheduledPurchase: scheduledView({ ...row, status: 'cancelled', cancelledAt: at }, found.draw),
          refunded: centsToMoney(0),
          message: 'Your pre-order is cancelled. Nothing was charged, so nothing is refunded.',
        };
      });
    },
  };
}
