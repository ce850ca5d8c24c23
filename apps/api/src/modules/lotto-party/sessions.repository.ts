/**
 * Lotto party sessions with their group, draw and offer: a new one (one live session per group and
 * draw), one by id (locked when a use case changes it), a group's sessions and groups' open ones,
 * discovery of promoted and public groups' open sessions, each member's holdings in sessions, and a
 * session's autosession.
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
  gt,
  inArray,
  lottoPartyGroups,
  lottoPartySessions,
  lottoPartyShares,
  productOffers,
  sql,
} from '@drawhouse/db';
import { isUuid } from '../results/index.ts';
import { type GroupRow, isUniqueViolationOf } from './groups.repository.ts';

export type SessionRow = typeof lottoPartySessions.$inferSelect;
export type SessionInsert = typeof lottoPartySessions.$inferInsert;

/** A session with what its answer shows of its group, draw and offer. */
export type SessionRecord = {
  session: SessionRow;
  groupName: string;
  ownerId: string;
  publicityStatus: GroupRow['publicityStatus'];
  draw: { id: string; drawNo: number; productOfferKey: string; stopAt: Date; drawAt: Date };
  offerName: string;
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

export function sessionsRepository(db: DbOrTx) {
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

    async setAutosession(sessionId: string, status: SessionRow['autosessionStatus']) {
      await db
        .update(lottoPartySessions)
        .set({ autosessionStatus: status })
        .where(eq(lottoPartySessions.id, sessionId));
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
