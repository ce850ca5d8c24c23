/** The vouchers module's reads and writes: vouchers and their redemptions. */
import { and, checkouts, count, type DbOrTx, eq, sql, voucherRedemptions, vouchers } from '@drawhouse/db';

export type VoucherRow = typeof vouchers.$inferSelect;
export type VoucherRedemptionRow = typeof voucherRedemptions.$inferSelect;

export function voucherQueries(db: DbOrTx) {
  return {
    /** The voucher of a promo code, whatever its case; undefined when there is none. */
    async byCode(code: string): Promise<VoucherRow | undefined> {
      const [row] = await db
        .select()
        .from(vouchers)
        .where(sql`lower(${vouchers.code}) = lower(${code})`)
        .limit(1);
      return row;
    },

    /** A voucher by id; `lock` takes its row for update (the total limit is counted under it). */
    async byId(id: string, lock = false): Promise<VoucherRow | undefined> {
      const query = db.select().from(vouchers).where(eq(vouchers.id, id)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** How often a customer used a voucher (every redemption counts, clawed back or not). */
    async customerUses(voucherId: string, customerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(voucherRedemptions)
        .where(
          and(eq(voucherRedemptions.voucherId, voucherId), eq(voucherRedemptions.customerId, customerId)),
        );
      return row?.n ?? 0;
    },

    async totalUses(voucherId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(voucherRedemptions)
        .where(eq(voucherRedemptions.voucherId, voucherId));
      return row?.n ?? 0;
    },

    /**
     * Records a use; false when (voucher, customer, seq) is taken already (a purchase racing for the
     * same use committed first).
     */
    async insertRedemption(row: typeof voucherRedemptions.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(voucherRedemptions)
        .values(row)
        .onConflictDoNothing({
          target: [voucherRedemptions.voucherId, voucherRedemptions.customerId, voucherRedemptions.seq],
        })
        .returning({ id: voucherRedemptions.id });
      return inserted.length > 0;
    },

    /**
     * The redemption of a checkout with its voucher and what the checkout charged then (its items less
     * its pre-orders, before the voucher), the redemption locked for update.
     */
    async redemptionOfCheckout(checkoutId: string) {
      const [row] = await db
        .select({
          redemption: voucherRedemptions,
          voucher: vouchers,
          chargedNowCents:
            sql<number>`(${checkouts.cartTotalCents} - ${checkouts.preOrderTotalCents})::bigint`.mapWith(
              Number,
            ),
        })
        .from(voucherRedemptions)
        .innerJoin(vouchers, eq(vouchers.id, voucherRedemptions.voucherId))
        .innerJoin(checkouts, eq(checkouts.id, voucherRedemptions.checkoutId))
        .where(eq(voucherRedemptions.checkoutId, checkoutId))
        .for('update', { of: voucherRedemptions });
      return row;
    },

    async markClawedBack(
      id: string,
      fromPromoCents: number,
      shortfallCents: number,
      at: Date,
    ): Promise<void> {
      await db
        .update(voucherRedemptions)
        .set({
          clawedBackCents: sql`${voucherRedemptions.clawedBackCents} + ${fromPromoCents}`,
          clawbackShortfallCents: sql`${voucherRedemptions.clawbackShortfallCents} + ${shortfallCents}`,
          clawedBackAt: at,
        })
        .where(eq(voucherRedemptions.id, id));
    },
  };
}

export type VoucherQueries = ReturnType<typeof voucherQueries>;
