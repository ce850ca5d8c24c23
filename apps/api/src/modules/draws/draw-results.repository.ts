/**
 * Results arriving (DRAW_CLOSED -> DRAW_DRAWN): operators' entries, the published result and its
 * divisions, the draw a syndicate or Lotto Strike takes its balls from, a raffle's winners, and
 * prizes entered after scoring.
 */
import {
  and,
  asc,
  type DbOrTx,
  drawPrizeDivisions,
  drawResultEntries,
  drawResults,
  draws,
  eq,
  inArray,
  productOffers,
  raffleDrawSeeds,
  type SQL,
  sql,
} from '@drawhouse/db';
import { type DrawRow, drawsRepository, type EntryRow, rowsOf } from './draws.repository.ts';

/** A lottery offer's draw: the lottery's own offer (key = lottery key, or `preferKey`) first. */
async function lotteryDrawWhere(
  db: DbOrTx,
  where: SQL | undefined,
  preferKey?: string,
): Promise<DrawRow | undefined> {
  const [row] = await db
    .select({ draw: draws })
    .from(draws)
    .innerJoin(productOffers, eq(productOffers.key, draws.productOfferKey))
    .where(and(eq(productOffers.type, 'lottery_ticket'), where))
    .orderBy(sql`${productOffers.key} = ${preferKey ?? productOffers.lotteryKey} desc`)
    .limit(1);
  return row?.draw;
}

export function drawResultsRepository(db: DbOrTx) {
  return {
    /** A draw's entries (of one kind: its results or its prizes), oldest first. */
    entries(drawId: string, kind?: EntryRow['kind']): Promise<EntryRow[]> {
      return db
        .select()
        .from(drawResultEntries)
        .where(
          and(
            eq(drawResultEntries.drawId, drawId),
            kind === undefined ? undefined : eq(drawResultEntries.kind, kind),
          ),
        )
        .orderBy(asc(drawResultEntries.createdAt), asc(drawResultEntries.id));
    },

    async insertEntry(row: typeof drawResultEntries.$inferInsert): Promise<EntryRow> {
      const [inserted] = await db.insert(drawResultEntries).values(row).returning();
      if (!inserted) throw new Error('result entry was not written');
      return inserted;
    },

    async setEntryStatus(ids: string[], status: EntryRow['status'], differences?: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(drawResultEntries)
        .set({ status, ...(differences ? { differences } : {}) })
        .where(inArray(drawResultEntries.id, ids));
    },

    /** Writes the published result (none for a raffle: its proof is on the seed row) and its divisions (once), then moves the draw to DRAW_DRAWN. */
    async publish(
      drawId: string,
      result: { numbers: Record<string, number[]>; supplementary: number[] } | null,
      divisions: { division: number; description: string; prizeCents: number; winners?: number }[],
      now: Date,
    ): Promise<boolean> {
      if (result) {
        await db
          .insert(drawResults)
          .values({ drawId, numbers: result.numbers, supplementary: result.supplementary, drawnAt: now })
          .onConflictDoNothing();
      }
      if (divisions.length > 0) {
        await db
          .insert(drawPrizeDivisions)
          .values(divisions.map((d) => ({ drawId, winners: 0, ...d })))
          .onConflictDoNothing();
      }
      return drawsRepository(db).move(drawId, 'DRAW_CLOSED', 'DRAW_DRAWN', { publishedAt: now });
    },

    /**
     * Divisions waiting for their prize (winners, no prize) of a scored draw, and of the scored
     * syndicate draws riding it (same lottery, same number), in one list.
     */
    async divisionsAwaitingPrize(drawId: string, lotteryKey: string, drawNo: number): Promise<number[]> {
      const rows = await rowsOf<{ division: number }>(
        db,
        sql`select distinct p.division from draw_prize_divisions p join draws d on d.id = p.draw_id
          join product_offers o on o.key = d.product_offer_key
          where d.status in ('DRAW_SCORED', 'DRAW_CAPPED') and p.winners > 0 and p.prize_cents = 0
            and (d.id = ${drawId}
              or (o.type = 'syndicate_share' and o.lottery_key = ${lotteryKey} and d.draw_no = ${drawNo}))
          order by p.division`,
      );
      return rows.map((r) => r.division);
    },

    /** The lottery draw a syndicate draw rides (the lottery's own offer first). */
    riddenDraw: (lotteryKey: string, drawNo: number) =>
      lotteryDrawWhere(
        db,
        and(eq(productOffers.lotteryKey, lotteryKey), eq(draws.drawNo, drawNo)),
        lotteryKey,
      ),

    /** The draw of a linked lottery at the same time (Lotto Strike's Lotto draw). */
    linkedDraw: (linkedKeys: readonly string[], drawAt: Date) =>
      linkedKeys.length === 0
        ? Promise.resolve(undefined)
        : lotteryDrawWhere(
            db,
            and(inArray(productOffers.lotteryKey, [...linkedKeys]), eq(draws.drawAt, drawAt)),
          ),

    async saveRaffleWinners(drawId: string, winningTickets: number[], now: Date): Promise<void> {
      await db
        .update(raffleDrawSeeds)
        .set({ winningTickets, drawnAt: now })
        .where(and(eq(raffleDrawSeeds.drawId, drawId), sql`${raffleDrawSeeds.winningTickets} is null`));
    },

    /**
     * Prizes entered after scoring for the divisions that waited for them: the divisions priced, their
     * lines priced (combos x prize), each payout waiting for a prize set to the sum of its lines and
     * made payable (held when over the approval threshold), the tally's prizes summed again.
     */
    async applyPrizes(drawId: string, prizes: Record<string, number>, thresholdCents: number): Promise<void> {
      const values = sql.join(
        Object.entries(prizes).map(([division, cents]) => sql`(${Number(division)}::int, ${cents}::bigint)`),
        sql`, `,
      );
      await db.execute(
        sql`update draw_prize_divisions d set prize_cents = v.cents
          from (values ${values}) as v(division, cents)
          where d.draw_id = ${drawId} and d.division = v.division`,
      );
      await db.execute(
        sql`update ticket_wins w set prize_cents = w.combos * v.cents
          from (values ${values}) as v(division, cents)
          where w.draw_id = ${drawId} and w.division = v.division`,
      );
      await db.execute(
        sql`update ticket_payouts p set prize_cents = s.cents,
            status = case when s.cents > ${thresholdCents} then 'held' else 'pending' end
          from (select ticket_id, sum(coalesce(prize_cents, 0)) as cents from ticket_wins
            where draw_id = ${drawId} group by ticket_id) s
          where p.draw_id = ${drawId} and p.status = 'prize_pending' and s.ticket_id = p.ticket_id`,
      );
      await db.execute(
        sql`update draw_tallies set prize_cents =
            (select coalesce(sum(prize_cents), 0) from ticket_wins where draw_id = ${drawId})
          where draw_id = ${drawId}`,
      );
    },
  };
}

export type DrawResultsRepository = ReturnType<typeof drawResultsRepository>;
