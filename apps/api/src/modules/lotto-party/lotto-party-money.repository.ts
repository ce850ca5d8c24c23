/**
 * The lotto party's money side: what the cart and checkout read and take of a session, the close
 * (entry bought, leftover refunded) and the settlement (prize split). The only file of the buying
 * side that touches Drizzle.
 */
import {
  and,
  asc,
  customers,
  type DbOrTx,
  desc,
  drawPrizeDivisions,
  drawResults,
  draws,
  eq,
  gameOfferPrices,
  gameOffers,
  gt,
  lottoPartyGroups,
  lottoPartyMembers,
  lottoPartySessions,
  lottoPartyShares,
  orders,
  prizeRemainders,
  productOffers,
  sql,
} from '@drawhouse/db';
import { groupsRepository } from './groups.repository.ts';

export type SessionRow = typeof lottoPartySessions.$inferSelect;
export type ShareRow = typeof lottoPartyShares.$inferSelect;
export type GroupRow = typeof lottoPartyGroups.$inferSelect;
export type DrawRow = typeof draws.$inferSelect;

/** A session as the cart prices it: its group, its draw, its offer's name and whether the customer is a member. */
export type SessionForCart = {
  session: SessionRow;
  group: GroupRow;
  draw: DrawRow;
  offerName: string;
  isMember: boolean;
};

