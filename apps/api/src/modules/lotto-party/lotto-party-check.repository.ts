/**
 * What `draw:check` reads of a lottery draw's lotto party sessions: each session's money figures
 * against its share rows, its prize remainder and the ledger.
 */
import {
  and,
  type DbOrTx,
  eq,
  inArray,
  ledgerTransfers,
  lottoPartySessions,
  lottoPartyShares,
  prizeRemainders,
  sql,
} from '@drawhouse/db';

export function lottoPartyCheckQueries(db: DbOrTx) {
  return {
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
