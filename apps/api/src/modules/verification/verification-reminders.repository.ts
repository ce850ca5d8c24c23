/**
 * The reads of the verification reminders: unverified customers whose first deposit puts their
 * deadline inside a window, and the reminders they were sent already (`verification.reminder` events).
 */
import { and, customers, type DbOrTx, deposits, eq, inArray, isNull, outboxEvents, sql } from '@drawhouse/db';

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
      if (customerIds.length === 0) return new Set();
      const rows = await db
        .select({ id: outboxEvents.aggregateId, days: sql<string>`${outboxEvents.payload}->>'days'` })
        .from(outboxEvents)
        .where(
          and(
            eq(outboxEvents.type, 'verification.reminder'),
            inArray(outboxEvents.aggregateId, [...customerIds]),
          ),
        );
      return new Set(rows.map((r) => `${r.id}:${r.days}`));
    },
  };
}
