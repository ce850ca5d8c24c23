/**
 * The only file of the lotto party calls that touches Drizzle: groups and their members, invite
 * tokens (by hash), sessions with their draw and offer, holdings by member, and the lottery draws a
 * session may be opened on. Reads that a member makes are bound to the member, so another customer's
 * group is simply not found.
 */
import {
  and,
  asc,
  count,
  customers,
  type DbOrTx,
  desc,
  draws,
  eq,
  gameOfferPrices,
  gameOffers,
  gameTypes,
  gt,
  inArray,
  isNull,
  lottoPartyGroups,
  lottoPartyInvites,
  lottoPartyMembers,
  lottoPartySessions,
  lottoPartyShares,
  openDraws,
  productOffers,
  sql,
} from '@drawhouse/db';
import { isUuid } from '../results/index.ts';

export type GroupRow = typeof lottoPartyGroups.$inferSelect;
export type InviteRow = typeof lottoPartyInvites.$inferSelect;
export type SessionRow = typeof lottoPartySessions.$inferSelect;
export type SessionInsert = typeof lottoPartySessions.$inferInsert;
export type DrawRow = typeof draws.$inferSelect;

/** A session with what its answer shows of its group, draw and offer. */
export type SessionRecord = {
  session: SessionRow;
  groupName: string;
  ownerId: string;
  publicityStatus: GroupRow['publicityStatus'];
  draw: { id: string; drawNo: number; productOfferKey: string; stopAt: Date; drawAt: Date };
  offerName: string;
};

export type MemberRecord = {
  groupId: string;
  customerId: string;
  role: 'owner' | 'member';
  firstname: string;
  lastname: string;
};

export type HoldingRecord = {
  sessionId: string;
  customerId: string;
  firstname: string;
  lastname: string;
  shares: number;
  refundCents: number | null;
  prizeCents: number | null;
};

/** The game types whose default game offer a session's pot buys, in order of preference. */
const STANDARD_GAME_TYPES: readonly string[] = ['standard', 'strike_standard', 'sequential'];
const rank = (gameTypeKey: string) => STANDARD_GAME_TYPES.indexOf(gameTypeKey);

/** What a session needs of the offer behind a draw: its standard game offer and one game's prices. */
export type SessionOffer = {
  offerKey: string;
  offerName: string;
  gameOffer: string;
  maxGames: number;
  prices: { games: number; priceCents: number }[];
};

function isUniqueViolationOf(error: unknown, index: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const pg = e as Error & { code?: unknown; constraint?: unknown };
    if (pg.code === '23505' && pg.constraint === index) return true;
  }
  return false;
}

const sessionColumns = {
  session: lottoPartySessions,
  groupName: lottoPartyGroups.name,
  ownerId: lottoPartyGroups.ownerId,
  publicityStatus: lottoPartyGroups.publicityStatus,
  draw: {
    id: draws.id,
    drawNo: draws.drawNo,
    productOfferKey: draws.productOfferKey,
    stopAt: draws.stopAt,
    drawAt: draws.drawAt,
  },
  offerName: productOffers.name,
};

