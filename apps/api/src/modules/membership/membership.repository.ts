/**
 * The membership module's reads and writes: memberships and their paid periods, giveaways as
 * customers see them, free members' unlocks, the activity that unlocks (completed purchases and
 * deposits), the entries counted at a close and the winners. Every query names its customer.
 */
import {
  and,
  asc,
  capabilitySegments,
  checkouts,
  count,
  customers,
  type DbOrTx,
  deposits,
  desc,
  eq,
  gameOfferPrices,
  gameOffers,
  giveawayEntries,
  giveaways,
  giveawayUnlocks,
  giveawayWinners,
  gt,
  gte,
  inArray,
  lte,
  membershipPeriods,
  memberships,
  ne,
  orders,
  productOffers,
  recurringPurchases,
  sql,
} from '@drawhouse/db';

export type MembershipRow = typeof memberships.$inferSelect;
export type GiveawayRow = typeof giveaways.$inferSelect;
export type UnlockRow = typeof giveawayUnlocks.$inferSelect;

/** The offer whose purchase is the premium tier. */
export const MEMBERSHIP_OFFER_KEY = 'daily-winners';

/** What a winner agreed to show, and the choice itself. */
const WINNER_NAME = {
  firstname: customers.firstname,
  suburb: customers.suburb,
  state: customers.state,
  publicity: customers.winnerPublicity,
};

/** A page of rows with the count of them all. */
async function paged<T>(rows: PromiseLike<T[]>, total: PromiseLike<{ n: number }[]>) {
  const [items, [counted]] = await Promise.all([rows, total]);
  return { rows: items, total: counted?.n ?? 0 };
}

