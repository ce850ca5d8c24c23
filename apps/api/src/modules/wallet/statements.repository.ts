/**
 * The activity statement's reads beyond the transactions list's lines: the balance a month opened
 * with, the months that have lines, and when the account opened. Lines count as the list shows
 * them: a posted transfer, or a held one whose hold was posted, on the day it was made.
 */
import { and, customers, type DbOrTx, eq, inArray, ledgerTransfers, lt, or, sql } from '@drawhouse/db';

export function statementsRepository(db: DbOrTx) {
  const touches = (accountIds: number[]) =>
    or(
      inArray(ledgerTransfers.debitAccountId, accountIds),
      inArray(ledgerTransfers.creditAccountId, accountIds),
    );

  return {
    /** What the counted lines made before `before` sum to: the balance a month opens with. */
    async balanceBefore(accountIds: number[], before: Date): Promise<number> {
      if (accountIds.length === 0) return 0;
      const [row] = await db
        .select({
          cents: sql<string>`coalesce(sum(case when ${inArray(ledgerTransfers.creditAccountId, accountIds)} then ${ledgerTransfers.amountCents} else -${ledgerTransfers.amountCents} end), 0)`,
        })
        .from(ledgerTransfers)
        .where(
          and(
            touches(accountIds),
            lt(ledgerTransfers.createdAt, before),
            or(
              eq(ledgerTransfers.flag, 'posted'),
              and(
                eq(ledgerTransfers.flag, 'pending'),
                // Qualified by hand, as in the transactions list: drizzle writes a bare "id" here.
                sql`exists (select 1 from ledger_transfers s where s.pending_id = "ledger_transfers"."id" and s.flag = 'post_pending')`,
              ),
            ),
          ),
        );
      return Number(row?.cents ?? 0);
    },

    /** The months (`YYYY-MM` on the zone's clock) holding a line of the accounts, newest first. */
    async monthsWithLines(accountIds: number[], timeZone: string): Promise<string[]> {
      if (accountIds.length === 0) return [];
      const month = sql<string>`to_char(${ledgerTransfers.createdAt} at time zone ${timeZone}, 'YYYY-MM')`;
      const rows = await db
        .selectDistinct({ month })
        .from(ledgerTransfers)
        .where(and(touches(accountIds), inArray(ledgerTransfers.flag, ['posted', 'pending'])))
        .orderBy(sql`1 desc`);
      return rows.map((r) => r.month);
    },

    async openedAt(customerId: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: customers.createdAt })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row?.createdAt;
    },
  };
}