export function lottoPartyRepository(db: DbOrTx) {
  function sessionQuery() {
    return db
      .select(sessionColumns)
      .from(lottoPartySessions)
      .innerJoin(lottoPartyGroups, eq(lottoPartyGroups.id, lottoPartySessions.groupId))
      .innerJoin(draws, eq(draws.id, lottoPartySessions.drawId))
      .innerJoin(productOffers, eq(productOffers.key, draws.productOfferKey));
  }

  /** Open sessions of promoted and public groups whose draw still takes entries. */
  function discoverable(now: Date, drawId?: string) {
    return and(
      eq(lottoPartySessions.status, 'open'),
      inArray(lottoPartyGroups.publicityStatus, ['promoted', 'public']),
      eq(draws.status, 'DRAW_OPEN'),
      gt(draws.stopAt, now),
      drawId ? eq(lottoPartySessions.drawId, drawId) : undefined,
    );
  }

  return {
    /**
     * A new private group with its owner as its first member. `duplicate` when another group has the
     * same name key (the unique index decides, so two creators racing cannot both have it).
     */
    async createGroup(values: { name: string; nameKey: string; ownerId: string }) {
      try {
        const [group] = await db
          .insert(lottoPartyGroups)
          .values({ ...values, publicityStatus: 'private' })
          .returning();
        if (!group) throw new Error('the group was not written');
        await db
          .insert(lottoPartyMembers)
          .values({ groupId: group.id, customerId: values.ownerId, role: 'owner' });
        return { ok: true as const, group };
      } catch (error) {
        if (isUniqueViolationOf(error, 'lotto_party_groups_name_key')) return { ok: false as const };
        throw error;
      }
    },

    /** The group when the customer is one of its members (`lock` holds the group row). */
    async memberGroup(groupId: string, customerId: string, lock = false) {
      if (!isUuid(groupId)) return undefined;
      const query = db
        .select({ group: lottoPartyGroups })
        .from(lottoPartyGroups)
        .innerJoin(
          lottoPartyMembers,
          and(
            eq(lottoPartyMembers.groupId, lottoPartyGroups.id),
            eq(lottoPartyMembers.customerId, customerId),
          ),
        )
        .where(eq(lottoPartyGroups.id, groupId))
        .limit(1);
      const [row] = lock ? await query.for('update', { of: lottoPartyGroups }) : await query;
      return row?.group;
    },

    async isMember(groupId: string, customerId: string): Promise<boolean> {
      if (!isUuid(groupId)) return false;
      const [row] = await db
        .select({ groupId: lottoPartyMembers.groupId })
        .from(lottoPartyMembers)
        .where(and(eq(lottoPartyMembers.groupId, groupId), eq(lottoPartyMembers.customerId, customerId)))
        .limit(1);
      return row !== undefined;
    },

    /** Which of `groupIds` the customer is a member of. */
    async groupsAmong(groupIds: readonly string[], customerId: string): Promise<Set<string>> {
      const ids = [...new Set(groupIds)];
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ groupId: lottoPartyMembers.groupId })
        .from(lottoPartyMembers)
        .where(and(inArray(lottoPartyMembers.groupId, ids), eq(lottoPartyMembers.customerId, customerId)));
      return new Set(rows.map((r) => r.groupId));
    },

    /** Whether the customer holds shares in one of the group's sessions not settled yet (open or closed). */
    async holdsLiveShares(groupId: string, customerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: lottoPartyShares.id })
        .from(lottoPartyShares)
        .innerJoin(lottoPartySessions, eq(lottoPartySessions.id, lottoPartyShares.sessionId))
        .where(
          and(
            eq(lottoPartySessions.groupId, groupId),
            eq(lottoPartyShares.customerId, customerId),
            inArray(lottoPartySessions.status, ['open', 'closed']),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async removeMember(groupId: string, customerId: string): Promise<void> {
      await db
        .delete(lottoPartyMembers)
        .where(and(eq(lottoPartyMembers.groupId, groupId), eq(lottoPartyMembers.customerId, customerId)));
    },

    /** Adds a member; one already in stays as they were. */
    async addMember(groupId: string, customerId: string): Promise<void> {
      await db
        .insert(lottoPartyMembers)
        .values({ groupId, customerId, role: 'member' })
        .onConflictDoNothing({ target: [lottoPartyMembers.groupId, lottoPartyMembers.customerId] });
    },

    /** A page of the customer's groups, newest first. */
    async groupsOf(customerId: string, page: { limit: number; offset: number }) {
      const where = eq(lottoPartyMembers.customerId, customerId);
      const rows = await db
        .select({ group: lottoPartyGroups })
        .from(lottoPartyGroups)
        .innerJoin(lottoPartyMembers, eq(lottoPartyMembers.groupId, lottoPartyGroups.id))
        .where(where)
        .orderBy(desc(lottoPartyGroups.createdAt), desc(lottoPartyGroups.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ n: count() }).from(lottoPartyMembers).where(where);
      return { groups: rows.map((r) => r.group), total: total?.n ?? 0 };
    },

    /** The members of these groups with their names, owners first, then by joining. */
    async membersOf(groupIds: readonly string[]): Promise<MemberRecord[]> {
      if (groupIds.length === 0) return [];
      return db
        .select({
          groupId: lottoPartyMembers.groupId,
          customerId: lottoPartyMembers.customerId,
          role: lottoPartyMembers.role,
          firstname: customers.firstname,
          lastname: customers.lastname,
        })
        .from(lottoPartyMembers)
        .innerJoin(customers, eq(customers.id, lottoPartyMembers.customerId))
        .where(inArray(lottoPartyMembers.groupId, [...groupIds]))
        .orderBy(sql`${lottoPartyMembers.role} = 'owner' desc`, asc(lottoPartyMembers.joinedAt));
    },

    /** A new invite token of the group; the group's earlier tokens are revoked with it. */
    async replaceInvite(
      values: { tokenHash: string; groupId: string; createdBy: string; expiresAt: Date },
      now: Date,
    ) {
      await db
        .update(lottoPartyInvites)
        .set({ revokedAt: now })
        .where(and(eq(lottoPartyInvites.groupId, values.groupId), isNull(lottoPartyInvites.revokedAt)));
      const [invite] = await db
        .insert(lottoPartyInvites)
        .values({ ...values, createdAt: now })
        .returning();
      if (!invite) throw new Error('the invite was not written');
      return invite;
    },

    /** An invite by its token's hash, with its group. */
    async inviteByHash(tokenHash: string) {
      const [row] = await db
        .select({ invite: lottoPartyInvites, group: lottoPartyGroups })
        .from(lottoPartyInvites)
        .innerJoin(lottoPartyGroups, eq(lottoPartyGroups.id, lottoPartyInvites.groupId))
        .where(eq(lottoPartyInvites.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** A draw by id with its offer's type (undefined for an id of the wrong form). */
    async drawById(drawId: string) {
      if (!isUuid(drawId)) return undefined;
      const [row] = await db
        .select({ draw: draws, offerType: productOffers.type, offerName: productOffers.name })
        .from(draws)
        .innerJoin(productOffers, eq(productOffers.key, draws.productOfferKey))
        .where(eq(draws.id, drawId))
        .limit(1);
      return row;
    },

    /** Lottery offers with a standard game offer: the one a session's pot buys, and its prices. */
    async sessionOffers(offerKeys?: readonly string[]): Promise<SessionOffer[]> {
      const rows = await db
        .select({
          offerKey: productOffers.key,
          offerName: productOffers.name,
          ranking: productOffers.ranking,
          gameTypeKey: gameTypes.key,
          gameOffer: gameOffers.key,
          maxGames: gameOffers.maxGames,
        })
        .from(productOffers)
        .innerJoin(gameTypes, eq(gameTypes.productOfferKey, productOffers.key))
        .innerJoin(gameOffers, eq(gameOffers.key, gameTypes.defaultGameOffer))
        .where(
          and(
            eq(productOffers.type, 'lottery_ticket'),
            eq(productOffers.availability, 'available'),
            eq(productOffers.suspended, false),
            inArray(gameTypes.key, [...STANDARD_GAME_TYPES]),
            offerKeys ? inArray(productOffers.key, [...offerKeys]) : undefined,
          ),
        )
        .orderBy(asc(productOffers.ranking), asc(productOffers.key));
      const chosen = new Map<string, (typeof rows)[number]>();
      for (const row of rows) {
        const seen = chosen.get(row.offerKey);
        if (!seen || rank(row.gameTypeKey) < rank(seen.gameTypeKey)) chosen.set(row.offerKey, row);
      }
      const offers = [...chosen.values()];
      if (offers.length === 0) return [];
      const prices = await db
        .select({
          gameOffer: gameOfferPrices.gameOfferKey,
          games: gameOfferPrices.games,
          priceCents: gameOfferPrices.priceCents,
        })
        .from(gameOfferPrices)
        .where(
          inArray(
            gameOfferPrices.gameOfferKey,
            offers.map((o) => o.gameOffer),
          ),
        )
        .orderBy(asc(gameOfferPrices.games));
      return offers.map((o) => ({
        offerKey: o.offerKey,
        offerName: o.offerName,
        gameOffer: o.gameOffer,
        maxGames: o.maxGames,
        prices: prices
          .filter((p) => p.gameOffer === o.gameOffer)
          .map((p) => ({ games: p.games, priceCents: p.priceCents })),
      }));
    },

    /** The draws of these offers that take entries, soonest first. */
    openDraws(offerKeys: readonly string[], now: Date): Promise<DrawRow[]> {
      return openDraws(db, offerKeys, now);
    },

    /** A new open session; `exists` when the group already has a live session on the draw. */
    async createSession(values: SessionInsert) {
      try {
        const [session] = await db.insert(lottoPartySessions).values(values).returning();
        if (!session) throw new Error('the session was not written');
        return { ok: true as const, session };
      } catch (error) {
        if (isUniqueViolationOf(error, 'lotto_party_sessions_group_draw')) return { ok: false as const };
        throw error;
      }
    },

    /** One session with its group, draw and offer. */
    async session(sessionId: string, lock = false): Promise<SessionRecord | undefined> {
      if (!isUuid(sessionId)) return undefined;
      const query = sessionQuery().where(eq(lottoPartySessions.id, sessionId)).limit(1);
      const [row] = lock ? await query.for('update', { of: lottoPartySessions }) : await query;
      return row;
    },

    /** A page of a group's sessions, newest first. */
    async sessionsOfGroup(groupId: string, page: { limit: number; offset: number }) {
      const where = eq(lottoPartySessions.groupId, groupId);
      const rows = await sessionQuery()
        .where(where)
        .orderBy(desc(lottoPartySessions.createdAt), desc(lottoPartySessions.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ n: count() }).from(lottoPartySessions).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** The newest open session of each of these groups. */
    async openSessionsOf(groupIds: readonly string[]): Promise<SessionRecord[]> {
      if (groupIds.length === 0) return [];
      const rows = await sessionQuery()
        .where(and(inArray(lottoPartySessions.groupId, [...groupIds]), eq(lottoPartySessions.status, 'open')))
        .orderBy(desc(lottoPartySessions.createdAt), desc(lottoPartySessions.id));
      const newest = new Map<string, SessionRecord>();
      for (const row of rows) if (!newest.has(row.session.groupId)) newest.set(row.session.groupId, row);
      return [...newest.values()];
    },

    /** A page of the open sessions anyone may find (optionally on one draw), soonest to close first. */
    async discover(now: Date, page: { limit: number; offset: number }, drawId?: string) {
      const where = discoverable(now, drawId);
      const rows = await sessionQuery()
        .where(where)
        .orderBy(asc(draws.stopAt), desc(lottoPartySessions.createdAt), asc(lottoPartySessions.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db
        .select({ n: count() })
        .from(lottoPartySessions)
        .innerJoin(lottoPartyGroups, eq(lottoPartyGroups.id, lottoPartySessions.groupId))
        .innerJoin(draws, eq(draws.id, lottoPartySessions.drawId))
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** Each member's shares in these sessions, with their refund and prize parts (null until paid). */
    async holdingsOf(sessionIds: readonly string[]): Promise<HoldingRecord[]> {
      if (sessionIds.length === 0) return [];
      const rows = await db
        .select({
          sessionId: lottoPartyShares.sessionId,
          customerId: lottoPartyShares.customerId,
          firstname: customers.firstname,
          lastname: customers.lastname,
          shares: sql<string>`sum(${lottoPartyShares.shares})`,
          refundCents: sql<string | null>`sum(${lottoPartyShares.refundCents})`,
          prizeCents: sql<string | null>`sum(${lottoPartyShares.prizeCents})`,
          firstAt: sql`min(${lottoPartyShares.createdAt})`,
        })
        .from(lottoPartyShares)
        .innerJoin(customers, eq(customers.id, lottoPartyShares.customerId))
        .where(inArray(lottoPartyShares.sessionId, [...sessionIds]))
        .groupBy(
          lottoPartyShares.sessionId,
          lottoPartyShares.customerId,
          customers.firstname,
          customers.lastname,
        )
        .orderBy(sql`min(${lottoPartyShares.createdAt})`);
      const cents = (v: string | null) => (v === null ? null : Number(v));
      return rows.map((r) => ({
        sessionId: r.sessionId,
        customerId: r.customerId,
        firstname: r.firstname,
        lastname: r.lastname,
        shares: Number(r.shares),
        refundCents: cents(r.refundCents),
        prizeCents: cents(r.prizeCents),
      }));
    },

    async setPublicity(groupId: string, status: GroupRow['publicityStatus']) {
      await db
        .update(lottoPartyGroups)
        .set({ publicityStatus: status })
        .where(eq(lottoPartyGroups.id, groupId));
    },

    async setAutosession(sessionId: string, status: SessionRow['autosessionStatus']) {
      await db
        .update(lottoPartySessions)
        .set({ autosessionStatus: status })
        .where(eq(lottoPartySessions.id, sessionId));
    },
  };
}

export type LottoPartyRepository = ReturnType<typeof lottoPartyRepository>;