export function membershipRepository(db: DbOrTx) {
  return {
    async membership(customerId: string, lock = false): Promise<MembershipRow | undefined> {
      const query = db.select().from(memberships).where(eq(memberships.customerId, customerId));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /**
     * Locks the customer's membership row, writing a non-member's row first when there is none, so
     * that two requests for one customer take turns.
     */
    async lockOrCreate(customerId: string, at: Date): Promise<MembershipRow> {
      await db
        .insert(memberships)
        .values({ customerId, status: 'non-member', updatedAt: at })
        .onConflictDoNothing();
      const row = await this.membership(customerId, true);
      if (!row) throw new Error(`membership of ${customerId} vanished`);
      return row;
    },

    async update(customerId: string, changes: Partial<MembershipRow>, at: Date): Promise<MembershipRow> {
      const [row] = await db
        .update(memberships)
        .set({ ...changes, updatedAt: at })
        .where(eq(memberships.customerId, customerId))
        .returning();
      if (!row) throw new Error(`membership of ${customerId} vanished`);
      return row;
    },

    /** The account facts membership needs: status, segment and its capabilities, names. */
    async customer(customerId: string) {
      const [row] = await db
        .select({
          id: customers.id,
          email: customers.email,
          firstname: customers.firstname,
          status: customers.status,
          segmentName: customers.segmentName,
          capabilities: capabilitySegments.capabilities,
        })
        .from(customers)
        .leftJoin(capabilitySegments, eq(capabilitySegments.segmentName, customers.segmentName))
        .where(eq(customers.id, customerId));
      return row;
    },

    /** The membership offer's billing periods with their one-membership price, in the offer's order. */
    premiumOffers() {
      return db
        .select({ key: gameOffers.key, name: gameOffers.name, priceCents: gameOfferPrices.priceCents })
        .from(gameOffers)
        .innerJoin(productOffers, eq(productOffers.key, gameOffers.productOfferKey))
        .innerJoin(
          gameOfferPrices,
          and(eq(gameOfferPrices.gameOfferKey, gameOffers.key), eq(gameOfferPrices.games, 1)),
        )
        .where(
          and(eq(gameOffers.productOfferKey, MEMBERSHIP_OFFER_KEY), eq(productOffers.type, 'membership')),
        )
        .orderBy(asc(gameOffers.sortOrder), asc(gameOfferPrices.priceCents));
    },

    /** Giveaways taking entries at `at` (opened, not closed), closing soonest first. */
    openGiveaways(at: Date) {
      return db
        .select()
        .from(giveaways)
        .where(and(eq(giveaways.status, 'open'), lte(giveaways.opensAt, at), gt(giveaways.closesAt, at)))
        .orderBy(asc(giveaways.closesAt), asc(giveaways.id));
    },

    /** Giveaways not open yet, opening soonest first. */
    upcomingGiveaways(at: Date, limit: number) {
      return db
        .select()
        .from(giveaways)
        .where(and(eq(giveaways.status, 'open'), gt(giveaways.opensAt, at)))
        .orderBy(asc(giveaways.opensAt), asc(giveaways.id))
        .limit(limit);
    },

    async giveaway(id: string, lock = false): Promise<GiveawayRow | undefined> {
      const query = db.select().from(giveaways).where(eq(giveaways.id, id));
      const [row] = lock ? await query.for('share') : await query;
      return row;
    },

    async giveawayByNumber(type: GiveawayRow['type'], number: number): Promise<GiveawayRow | undefined> {
      const [row] = await db
        .select()
        .from(giveaways)
        .where(and(eq(giveaways.type, type), eq(giveaways.number, number)));
      return row;
    },

    async unlocksOf(customerId: string, giveawayIds: readonly string[]): Promise<Map<string, UnlockRow>> {
      if (giveawayIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(giveawayUnlocks)
        .where(
          and(
            eq(giveawayUnlocks.customerId, customerId),
            inArray(giveawayUnlocks.giveawayId, [...giveawayIds]),
          ),
        );
      return new Map(rows.map((r) => [r.giveawayId, r]));
    },

    /** Writes an unlock, or moves a pending one to resolved; answers the row as it now is. */
    async putUnlock(row: { giveawayId: string; customerId: string; state: UnlockRow['state']; at: Date }) {
      const resolvedAt = row.state === 'resolved' ? row.at : null;
      const [written] = await db
        .insert(giveawayUnlocks)
        .values({
          giveawayId: row.giveawayId,
          customerId: row.customerId,
          state: row.state,
          requestedAt: row.at,
          resolvedAt,
        })
        .onConflictDoUpdate({
          target: [giveawayUnlocks.giveawayId, giveawayUnlocks.customerId],
          set: {
            state: sql`case when ${giveawayUnlocks.state} = 'resolved' then 'resolved' else excluded.state end`,
            resolvedAt: sql`coalesce(${giveawayUnlocks.resolvedAt}, excluded.resolved_at)`,
          },
        })
        .returning();
      if (!written) throw new Error('unlock not written');
      return written;
    },

    /** The customer's pending unlocks of giveaways still open at `at`, with the giveaway's close. */
    pendingUnlocks(customerId: string, at: Date) {
      return db
        .select({ giveawayId: giveawayUnlocks.giveawayId, closesAt: giveaways.closesAt })
        .from(giveawayUnlocks)
        .innerJoin(giveaways, eq(giveaways.id, giveawayUnlocks.giveawayId))
        .where(
          and(
            eq(giveawayUnlocks.customerId, customerId),
            eq(giveawayUnlocks.state, 'pending'),
            eq(giveaways.status, 'open'),
            gt(giveaways.closesAt, at),
          ),
        )
        .for('update', { of: giveawayUnlocks });
    },

    async resolveUnlocks(customerId: string, giveawayIds: readonly string[], at: Date): Promise<number> {
      if (giveawayIds.length === 0) return 0;
      const rows = await db
        .update(giveawayUnlocks)
        .set({ state: 'resolved', resolvedAt: at })
        .where(
          and(
            eq(giveawayUnlocks.customerId, customerId),
            eq(giveawayUnlocks.state, 'pending'),
            inArray(giveawayUnlocks.giveawayId, [...giveawayIds]),
          ),
        )
        .returning({ id: giveawayUnlocks.giveawayId });
      return rows.length;
    },

    /** When the customer's purchases (checkouts) and completed deposits happened, since `from`. */
    async activityAt(customerId: string, from: Date): Promise<Date[]> {
      const bought = await db
        .select({ at: checkouts.createdAt })
        .from(checkouts)
        .where(and(eq(checkouts.customerId, customerId), gte(checkouts.createdAt, from)));
      const deposited = await db
        .select({ at: deposits.updatedAt })
        .from(deposits)
        .where(
          and(
            eq(deposits.customerId, customerId),
            eq(deposits.status, 'succeeded'),
            gte(deposits.updatedAt, from),
          ),
        );
      return [...bought, ...deposited].map((r) => r.at);
    },

    async hasCompletedDeposit(customerId: string, from: Date): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(deposits)
        .where(
          and(
            eq(deposits.customerId, customerId),
            eq(deposits.status, 'succeeded'),
            gte(deposits.updatedAt, from),
          ),
        );
      return (row?.n ?? 0) > 0;
    },

    /** A paid period, once per source; answers whether it was new. */
    async addPeriod(row: typeof membershipPeriods.$inferInsert): Promise<boolean> {
      const written = await db
        .insert(membershipPeriods)
        .values(row)
        .onConflictDoNothing({ target: membershipPeriods.source })
        .returning({ id: membershipPeriods.id });
      return written.length > 0;
    },

    /** A checkout's membership orders (the membership offer's), with the period each bought. */
    membershipOrders(checkoutId: string) {
      return db
        .select({
          id: orders.id,
          customerId: orders.customerId,
          payload: orders.payload,
          at: orders.createdAt,
        })
        .from(orders)
        .where(
          and(
            eq(orders.checkoutId, checkoutId),
            eq(orders.productType, 'membership'),
            eq(orders.productOfferKey, MEMBERSHIP_OFFER_KEY),
          ),
        )
        .orderBy(asc(orders.id));
    },

    async recurringPurchase(id: string) {
      const [row] = await db
        .select({
          id: recurringPurchases.id,
          customerId: recurringPurchases.customerId,
          productType: recurringPurchases.productType,
          productOfferKey: recurringPurchases.productOfferKey,
          billingPeriod: recurringPurchases.billingPeriod,
        })
        .from(recurringPurchases)
        .where(eq(recurringPurchases.id, id));
      return row;
    },

    /** The customer's live recurring purchases of the membership (its renewals). */
    liveMembershipRenewals(customerId: string) {
      return db
        .select({ id: recurringPurchases.id })
        .from(recurringPurchases)
        .where(
          and(
            eq(recurringPurchases.customerId, customerId),
            eq(recurringPurchases.productType, 'membership'),
            eq(recurringPurchases.productOfferKey, MEMBERSHIP_OFFER_KEY),
            ne(recurringPurchases.status, 'cancelled'),
          ),
        );
    },

    /** The customer's entries in closed or drawn giveaways, latest close first, with a page count. */
    async closedEntries(customerId: string, limit: number, offset: number) {
      const where = and(eq(giveawayEntries.customerId, customerId), ne(giveaways.status, 'open'));
      return paged(
        db
          .select({
            giveaway: giveaways,
            entryNumber: giveawayEntries.entryNumber,
            entryStatus: giveawayEntries.entryStatus,
          })
          .from(giveawayEntries)
          .innerJoin(giveaways, eq(giveaways.id, giveawayEntries.giveawayId))
          .where(where)
          .orderBy(desc(giveaways.closesAt), asc(giveaways.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: count() })
          .from(giveawayEntries)
          .innerJoin(giveaways, eq(giveaways.id, giveawayEntries.giveawayId))
          .where(where),
      );
    },

    /** What the customer won in these giveaways (their first prize in each). */
    async wonIn(customerId: string, giveawayIds: readonly string[]) {
      if (giveawayIds.length === 0) return new Map<string, typeof giveawayWinners.$inferSelect>();
      const rows = await db
        .select()
        .from(giveawayWinners)
        .where(
          and(
            eq(giveawayWinners.customerId, customerId),
            inArray(giveawayWinners.giveawayId, [...giveawayIds]),
          ),
        )
        .orderBy(asc(giveawayWinners.prizeIndex));
      const won = new Map<string, typeof giveawayWinners.$inferSelect>();
      for (const r of rows) if (!won.has(r.giveawayId)) won.set(r.giveawayId, r);
      return won;
    },

    /** A giveaway's winners with what they agreed to show, in prize order. */
    winnersOf(giveawayId: string) {
      return db
        .select({
          winner: giveawayWinners,
          ...WINNER_NAME,
        })
        .from(giveawayWinners)
        .innerJoin(customers, eq(customers.id, giveawayWinners.customerId))
        .where(eq(giveawayWinners.giveawayId, giveawayId))
        .orderBy(asc(giveawayWinners.prizeIndex));
    },

    /** Winners of drawn giveaways, newest draw first, with a page count. */
    async latestWinners(limit: number, offset: number) {
      const drawn = inArray(giveaways.status, ['drawn', 'paid']);
      return paged(
        db
          .select({
            winner: giveawayWinners,
            giveaway: {
              title: giveaways.title,
              type: giveaways.type,
              number: giveaways.number,
              drawnAt: giveaways.drawnAt,
              closesAt: giveaways.closesAt,
            },
            ...WINNER_NAME,
          })
          .from(giveawayWinners)
          .innerJoin(giveaways, eq(giveaways.id, giveawayWinners.giveawayId))
          .innerJoin(customers, eq(customers.id, giveawayWinners.customerId))
          .where(drawn)
          .orderBy(
            desc(sql`coalesce(${giveaways.drawnAt}, ${giveaways.closesAt})`),
            asc(giveaways.id),
            asc(giveawayWinners.prizeIndex),
          )
          .limit(limit)
          .offset(offset),
        db
          .select({ n: count() })
          .from(giveawayWinners)
          .innerJoin(giveaways, eq(giveaways.id, giveawayWinners.giveawayId))
          .where(drawn),
      );
    },
  };
}

export type MembershipRepository = ReturnType<typeof membershipRepository>;
