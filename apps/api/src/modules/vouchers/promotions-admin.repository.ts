/**
 * Promo codes as the back office reads and writes them: with their use counts (uses, and the
 * customers who made them), found by code, and the customer segments a code may be limited to.
 */
import {
  capabilitySegments,
  count,
  type DbOrTx,
  desc,
  eq,
  sql,
  voucherRedemptions,
  vouchers,
} from '@drawhouse/db';
import type { VoucherRow } from './vouchers.repository.ts';

export type PromotionRow = VoucherRow & { redemptions: number; customers: number };

export function promotionsAdminRepository(db: DbOrTx) {
  const withCounts = () =>
    db
      .select({
        voucher: vouchers,
        redemptions: sql<number>`(select count(*) from ${voucherRedemptions} r where r.voucher_id = "vouchers"."id")::int`,
        customers: sql<number>`(select count(distinct r.customer_id) from ${voucherRedemptions} r where r.voucher_id = "vouchers"."id")::int`,
      })
      .from(vouchers);
  const flat = (r: { voucher: VoucherRow; redemptions: number; customers: number }): PromotionRow => ({
    ...r.voucher,
    redemptions: Number(r.redemptions),
    customers: Number(r.customers),
  });
  /** Codes containing `q`, whatever its case (`%` and `_` are plain characters). */
  const matching = (q: string) => sql`strpos(lower(${vouchers.code}), lower(${q})) > 0`;

  return {
    async search(q: string, page: number, limit: number) {
      const where = matching(q.trim());
      const rows = await withCounts()
        .where(where)
        .orderBy(desc(vouchers.createdAt), vouchers.code)
        .limit(limit)
        .offset((page - 1) * limit);
      const [total] = await db.select({ n: count() }).from(vouchers).where(where);
      return { rows: rows.map(flat), total: total?.n ?? 0 };
    },

    async byId(id: string): Promise<PromotionRow | undefined> {
      const [row] = await withCounts().where(eq(vouchers.id, id)).limit(1);
      return row ? flat(row) : undefined;
    },

    /** The row, locked for its edit. */
    async lock(id: string): Promise<VoucherRow | undefined> {
      const [row] = await db.select().from(vouchers).where(eq(vouchers.id, id)).for('update');
      return row;
    },

    /** Another voucher's id holding the code whatever its case. */
    async codeHolder(code: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: vouchers.id })
        .from(vouchers)
        .where(sql`lower(${vouchers.code}) = lower(${code})`)
        .limit(1);
      return row?.id;
    },

    /** Inserts the code; undefined when its code is taken (whatever its case). */
    async insert(values: typeof vouchers.$inferInsert): Promise<VoucherRow | undefined> {
      const [row] = await db.insert(vouchers).values(values).onConflictDoNothing().returning();
      return row;
    },

    async update(id: string, values: Partial<typeof vouchers.$inferInsert>): Promise<void> {
      await db.update(vouchers).set(values).where(eq(vouchers.id, id));
    },

    async segments(): Promise<string[]> {
      const rows = await db
        .select({ name: capabilitySegments.segmentName })
        .from(capabilitySegments)
        .orderBy(capabilitySegments.segmentName);
      return rows.map((r) => r.name);
    },
  };
}
