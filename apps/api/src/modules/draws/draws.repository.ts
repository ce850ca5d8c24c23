/**
 * The draw engine's reads and writes of a draw itself, shared by its steps: a draw with its offer
 * (locked when a step claims it), its status moved once (`where status = X returning`), its
 * lottery, result and divisions, and what a raffle or syndicate draw holds. Each step's own writes are
 * in a repository of its own (draw-close, draw-results, scoring, syndicate-fill, payouts,
 * announcements, draw-check); only these files of the module touch the database.
 */
import {
  and,
  asc,
  type DbOrTx,
  drawPrizeDivisions,
  type drawResultEntries,
  drawResults,
  draws,
  eq,
  lotteries,
  productOffers,
  raffleDrawSeeds,
  rafflePrizes,
  type SQL,
  sql,
  syndicateEntries,
  type ticketPayouts,
  type ticketWins,
} from '@drawhouse/db';

export type DrawRow = typeof draws.$inferSelect;
export type OfferRow = Pick<
  typeof productOffers.$inferSelect,
  'key' | 'type' | 'name' | 'lotteryKey' | 'syndicateTickets' | 'syndicateTotalShares'
>;
export type DrawWithOffer = { draw: DrawRow; offer: OfferRow };
export type EntryRow = typeof drawResultEntries.$inferSelect;
export type ResultRow = typeof drawResults.$inferSelect;
export type DivisionRow = typeof drawPrizeDivisions.$inferSelect;
export type WinRow = typeof ticketWins.$inferInsert;
/** A priced winning line of a lottery ticket, as scoring makes it. */
export type WinLine = {
  ticketId: string;
  customerId: string;
  gameIndex: number;
  division: number;
  combos: number;
  prizeCents: number;
};
export type PayoutInsert = typeof ticketPayouts.$inferInsert;
export type SoldTicket = {
  id: string;
  customerId: string;
  games: { numbers: number[]; powerball?: number[] }[];
  gameType: string;
};
export type ClaimedPayout = { ticketId: string; customerId: string; prizeCents: number };
export type WinnerToTell = ClaimedPayout & {
  email: string;
  firstname: string;
  prizeNames: string[];
};

const offerColumns = {
  key: productOffers.key,
  type: productOffers.type,
  name: productOffers.name,
  lotteryKey: productOffers.lotteryKey,
  syndicateTickets: productOffers.syndicateTickets,
  syndicateTotalShares: productOffers.syndicateTotalShares,
};

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** Postgres refused a duplicate (a unique index). */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === '23505';
}

/** A draw with its offer, found by `where`; `lock` takes the draw row for the caller's transaction. */
export function drawsWithOffer(db: DbOrTx, where: SQL | undefined, lock?: 'wait' | 'skip') {
  const query = db
    .select({ draw: draws, offer: offerColumns })
    .from(draws)
    .innerJoin(productOffers, eq(productOffers.key, draws.productOfferKey))
    .where(where)
    .limit(1);
  if (lock === 'wait') return query.for('update', { of: draws });
  if (lock === 'skip') return query.for('update', { of: draws, skipLocked: true });
  return query;
}

export function drawsRepository(db: DbOrTx) {
  return {
    async drawByNo(offerKey: string, drawNo: number): Promise<DrawWithOffer | undefined> {
      const [row] = await drawsWithOffer(
        db,
        and(eq(draws.productOfferKey, offerKey), eq(draws.drawNo, drawNo)),
      );
      return row;
    },

    async drawById(id: string, lock?: 'wait' | 'skip'): Promise<DrawWithOffer | undefined> {
      const [row] = await drawsWithOffer(db, eq(draws.id, id), lock);
      return row;
    },

    /** The draw locked for this transaction when it is in `status` (skipped when another holds it). */
    async claim(id: string, status: DrawRow['status']): Promise<DrawWithOffer | undefined> {
      const [row] = await drawsWithOffer(db, and(eq(draws.id, id), eq(draws.status, status)), 'skip');
      return row;
    },

    async lottery(key: string) {
      const [row] = await db.select().from(lotteries).where(eq(lotteries.key, key)).limit(1);
      return row;
    },

    /** Moves a draw from `from` to `to` once; answers whether this call moved it. */
    async move(
      id: string,
      from: DrawRow['status'],
      to: DrawRow['status'],
      stamps: Partial<Pick<DrawRow, 'closedAt' | 'publishedAt' | 'scoredAt' | 'paidAt' | 'emailedAt'>>,
    ): Promise<boolean> {
      const rows = await db
        .update(draws)
        .set({ status: to, ...stamps })
        .where(and(eq(draws.id, id), eq(draws.status, from)))
        .returning({ id: draws.id });
      return rows.length === 1;
    },

    async result(drawId: string): Promise<ResultRow | undefined> {
      const [row] = await db.select().from(drawResults).where(eq(drawResults.drawId, drawId)).limit(1);
      return row;
    },

    divisions(drawId: string): Promise<DivisionRow[]> {
      return db
        .select()
        .from(drawPrizeDivisions)
        .where(eq(drawPrizeDivisions.drawId, drawId))
        .orderBy(asc(drawPrizeDivisions.division));
    },

    async raffleSeed(drawId: string) {
      const [row] = await db
        .select()
        .from(raffleDrawSeeds)
        .where(eq(raffleDrawSeeds.drawId, drawId))
        .limit(1);
      return row;
    },

    rafflePrizes(offerKey: string) {
      return db
        .select()
        .from(rafflePrizes)
        .where(eq(rafflePrizes.productOfferKey, offerKey))
        .orderBy(asc(rafflePrizes.rank));
    },

    async raffleNumbersSold(drawId: string): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(
        db,
        sql`select ((select count(*) from raffle_ticket_numbers where draw_id = ${drawId})
          + (select count(*) from raffle_postal_entries where draw_id = ${drawId}))::int as n`,
      );
      return row?.n ?? 0;
    },

    /** Games sold into a draw, counted from its tickets (a system entry counts once). */
    async gamesSold(drawId: string): Promise<{ tickets: number; games: number }> {
      const [row] = await rowsOf<{ tickets: number; games: number }>(
        db,
        sql`select count(*)::int as tickets, coalesce(sum(jsonb_array_length(games)), 0)::int as games
          from tickets where draw_id = ${drawId}`,
      );
      return row ?? { tickets: 0, games: 0 };
    },

    async syndicateEntry(drawId: string) {
      const [row] = await db
        .select()
        .from(syndicateEntries)
        .where(eq(syndicateEntries.drawId, drawId))
        .limit(1);
      return row;
    },
  };
}

export type DrawsRepository = ReturnType<typeof drawsRepository>;
