/**
 * The vouchers module's reads and writes: vouchers and their redemptions. What a checkout had refunded
 * is read from the refunds' own records (syndicate share refunds, cancelled lotto party sessions).
 */
import {
  and,
  checkouts,
  count,
  customers,
  type DbOrTx,
  eq,
  gt,
  inArray,
  lottoPartySessions,
  lottoPartyShares,
  orders,
  sql,
  syndicateShareRefunds,
  tickets,
  voucherRedemptions,
  vouchers,
} from '@drawhouse/db';

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

    /** The customer's pricing segment (a voucher may be limited to some). */
    async segmentOf(customerId: string): Promise<string | null> {
      const [row] = await db
        .select({ segment: customers.segmentName })
        .from(customers)
        .where(eq(customers.id, customerId))
        .limit(1);
      return row?.segment ?? null;
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

    /**
     * What of the checkout's items charged at checkout was refunded in full so far, at the price it
     * was sold for: each share ticket of a cancelled syndicate draw (its order's total over its draws)
     * and each share of a cancelled lotto party session (its order's total). Pre-orders were never
     * charged at checkout, so their cancellation refunds nothing here.
     */
    async refundedOfCheckout(checkoutId: string): Promise<number> {
      const [syndicate] = await db
        .select({
          cents: sql<string>`coalesce(sum(${orders.totalCents} / greatest(${orders.numDraws}, 1)), 0)`,
        })
        .from(syndicateShareRefunds)
        .innerJoin(tickets, eq(tickets.id, syndicateShareRefunds.ticketId))
        .innerJoin(orders, eq(orders.id, tickets.orderId))
        .where(eq(orders.checkoutId, checkoutId));
      const [party] = await db
        .select({ cents: sql<string>`coalesce(sum(${orders.totalCents}), 0)` })
        .from(lottoPartyShares)
        .innerJoin(lottoPartySessions, eq(lottoPartySessions.id, lottoPartyShares.sessionId))
        .innerJoin(orders, eq(orders.id, lottoPartyShares.orderId))
        .where(and(eq(orders.checkoutId, checkoutId), eq(lottoPartySessions.status, 'cancelled')));
      return Number(syndicate?.cents ?? 0) + Number(party?.cents ?? 0);
    },

    /** The checkouts among these whose voucher granted credit not all taken back yet, with their buyer. */
    async creditNotTakenBack(checkoutIds: readonly string[]) {
      if (checkoutIds.length === 0) return [];
      return db
        .select({ checkoutId: voucherRedemptions.checkoutId, customerId: voucherRedemptions.customerId })
        .from(voucherRedemptions)
        .where(
          and(
            inArray(voucherRedemptions.checkoutId, [...checkoutIds]),
            gt(
              voucherRedemptions.promoCreditCents,
              sql`${voucherRedemptions.clawedBackCents} + ${voucherRedemptions.clawbackShortfallCents}`,
            ),
          ),
        )
        .orderBy(voucherRedemptions.checkoutId);
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
