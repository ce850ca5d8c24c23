/**
 * What the draw engine reads of the lotto party sessions in a lottery draw: the entries bought at
 * the close (scored with the tickets, so they count among a division's winners, and counted again by
 * `draw:check`), and the sessions whose prize waits for an operator's release.
 */
import { and, type DbOrTx, eq, gameOffers, inArray, lottoPartySessions, sql } from '@drawhouse/db';

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
  };
}
