/**
 * The limits module's reads and writes: the customer's stored limits, and what they spent and
 * deposited, summed from the ledger. The only file of the module that touches Drizzle.
 */
import { randomUUID } from 'node:crypto';
import {
  and,
  customerLimits,
  customers,
  type DbOrTx,
  eq,
  type LimitKind,
  ledgerAccounts,
  sql,
} from '@drawhouse/db';

export type LimitRow = typeof customerLimits.$inferSelect;
export type LimitChange = Pick<
  LimitRow,
  'amountCents' | 'pendingAmountCents' | 'pendingRemoval' | 'pendingFrom'
>;

/**
 * Money that counts: a posted transfer, or a held one not voided (a deposit awaiting its challenge
 * counts until it is voided). Settlements themselves are not counted again.
 */
const counted = sql`t.flag in ('posted', 'pending') and not exists (
  select 1 from ledger_transfers v where v.pending_id = t.id and v.flag = 'void_pending')`;

export function limitsRepository(db: DbOrTx) {
  return {
    async limits(customerId: string): Promise<LimitRow[]> {
      return db.select().from(customerLimits).where(eq(customerLimits.customerId, customerId));
    },

    /** The customer's limit of a kind, locked until the transaction ends (made empty on first use). */
    async lockLimit(customerId: string, kind: LimitKind): Promise<LimitRow> {
      await db
        .insert(customerLimits)
        .values({ id: randomUUID(), customerId, kind, amountCents: null })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(customerLimits)
        .where(and(eq(customerLimits.customerId, customerId), eq(customerLimits.kind, kind)))
        .for('update');
      if (!row) throw new Error(`limit ${kind} of ${customerId} could not be made`);
      return row;
    },

    async saveLimit(id: string, change: LimitChange, now: Date): Promise<LimitRow> {
      const [row] = await db
        .update(customerLimits)
        .set({ ...change, updatedAt: now })
        .where(eq(customerLimits.id, id))
        .returning();
      if (!row) throw new Error(`limit ${id} vanished`);
      return row;
    },

    async verifiedAt(customerId: string): Promise<Date | null> {
      const [row] = await db
        .select({ verifiedAt: customers.verifiedAt })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row?.verifiedAt ?? null;
    },

    /**
     * Net spend since each instant: purchases out of the customer's wallet and promo accounts less
     * refunds into them, in one pass over the transfers since the earliest instant.
     */
    async spentSince(customerId: string, since: readonly Date[]): Promise<number[]> {
      return sumsSince(db, customerId, since, {
        plus: sql`t.code = 'purchase' and t.debit_account_id = any(a.ids)`,
        minus: sql`t.code = 'refund' and t.credit_account_id = any(a.ids)`,
      });
    },

    /** Deposits into the customer's wallet since each instant (held ones count until voided). */
    async depositedSince(customerId: string, since: readonly Date[]): Promise<number[]> {
      return sumsSince(db, customerId, since, {
        plus: sql`t.code = 'deposit' and t.credit_account_id = any(a.ids)`,
        minus: sql`false`,
      });
    },
  };
}

async function sumsSince(
  db: DbOrTx,
  customerId: string,
  since: readonly Date[],
  rule: { plus: ReturnType<typeof sql>; minus: ReturnType<typeof sql> },
): Promise<number[]> {
  if (since.length === 0) return [];
  const earliest = new Date(Math.min(...since.map((d) => d.getTime())));
  const columns = sql.join(
    since.map(
      (at, i) =>
        sql`coalesce(sum(case when ${rule.plus} then t.amount_cents when ${rule.minus} then -t.amount_cents else 0 end) filter (where t.created_at >= ${at.toISOString()}::timestamptz), 0)::bigint as ${sql.raw(`s${i}`)}`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    with a as (
      select array_agg(id) as ids from ${ledgerAccounts} where customer_id = ${customerId}
    )
    select ${columns}
    from a, ledger_transfers t
    where (t.debit_account_id = any(a.ids) or t.credit_account_id = any(a.ids))
      and t.created_at >= ${earliest.toISOString()}::timestamptz
      and ${counted}`);
  const row = (result.rows[0] ?? {}) as Record<string, string | number | null>;
  return since.map((_, i) => Number(row[`s${i}`] ?? 0));
}

export type LimitsRepository = ReturnType<typeof limitsRepository>;