export function lottoPartyMoney(db: DbOrTx) {
  /** A session with its group, its draw and its offer's name: what every read of one joins. */
  const sessionWithGroup = () =>
    db
      .select({
        session: lottoPartySessions,
        group: lottoPartyGroups,
        draw: draws,
        offerName: productOffers.name,
      })
      .from(lottoPartySessions)
      .innerJoin(lottoPartyGroups, eq(lottoPartyGroups.id, lottoPartySessions.groupId))
      .innerJoin(draws, eq(draws.id, lottoPartySessions.drawId))
      .innerJoin(productOffers, eq(productOffers.key, lottoPartySessions.productOfferKey));

  return {
    /** A session with what the cart needs of it; undefined when there is no such session. */
    async sessionForCart(sessionId: string, customerId: string | null): Promise<SessionForCart | undefined> {
      const [row] = await sessionWithGroup().where(eq(lottoPartySessions.id, sessionId)).limit(1);
      if (!row) return undefined;
      const isMember = customerId ? await groupsRepository(db).isMember(row.group.id, customerId) : false;
      return { ...row, isMember };
    },

    /**
     * Takes `count` shares of a session in one guarded update: the session open, its draw still taking
     * entries and the shares left. Answers false (nothing changed) otherwise; the row's check refuses
     * an oversell whatever runs at once.
     */
    async takeShares(sessionId: string, count: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(lottoPartySessions)
        .set({ sharesSold: sql`${lottoPartySessions.sharesSold} + ${count}` })
        .where(
          and(
            eq(lottoPartySessions.id, sessionId),
            eq(lottoPartySessions.status, 'open'),
            sql`${lottoPartySessions.sharesSold} + ${count} <= ${lottoPartySessions.totalShares}`,
            sql`exists (select 1 from ${draws} where ${draws.id} = ${lottoPartySessions.drawId}
              and ${draws.status} = 'DRAW_OPEN' and ${draws.stopAt} > ${now})`,
          ),
        )
        .returning({ groupId: lottoPartySessions.groupId });
      return rows.length > 0;
    },

    async insertShare(row: typeof lottoPartyShares.$inferInsert): Promise<void> {
      await db.insert(lottoPartyShares).values(row);
    },

    /** Makes the customer a member of a promoted or public group (a private group's buyers are members already). */
    async joinOpenGroup(sessionId: string, customerId: string): Promise<void> {
      await db.execute(sql`insert into ${lottoPartyMembers} (group_id, customer_id, role)
        select g.id, ${customerId}, 'member' from ${lottoPartySessions} s
        join ${lottoPartyGroups} g on g.id = s.group_id
        where s.id = ${sessionId} and g.publicity_status in ('promoted', 'public')
        on conflict do nothing`);
    },

    /** Sessions of a draw in a status, oldest first. */
    async sessionIdsOfDraw(drawId: string, status: SessionRow['status']): Promise<string[]> {
      const rows = await db
        .select({ id: lottoPartySessions.id })
        .from(lottoPartySessions)
        .where(and(eq(lottoPartySessions.drawId, drawId), eq(lottoPartySessions.status, status)))
        .orderBy(asc(lottoPartySessions.createdAt), asc(lottoPartySessions.id));
      return rows.map((r) => r.id);
    },

    /** A session locked until the transaction ends, with its draw and group. */
    async lockSession(sessionId: string) {
      const [row] = await sessionWithGroup()
        .where(eq(lottoPartySessions.id, sessionId))
        .limit(1)
        .for('update', { of: lottoPartySessions });
      return row;
    },

    /** The game offer a session buys and the price of one game (undefined when the catalogue has none). */
    async gameOfferWithPrice(gameOfferKey: string) {
      const [offer] = await db.select().from(gameOffers).where(eq(gameOffers.key, gameOfferKey)).limit(1);
      if (!offer) return undefined;
      const [price] = await db
        .select({ priceCents: gameOfferPrices.priceCents })
        .from(gameOfferPrices)
        .where(and(eq(gameOfferPrices.gameOfferKey, gameOfferKey), eq(gameOfferPrices.games, 1)))
        .limit(1);
      return price ? { offer, gamePriceCents: price.priceCents } : undefined;
    },

    /** A session's share rows with their buyers' names and emails, in id order. */
    async sharesOf(sessionId: string) {
      return db
        .select({
          share: lottoPartyShares,
          checkoutId: orders.checkoutId,
          firstname: customers.firstname,
          email: customers.email,
        })
        .from(lottoPartyShares)
        .innerJoin(customers, eq(customers.id, lottoPartyShares.customerId))
        .innerJoin(orders, eq(orders.id, lottoPartyShares.orderId))
        .where(eq(lottoPartyShares.sessionId, sessionId))
        .orderBy(asc(lottoPartyShares.id));
    },

    async setShareRefund(shareId: string, cents: number): Promise<void> {
      await db.update(lottoPartyShares).set({ refundCents: cents }).where(eq(lottoPartyShares.id, shareId));
    },

    async setSharePrize(shareId: string, cents: number): Promise<void> {
      await db.update(lottoPartyShares).set({ prizeCents: cents }).where(eq(lottoPartyShares.id, shareId));
    },

    /** Moves an open session to closed (its entry) or cancelled; false when it was not open. */
    async finishSelling(
      sessionId: string,
      values: Pick<SessionRow, 'status' | 'games' | 'spentCents' | 'refundedCents' | 'closedAt'>,
    ): Promise<boolean> {
      const rows = await db
        .update(lottoPartySessions)
        .set(values)
        .where(and(eq(lottoPartySessions.id, sessionId), eq(lottoPartySessions.status, 'open')))
        .returning({ id: lottoPartySessions.id });
      return rows.length > 0;
    },

    /**
     * Moves a closed session to paid with its entry's prize (a held one only when an operator approved
     * it); false when it was not closed, or held without approval.
     */
    async markPaid(sessionId: string, prizeCents: number, approvedBy?: string): Promise<boolean> {
      const rows = await db
        .update(lottoPartySessions)
        .set({ status: 'paid', prizeCents, held: false, ...(approvedBy ? { approvedBy } : {}) })
        .where(
          and(
            eq(lottoPartySessions.id, sessionId),
            eq(lottoPartySessions.status, 'closed'),
            eq(lottoPartySessions.held, approvedBy !== undefined),
          ),
        )
        .returning({ id: lottoPartySessions.id });
      return rows.length > 0;
    },

    /** Holds a closed session's prize for an operator's approval (it stays closed); false when it was not closed. */
    async holdPrize(sessionId: string, prizeCents: number): Promise<boolean> {
      const rows = await db
        .update(lottoPartySessions)
        .set({ held: true, prizeCents })
        .where(
          and(
            eq(lottoPartySessions.id, sessionId),
            eq(lottoPartySessions.status, 'closed'),
            eq(lottoPartySessions.held, false),
          ),
        )
        .returning({ id: lottoPartySessions.id });
      return rows.length > 0;
    },

    /** The draw's sessions whose prize waits for approval, oldest first. */
    async heldSessionIdsOfDraw(drawId: string): Promise<string[]> {
      const rows = await db
        .select({ id: lottoPartySessions.id })
        .from(lottoPartySessions)
        .where(
          and(
            eq(lottoPartySessions.drawId, drawId),
            eq(lottoPartySessions.status, 'closed'),
            eq(lottoPartySessions.held, true),
          ),
        )
        .orderBy(asc(lottoPartySessions.createdAt), asc(lottoPartySessions.id));
      return rows.map((r) => r.id);
    },

    /** The offer's soonest draw on sale after `after` (the next session's draw). */
    async nextDrawOnSale(offerKey: string, after: Date, now: Date): Promise<DrawRow | undefined> {
      const [row] = await db
        .select()
        .from(draws)
        .where(
          and(
            eq(draws.productOfferKey, offerKey),
            eq(draws.status, 'DRAW_OPEN'),
            gt(draws.stopAt, now),
            gt(draws.drawAt, after),
          ),
        )
        .orderBy(asc(draws.drawAt), asc(draws.drawNo))
        .limit(1);
      return row;
    },

    /**
     * Opens the session after `previous` on `drawId` (same price, shares and autosession) and links it
     * as `next_session_id`. A session of the group on that draw already there is linked instead.
     */
    async openNextSession(previous: SessionRow, drawId: string, now: Date): Promise<string | undefined> {
      const [made] = await db
        .insert(lottoPartySessions)
        .values({
          groupId: previous.groupId,
          drawId,
          productOfferKey: previous.productOfferKey,
          gameOffer: previous.gameOffer,
          sharePriceCents: previous.sharePriceCents,
          totalShares: previous.totalShares,
          autosessionStatus: previous.autosessionStatus,
          createdBy: previous.createdBy,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: lottoPartySessions.id });
      const nextId =
        made?.id ??
        (
          await db
            .select({ id: lottoPartySessions.id })
            .from(lottoPartySessions)
            .where(
              and(
                eq(lottoPartySessions.groupId, previous.groupId),
                eq(lottoPartySessions.drawId, drawId),
                sql`${lottoPartySessions.status} <> 'cancelled'`,
              ),
            )
            .orderBy(desc(lottoPartySessions.createdAt))
            .limit(1)
        )[0]?.id;
      if (nextId) {
        await db
          .update(lottoPartySessions)
          .set({ nextSessionId: nextId })
          .where(eq(lottoPartySessions.id, previous.id));
      }
      return nextId;
    },

    /** The draw's published result and its divisions' prize per winning game (as scoring priced them). */
    async scoredResult(drawId: string) {
      const [result] = await db.select().from(drawResults).where(eq(drawResults.drawId, drawId)).limit(1);
      const divisions = await db
        .select({ division: drawPrizeDivisions.division, prizeCents: drawPrizeDivisions.prizeCents })
        .from(drawPrizeDivisions)
        .where(eq(drawPrizeDivisions.drawId, drawId));
      return result ? { result, divisions } : undefined;
    },

    async insertRemainder(row: typeof prizeRemainders.$inferInsert): Promise<void> {
      await db.insert(prizeRemainders).values(row).onConflictDoNothing();
    },

    /** The offer's lottery key (what scores its draws). */
    async lotteryKeyOf(offerKey: string): Promise<string | null> {
      const [row] = await db
        .select({ lotteryKey: productOffers.lotteryKey })
        .from(productOffers)
        .where(eq(productOffers.key, offerKey))
        .limit(1);
      return row?.lotteryKey ?? null;
    },

    /** A member's orders in a session, newest first, each with its share row. */
    async ordersInSession(sessionId: string, customerId: string) {
      return db
        .select({ order: orders, share: lottoPartyShares })
        .from(orders)
        .leftJoin(lottoPartyShares, eq(lottoPartyShares.orderId, orders.id))
        .where(and(eq(orders.socialSyndicateId, sessionId), eq(orders.customerId, customerId)))
        .orderBy(desc(orders.createdAt), desc(orders.id));
    },

    /** A session with its group, draw and offer name, when the customer is a member of its group. */
    async sessionOfMember(sessionId: string, customerId: string) {
      const [row] = await sessionWithGroup()
        .innerJoin(
          lottoPartyMembers,
          and(
            eq(lottoPartyMembers.groupId, lottoPartySessions.groupId),
            eq(lottoPartyMembers.customerId, customerId),
          ),
        )
        .where(eq(lottoPartySessions.id, sessionId))
        .limit(1);
      return row;
    },
  };
}

export type LottoPartyMoney = ReturnType<typeof lottoPartyMoney>;
