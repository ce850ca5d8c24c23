/**
 * Scoring (DRAW_DRAWN -> DRAW_SCORED): tickets read in keyset batches, winning lines and payouts
 * written in bulk (`on conflict do nothing`), divisions' figures, the tally, a syndicate's entry and
 * its split.
 */
import {
  and,
  type DbOrTx,
  drawPrizeDivisions,
  drawTallies,
  eq,
  type PayoutStatus,
  prizeRemainders,
  sql,
  syndicateEntries,
  ticketPayouts,
  ticketWins,
} from '@drawhouse/db';
import { type PayoutInsert, rowsOf, type SoldTicket, type WinLine, type WinRow } from './draws.repository.ts';

export function scoringRepository(db: DbOrTx) {
  return {
    /** One batch of the draw's tickets after `afterId` (keyset by id), with their game type. */
    async ticketBatch(drawId: string, afterId: string | null, limit: number): Promise<SoldTicket[]> {
      const after = afterId ? sql`and t.id > ${afterId}` : sql``;
      const rows = await rowsOf<{
        id: string;
        customer_id: string;
        games: SoldTicket['games'];
        game_type: string;
      }>(
        db,
        sql`select t.id, t.customer_id, t.games, o.payload->>'gameType' as game_type
          from tickets t join orders o on o.id = t.order_id
          where t.draw_id = ${drawId} ${after} order by t.id limit ${limit}`,
      );
      return rows.map((r) => ({
        id: r.id,
        customerId: r.customer_id,
        games: r.games,
        gameType: r.game_type,
      }));
    },

    async insertWins(rows: WinRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 2000) {
        await db
          .insert(ticketWins)
          .values(rows.slice(i, i + 2000))
          .onConflictDoNothing();
      }
    },

    /** Priced winning lines in bulk (one statement per 10,000, arrays unnested), once each. */
    async insertWinLines(drawId: string, lines: readonly WinLine[]): Promise<void> {
      for (let i = 0; i < lines.length; i += 10_000) {
        const chunk = lines.slice(i, i + 10_000);
        await db.execute(
          sql`insert into ticket_wins (ticket_id, game_index, division, draw_id, customer_id, combos, prize_cents)
            select t, g, d, ${drawId}, c, n, p from unnest(
              ${sql.param(chunk.map((l) => l.ticketId))}::uuid[], ${sql.param(chunk.map((l) => l.gameIndex))}::int[],
              ${sql.param(chunk.map((l) => l.division))}::int[], ${sql.param(chunk.map((l) => l.customerId))}::uuid[],
              ${sql.param(chunk.map((l) => l.combos))}::int[], ${sql.param(chunk.map((l) => l.prizeCents))}::bigint[]
            ) as x(t, g, d, c, n, p)
            on conflict do nothing`,
        );
      }
    },

    /** One payout per winning ticket in bulk: pending, held (over the approval threshold) or prize_pending. */
    async insertPayoutRows(
      drawId: string,
      rows: readonly { ticketId: string; customerId: string; prizeCents: number; status: PayoutStatus }[],
    ): Promise<void> {
      for (let i = 0; i < rows.length; i += 10_000) {
        const chunk = rows.slice(i, i + 10_000);
        await db.execute(
          sql`insert into ticket_payouts (ticket_id, draw_id, customer_id, prize_cents, status)
            select t, ${drawId}, c, p, s from unnest(
              ${sql.param(chunk.map((r) => r.ticketId))}::uuid[], ${sql.param(chunk.map((r) => r.customerId))}::uuid[],
              ${sql.param(chunk.map((r) => r.prizeCents))}::bigint[], ${sql.param(chunk.map((r) => r.status))}::text[]
            ) as x(t, c, p, s)
            on conflict (ticket_id) do nothing`,
        );
      }
    },

    /** Sets each division's winners and prize per winning game. */
    async setDivisionFigures(
      drawId: string,
      figures: { division: number; winners: number; prizeCents: number }[],
    ): Promise<void> {
      for (const f of figures) {
        await db
          .update(drawPrizeDivisions)
          .set({ winners: f.winners, prizeCents: f.prizeCents })
          .where(and(eq(drawPrizeDivisions.drawId, drawId), eq(drawPrizeDivisions.division, f.division)));
      }
    },

    /** A syndicate draw scored while a prize was awaited: its waiting payouts and tally, to score again. */
    async dropAwaitingScore(drawId: string): Promise<void> {
      await db
        .delete(ticketPayouts)
        .where(and(eq(ticketPayouts.drawId, drawId), eq(ticketPayouts.status, 'prize_pending')));
      await db.delete(drawTallies).where(eq(drawTallies.drawId, drawId));
    },

    /**
     * One payout per winning ticket: the sum of its lines (0 for a prize that is not money), held
     * when over the approval threshold.
     */
    async insertPayoutsFromWins(drawId: string, thresholdCents: number): Promise<void> {
      await db.execute(
        sql`insert into ticket_payouts (ticket_id, draw_id, customer_id, prize_cents, status)
          select ticket_id, draw_id, customer_id, sum(coalesce(prize_cents, 0)),
            case when sum(coalesce(prize_cents, 0)) > ${thresholdCents} then 'held' else 'pending' end
          from ticket_wins where draw_id = ${drawId}
          group by ticket_id, draw_id, customer_id
          on conflict (ticket_id) do nothing`,
      );
    },

    async insertPayouts(rows: PayoutInsert[]): Promise<void> {
      if (rows.length > 0) await db.insert(ticketPayouts).values(rows).onConflictDoNothing();
    },

    async insertTally(row: typeof drawTallies.$inferInsert): Promise<void> {
      await db.insert(drawTallies).values(row).onConflictDoNothing();
    },

    async lineTotals(drawId: string): Promise<{ lines: number; prizeCents: number }> {
      const [row] = await rowsOf<{ lines: number; cents: string | null }>(
        db,
        sql`select count(*)::int as lines, sum(coalesce(prize_cents, 0)) as cents from ticket_wins where draw_id = ${drawId}`,
      );
      return { lines: row?.lines ?? 0, prizeCents: Number(row?.cents ?? 0) };
    },

    /** The tickets holding these numbers in the draw. */
    async raffleHolders(drawId: string, numbers: number[]) {
      if (numbers.length === 0) return [];
      const list = sql.join(
        numbers.map((n) => sql`${n}`),
        sql`, `,
      );
      return rowsOf<{ number: number; ticket_id: string; customer_id: string }>(
        db,
        sql`select n.number, n.ticket_id, t.customer_id from raffle_ticket_numbers n
          join tickets t on t.id = n.ticket_id
          where n.draw_id = ${drawId} and n.number in (${list})`,
      );
    },

    async insertSyndicateEntry(row: typeof syndicateEntries.$inferInsert): Promise<void> {
      await db.insert(syndicateEntries).values(row).onConflictDoNothing();
    },

    async setSyndicatePrize(drawId: string, prizeCents: number): Promise<void> {
      await db.update(syndicateEntries).set({ prizeCents }).where(eq(syndicateEntries.drawId, drawId));
    },

    /** The share tickets of a syndicate draw. */
    shareTickets(drawId: string) {
      return rowsOf<{ id: string; customer_id: string; num_shares: number }>(
        db,
        sql`select id, customer_id, num_shares from tickets where draw_id = ${drawId} and num_shares > 0 order by id`,
      );
    },

    async insertRemainder(row: typeof prizeRemainders.$inferInsert): Promise<void> {
      await db.insert(prizeRemainders).values(row).onConflictDoNothing();
    },
  };
}

export type ScoringRepository = ReturnType<typeof scoringRepository>;
