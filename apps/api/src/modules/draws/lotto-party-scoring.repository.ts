/**
 * What the draw's scoring and `draw:check` read of the lotto party sessions in a lottery draw: the
 * entries bought at the close (scored with the tickets, so they count among a division's winners)
 * and each session's money figures against its share rows, its prize remainder and the ledger.
 */
import {
  and,
  type DbOrTx,
  eq,
  gameOffers,
  inArray,
  ledgerTransfers,
  lottoPartySessions,
  lottoPartyShares,
  prizeRemainders,
  sql,
} from '@drawhouse/db';

/** A session's bought entry, as the scorer takes it. */
export type SessionEntry = {
  id: string;
  gameType: string;
  games: { numbers: number[]; powerball?: number[] }[];
};

export function lottoPartyScoringRepository(db: DbOrTx) {
  return {
    /** Entries of the draw's sessions that bought one (closed, or paid once settled). */
    async sessionEntries(drawId: string): Promise<SessionEntry[]> {
      const rows = await db
        .select({
          id: lottoPartySessions.id,
          gameType: gameOffers.gameTypeKey,
          games: lottoPartySessions.games,
        })
        .from(lottoPartySessions)
        .innerJoin(gameOffers, eq(gameOffers.key, lottoPartySessions.gameOffer))
        .where(
          and(
            eq(lottoPartySessions.drawId, drawId),
            inArray(lottoPartySessions.status, ['closed', 'paid']),
            sql`${lottoPartySessions.games} is not null`,
          ),
        )
        .orderBy(lottoPartySessions.id);
      return rows.map((r) => ({
        id: r.id,
        gameType: r.gameType,
        games: (r.games ?? []).map((g) => ({
          numbers: g.numbers ?? [],
          ...(g.powerball ? { powerball: g.powerball } : {}),
        })),
      }));
    },

    /** The draw's sessions whose prize waits for an operator's approval, with that prize. */
    async heldSessions(drawId: string): Promise<{ sessionId: string; prizeCents: number }[]> {
      const rows = await db
        .select({ sessionId: lottoPartySessions.id, prizeCents: lottoPartySessions.prizeCents })
        .from(lottoPartySessions)
        .where(
          and(
            eq(lottoPartySessions.drawId, drawId),
            eq(lottoPartySessions.status, 'closed'),
            eq(lottoPartySessions.held, true),
          ),
        )
        .orderBy(lottoPartySessions.createdAt, lottoPartySessions.id);
      return rows.map((r) => ({ sessionId: r.sessionId, prizeCents: Number(r.prizeCents ?? 0) }));
    },

    /** Every session of the draw (not open) with the sums of its share rows. */
    async sessionFigures(drawId: string) {
      return db
        .select({
          session: lottoPartySessions,
          holders: sql<number>`count(${lottoPartyShares.id})::int`,
          sharesHeld: sql<number>`coalesce(sum(${lottoPartyShares.shares}), 0)::int`,
          paidCents: sql<number>`coalesce(sum(${lottoPartyShares.paidCents}), 0)::bigint`.mapWith(Number),
          refundCents: sql<number>`coalesce(sum(${lottoPartyShares.refundCents}), 0)::bigint`.mapWith(Number),
          prizePartsCents: sql<number>`coalesce(sum(${lottoPartyShares.prizeCents}), 0)::bigint`.mapWith(
            Number,
          ),
        })
        .from(lottoPartySessions)
        .leftJoin(lottoPartyShares, eq(lottoPartyShares.sessionId, lottoPartySessions.id))
        .where(and(eq(lottoPartySessions.drawId, drawId), sql`${lottoPartySessions.status} <> 'open'`))
        .groupBy(lottoPartySessions.id)
        .orderBy(lottoPartySessions.id);
    },

    /** A session's share rows (their refund and prize parts). */
    async sharesOf(sessionId: string) {
      return db
        .select()
        .from(lottoPartyShares)
        .where(eq(lottoPartyShares.sessionId, sessionId))
        .orderBy(lottoPartyShares.id);
    },

    /** The prize remainder recorded for a session's entry. */
    async remainderOf(drawId: string, sessionId: string) {
      const [row] = await db
        .select()
        .from(prizeRemainders)
        .where(and(eq(prizeRemainders.drawId, drawId), eq(prizeRemainders.entryKey, sessionId)))
        .limit(1);
      return row;
    },

    /** Sums of the ledger transfers with these ids, by id. */
    async transferAmounts(ids: string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: ledgerTransfers.id, amountCents: ledgerTransfers.amountCents })
        .from(ledgerTransfers)
        .where(inArray(ledgerTransfers.id, ids));
      return new Map(rows.map((r) => [r.id, Number(r.amountCents)]));
    },
  };
}
