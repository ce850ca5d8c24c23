/**
 * The reads of the verification reminders: unverified customers whose first deposit puts their
 * deadline inside a window, and the reminders they were sent already (`verification.reminder` events).
 */
import { and, customers, type DbOrTx, deposits, eq, isNull, sql } from '@drawhouse/db';
import { outboxRepository } from '../outbox/index.ts';

export function verificationRemindersRepository(db: DbOrTx) {
  return {
    /** Unverified customers whose first successful deposit was made within [from, to). */
    async firstDepositedWithin(from: Date, to: Date) {
      const first = sql<Date>`min(${deposits.createdAt})`.mapWith(deposits.createdAt);
      return db
        .select({ customerId: customers.id, firstDepositAt: first })
        .from(customers)
        .innerJoin(deposits, and(eq(deposits.customerId, customers.id), eq(deposits.status, 'succeeded')))
        .where(isNull(customers.verifiedAt))
        .groupBy(customers.id)
        .having(sql`min(${deposits.createdAt}) >= ${from} and min(${deposits.createdAt}) < ${to}`);
    },

    /** The reminders (days before the deadline) each of these customers was sent, as `id:days`. */
    async sent(customerIds: readonly string[]): Promise<Set<string>> {
      const events = await outboxRepository(db).written('verification.reminder', customerIds);
      return new Set(events.map((e) => `${e.aggregateId}:${(e.payload as { days?: number }).days}`));
    },
  };
}
