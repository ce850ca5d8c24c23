/**
 * The draw engine's reads and writes: the only file of the module that touches the database. Every
 * move of a draw is a status-guarded update (`where status = X returning`) or a row claimed with
 * `for update skip locked`, so a step run twice, or on two workers at once, moves a draw once.
 */
import {
  and,
  asc,
  captureRaffleTicketsSold,
  type DbOrTx,
  drawPrizeDivisions,
  drawResultEntries,
  drawResults,
  draws,
  drawTallies,
  eq,
  inArray,
  ledgerAccounts,
  lotteries,
  operators,
  type PayoutStatus,
  prizeRemainders,
  productOffers,
  raffleDrawSeeds,
  rafflePrizes,
  ridesClosedDraw,
  type SQL,
  type SyndicateFillOutcomeRow,
  seedUnseededRaffleDraws,
  sql,
  syndicateDrawShares,
  syndicateEntries,
  syndicateShareRefunds,
  ticketPayouts,
  ticketWins,
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

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** Postgres refused a duplicate (a unique index). */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === '23505';
}

export function drawEngineRepository(db: DbOrTx) {
  const withOffer = (where: SQL | undefined, lock?: 'wait' | 'skip') => {
    const query = db
      .select({ draw: draws, offer: offerColumns })
      .from(draws)
      .innerJoin(productOffers, eq(productOffers.key, draws.productOfferKey))
      .where(where)
      .limit(1);
    if (lock === 'wait') return query.for('update', { of: draws });
    if (lock === 'skip') return query.for('update', { of: draws, skipLocked: true });
    return query;
  };

  /** A lottery offer's draw: the lottery's own offer (key = lottery key, or `preferKey`) first. */
  async function lotteryDrawWhere(where: SQL | undefined, preferKey?: string): Promise<DrawRow | undefined> {
    const [row] = await db
      .select({ draw: draws })
      .from(draws)
      .innerJoin(productOffers, eq(productOffers.key, draws.productOfferKey))
      .where(and(eq(productOffers.type, 'lottery_ticket'), where))
      .orderBy(sql`${productOffers.key} = ${preferKey ?? productOffers.lotteryKey} desc`)
      .limit(1);
    return row?.draw;
  }

  const self = {
    async drawByNo(offerKey: string, drawNo: number): Promise<DrawWithOffer | undefined> {
      const [row] = await withOffer(and(eq(draws.productOfferKey, offerKey), eq(draws.drawNo, drawNo)));
      return row;
    },

    async drawById(id: string, lock?: 'wait' | 'skip'): Promise<DrawWithOffer | undefined> {
      const [row] = await withOffer(eq(draws.id, id), lock);
      return row;
    },

    /** The draw locked for this transaction when it is in `status` (skipped when another holds it). */
    async claim(id: string, status: DrawRow['status']): Promise<DrawWithOffer | undefined> {
      const [row] = await withOffer(and(eq(draws.id, id), eq(draws.status, status)), 'skip');
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

    // --- closing -------------------------------------------------------------------------------

    /** Open draws whose stop time has come, and those stopping before `until` (to schedule). */
    async openDrawsStoppingBy(until: Date): Promise<{ id: string; stopAt: Date }[]> {
      return db
        .select({ id: draws.id, stopAt: draws.stopAt })
        .from(draws)
        .where(and(eq(draws.status, 'DRAW_OPEN'), sql`${draws.stopAt} <= ${until}`))
        .orderBy(asc(draws.stopAt))
        .limit(1000);
    },

    /**
     * Closes an open draw whose stop time has passed. `for update` waits for purchases still writing
     * tickets into it (their foreign keys hold a share lock on the draw row), so the close commits
     * after the last sale that was taken before the stop time.
     */
    async close(id: string, now: Date): Promise<DrawWithOffer | undefined> {
      const locked = await withOffer(
        and(eq(draws.id, id), eq(draws.status, 'DRAW_OPEN'), sql`${draws.stopAt} <= ${now}`),
        'wait',
      );
      if (locked.length === 0) return undefined;
      const moved = await self.move(id, 'DRAW_OPEN', 'DRAW_CLOSED', { closedAt: now });
      return moved ? self.drawById(id) : undefined;
    },

    /** Brings an open draw's stop time forward to `now` (closing it early). */
    async stopNow(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(draws)
        .set({ stopAt: sql`least(${draws.stopAt}, ${now}::timestamptz)` })
        .where(and(eq(draws.id, id), eq(draws.status, 'DRAW_OPEN')))
        .returning({ id: draws.id });
      return rows.length === 1;
    },

    /** Whether an open draw rides a lottery draw that no longer takes entries (it closes with it). */
    async ridesClosedDraw(id: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: draws.id })
        .from(draws)
        .where(and(eq(draws.id, id), eq(draws.status, 'DRAW_OPEN'), ridesClosedDraw(now)))
        .limit(1);
      return row !== undefined;
    },

    /** Draws the engine may move now (a sweep's work list), oldest first. */
    async drawsToAdvance(now: Date): Promise<{ id: string; status: DrawRow['status'] }[]> {
      return db
        .select({ id: draws.id, status: draws.status })
        .from(draws)
        .where(
          sql`(${draws.status} in ('DRAW_DRAWN', 'DRAW_SCORED', 'DRAW_PAID', 'DRAW_CAPPED'))
            or (${draws.status} = 'DRAW_OPEN' and (${draws.stopAt} <= ${now} or ${ridesClosedDraw(now)}))
            or (${draws.status} = 'DRAW_CLOSED' and (${draws.drawAt} <= ${now} or ${draws.type} = 'syndicate_share_draw'))`,
        )
        .orderBy(asc(draws.drawAt))
        .limit(500);
    },

    // --- results --------------------------------------------------------------------------------

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
      return self.move(drawId, 'DRAW_CLOSED', 'DRAW_DRAWN', { publishedAt: now });
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

    /**
     * The draws decided by this lottery draw's balls: syndicate draws of the lottery with the same
     * number, and games drawn from its balls (Lotto Strike) at the same time.
     */
    async ridingDraws(lotteryKey: string, drawNo: number, drawAt: Date): Promise<{ id: string }[]> {
      return rowsOf(
        db,
        sql`select d.id from draws d join product_offers o on o.key = d.product_offer_key
          left join lotteries l on l.key = o.lottery_key
          where (o.type = 'syndicate_share' and o.lottery_key = ${lotteryKey} and d.draw_no = ${drawNo})
             or (o.type = 'lottery_ticket' and ${lotteryKey} = any(l.linked_lottery_keys) and d.draw_at = ${drawAt})`,
      );
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
      lotteryDrawWhere(and(eq(productOffers.lotteryKey, lotteryKey), eq(draws.drawNo, drawNo)), lotteryKey),

    /** The draw of a linked lottery at the same time (Lotto Strike's Lotto draw). */
    linkedDraw: (linkedKeys: readonly string[], drawAt: Date) =>
      linkedKeys.length === 0
        ? Promise.resolve(undefined)
        : lotteryDrawWhere(and(inArray(productOffers.lotteryKey, [...linkedKeys]), eq(draws.drawAt, drawAt))),

    // --- raffles --------------------------------------------------------------------------------

    async raffleSeed(drawId: string) {
      const [row] = await db
        .select()
        .from(raffleDrawSeeds)
        .where(eq(raffleDrawSeeds.drawId, drawId))
        .limit(1);
      return row;
    },

    /** Keeps the raffle's tickets sold for this draw on its seed row (once), before a rollover resets it. */
    captureTicketsSold: (drawId: string, offerKey: string) => captureRaffleTicketsSold(db, drawId, offerKey),

    /** Raffle draws still to be drawn get their seed and commitment (those made without one). */
    seedUnseededRaffleDraws: () => seedUnseededRaffleDraws(db),

    async saveRaffleWinners(drawId: string, winningTickets: number[], now: Date): Promise<void> {
      await db
        .update(raffleDrawSeeds)
        .set({ winningTickets, drawnAt: now })
        .where(and(eq(raffleDrawSeeds.drawId, drawId), sql`${raffleDrawSeeds.winningTickets} is null`));
    },

    rafflePrizes(offerKey: string) {
      return db
        .select()
        .from(rafflePrizes)
        .where(eq(rafflePrizes.productOfferKey, offerKey))
        .orderBy(asc(rafflePrizes.rank));
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

    async raffleNumbersSold(drawId: string): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from raffle_ticket_numbers where draw_id = ${drawId}`,
      );
      return row?.n ?? 0;
    },

    // --- scoring --------------------------------------------------------------------------------

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

    async tally(drawId: string) {
      const [row] = await db.select().from(drawTallies).where(eq(drawTallies.drawId, drawId)).limit(1);
      return row;
    },

    async lineTotals(drawId: string): Promise<{ lines: number; prizeCents: number }> {
      const [row] = await rowsOf<{ lines: number; cents: string | null }>(
        db,
        sql`select count(*)::int as lines, sum(coalesce(prize_cents, 0)) as cents from ticket_wins where draw_id = ${drawId}`,
      );
      return { lines: row?.lines ?? 0, prizeCents: Number(row?.cents ?? 0) };
    },

    // --- syndicates -----------------------------------------------------------------------------

    async syndicateEntry(drawId: string) {
      const [row] = await db
        .select()
        .from(syndicateEntries)
        .where(eq(syndicateEntries.drawId, drawId))
        .limit(1);
      return row;
    },

    async insertSyndicateEntry(row: typeof syndicateEntries.$inferInsert): Promise<void> {
      await db.insert(syndicateEntries).values(row).onConflictDoNothing();
    },

    async setSyndicatePrize(drawId: string, prizeCents: number): Promise<void> {
      await db.update(syndicateEntries).set({ prizeCents }).where(eq(syndicateEntries.drawId, drawId));
    },

    /**
     * Records what the close decided for a syndicate draw, once: the draw's count, locked, and `decide`'s outcome written unless one was. Answers the counts and
     * the outcome in force; undefined for a syndicate offer without shares.
     */
    async decideSyndicateFill(
      drawId: string,
      decide: (counts: { sold: number; total: number }) => SyndicateFillOutcomeRow,
      now: Date,
    ): Promise<{ sold: number; total: number; outcome: SyndicateFillOutcomeRow } | undefined> {
      // A draw that never kept a count (no share sold through checkout) counts its tickets.
      await db.execute(
        sql`insert into ${syndicateDrawShares} (draw_id, total_shares, shares_sold)
          select d.id, greatest(o.syndicate_total_shares, t.sold), t.sold from ${draws} d
            join ${productOffers} o on o.key = d.product_offer_key
            cross join lateral (select coalesce(sum(num_shares), 0)::int as sold from tickets
              where draw_id = d.id and num_shares > 0) t
          where d.id = ${drawId} and o.syndicate_total_shares > 0
          on conflict (draw_id) do nothing`,
      );
      const [row] = await db
        .select()
        .from(syndicateDrawShares)
        .where(eq(syndicateDrawShares.drawId, drawId))
        .for('update');
      if (!row) return undefined;
      const counts = { sold: row.sharesSold, total: row.totalShares };
      if (row.outcome) return { ...counts, outcome: row.outcome };
      const outcome = decide(counts);
      await db
        .update(syndicateDrawShares)
        .set({ outcome, decidedAt: now })
        .where(eq(syndicateDrawShares.drawId, drawId));
      return { ...counts, outcome };
    },

    /** A syndicate draw's count and what its close decided (undefined: no count kept for it). */
    async syndicateFill(drawId: string) {
      const [row] = await db
        .select()
        .from(syndicateDrawShares)
        .where(eq(syndicateDrawShares.drawId, drawId))
        .limit(1);
      return row;
    },

    /**
     * The share tickets of a draw not refunded yet, each with what it cost: its order's total over
     * the draws the order enters (a share is bought at the same price for every draw).
     */
    /**
     * The draw's share tickets not refunded yet, each with what it was paid: its list price's part of
     * what its checkout paid for syndicate shares (after any discount), from promotional credit and
     * from the wallet as the purchase's ledger transfers into `salesAccountId` say, rounded down.
     */
    shareTicketsToRefund(drawId: string, salesAccountId: number) {
      return rowsOf<{
        id: string;
        customer_id: string;
        checkout_id: string;
        promo_cents: string;
        wallet_cents: string;
      }>(
        db,
        sql`with due as (
            select t.id, t.customer_id, o.checkout_id, (o.total_cents / greatest(o.num_draws, 1)) as list_cents
            from tickets t join orders o on o.id = t.order_id
            where t.draw_id = ${drawId} and t.num_shares > 0
              and not exists (select 1 from ${syndicateShareRefunds} r where r.ticket_id = t.id)
          ), listed as (
            select o.checkout_id, sum(o.total_cents) as list_total
            from orders o
            where o.checkout_id in (select checkout_id from due) and o.product_type = 'syndicate_share'
            group by o.checkout_id
          ), paid as (
            select lt.reference,
              coalesce(sum(lt.amount_cents) filter (where a.kind = 'promo'), 0) as promo,
              coalesce(sum(lt.amount_cents) filter (where a.kind = 'wallet'), 0) as wallet
            from ledger_transfers lt join ledger_accounts a on a.id = lt.debit_account_id
            where lt.code = 'purchase' and lt.credit_account_id = ${salesAccountId}
              and lt.reference in (select checkout_id::text from due)
            group by lt.reference
          )
          select d.id, d.customer_id, d.checkout_id,
            coalesce(floor(d.list_cents * p.promo / nullif(l.list_total, 0)), 0)::bigint as promo_cents,
            coalesce(floor(d.list_cents * p.wallet / nullif(l.list_total, 0)), 0)::bigint as wallet_cents
          from due d
          left join listed l on l.checkout_id = d.checkout_id
          left join paid p on p.reference = d.checkout_id::text
          order by d.customer_id, d.id`,
      );
    },

    async insertShareRefunds(rows: (typeof syndicateShareRefunds.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(syndicateShareRefunds).values(rows).onConflictDoNothing();
    },

    /** Refunded share tickets whose buyers are not told yet, locked (others skip them). */
    async claimRefundsToTell(drawId: string, limit: number) {
      return rowsOf<{
        ticket_id: string;
        customer_id: string;
        refund_cents: string;
        email: string;
        firstname: string;
      }>(
        db,
        sql`select r.ticket_id, r.customer_id, r.refund_cents, c.email, c.firstname
          from ${syndicateShareRefunds} r join customers c on c.id = r.customer_id
          where r.draw_id = ${drawId} and r.told_at is null
          order by r.ticket_id limit ${limit} for update of r skip locked`,
      );
    },

    async markRefundsTold(ticketIds: readonly string[], now: Date): Promise<void> {
      if (ticketIds.length === 0) return;
      await db
        .update(syndicateShareRefunds)
        .set({ toldAt: now })
        .where(inArray(syndicateShareRefunds.ticketId, [...ticketIds]));
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

    // --- paying ---------------------------------------------------------------------------------

    /** A batch of the draw's payouts waiting to be paid, locked (others skip them), by customer. */
    async claimPayouts(drawId: string, limit: number): Promise<ClaimedPayout[]> {
      const rows = await rowsOf<{ ticket_id: string; customer_id: string; prize_cents: string }>(
        db,
        sql`select ticket_id, customer_id, prize_cents from ticket_payouts
          where draw_id = ${drawId} and status = 'pending'
          order by customer_id, ticket_id limit ${limit} for update skip locked`,
      );
      return rows.map((r) => ({
        ticketId: r.ticket_id,
        customerId: r.customer_id,
        prizeCents: Number(r.prize_cents),
      }));
    },

    /** The wallet account ids of customers who have one. */
    async walletIds(customerIds: string[]): Promise<Map<string, number>> {
      if (customerIds.length === 0) return new Map();
      const rows = await db
        .select({ customerId: ledgerAccounts.customerId, id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.kind, 'wallet'), inArray(ledgerAccounts.customerId, customerIds)));
      return new Map(rows.map((r) => [r.customerId as string, r.id]));
    },

    async markPaid(paid: { ticketId: string; transferId: string | null }[], now: Date): Promise<void> {
      if (paid.length === 0) return;
      const values = sql.join(
        paid.map((p) => sql`(${p.ticketId}::uuid, ${p.transferId}::uuid)`),
        sql`, `,
      );
      await db.execute(
        sql`update ticket_payouts p set status = 'paid', paid_at = ${now}, transfer_id = v.transfer_id
          from (values ${values}) as v(ticket_id, transfer_id)
          where p.ticket_id = v.ticket_id and p.status = 'pending'`,
      );
    },

    /**
     * DRAW_SCORED or DRAW_CAPPED with nothing pending: DRAW_CAPPED while a prize is held or waits for
     * its amount (a ticket's, or a lotto party session's not settled), else DRAW_PAID.
     */
    async finishPaying(drawId: string, now: Date): Promise<DrawRow['status'] | undefined> {
      const held = sql`(exists (select 1 from ticket_payouts where draw_id = d.id and status in ('held', 'prize_pending'))
        or exists (select 1 from lotto_party_sessions where draw_id = d.id and status = 'closed'))`;
      const [row] = await rowsOf<{ status: DrawRow['status'] }>(
        db,
        sql`update draws d set
            status = case when ${held} then 'DRAW_CAPPED' else 'DRAW_PAID' end,
            paid_at = case when ${held} then null else ${now}::timestamptz end
          where d.id = ${drawId} and d.status in ('DRAW_SCORED', 'DRAW_CAPPED')
            and not exists (select 1 from ticket_payouts where draw_id = d.id and status = 'pending')
          returning d.status`,
      );
      return row?.status;
    },

    /** The tickets of the draw whose payout is held for approval. */
    async heldTicketIds(drawId: string): Promise<string[]> {
      const rows = await db
        .select({ ticketId: ticketPayouts.ticketId })
        .from(ticketPayouts)
        .where(and(eq(ticketPayouts.drawId, drawId), eq(ticketPayouts.status, 'held')))
        .orderBy(asc(ticketPayouts.ticketId));
      return rows.map((r) => r.ticketId);
    },

    /** Held payouts of a draw back to pending, approved by `operator`; answers how many. */
    async releaseHeld(drawId: string, operator: string): Promise<{ ticketId: string; prizeCents: number }[]> {
      const rows = await db
        .update(ticketPayouts)
        .set({ status: 'pending', approvedBy: operator })
        .where(and(eq(ticketPayouts.drawId, drawId), eq(ticketPayouts.status, 'held')))
        .returning({ ticketId: ticketPayouts.ticketId, prizeCents: ticketPayouts.prizeCents });
      return rows;
    },

    async payoutCounts(drawId: string) {
      const [row] = await rowsOf<{
        sessionsPending: number;
        prizePending: number;
        pending: number;
        held: number;
        paid: number;
        unnotified: number;
      }>(
        db,
        sql`select (select count(*) from lotto_party_sessions s join draws d on d.id = s.draw_id
              where s.draw_id = ${drawId} and s.status = 'closed' and not s.held
                and d.status in ('DRAW_SCORED', 'DRAW_CAPPED', 'DRAW_PAID', 'DRAW_EMAILED'))::int as "sessionsPending",
            count(*) filter (where status = 'prize_pending')::int as "prizePending",
            count(*) filter (where status = 'pending')::int as pending,
            count(*) filter (where status = 'held')::int as held,
            count(*) filter (where status = 'paid')::int as paid,
            count(*) filter (where notified_at is null)::int as unnotified
          from ticket_payouts where draw_id = ${drawId}`,
      );
      return row ?? { sessionsPending: 0, prizePending: 0, pending: 0, held: 0, paid: 0, unnotified: 0 };
    },

    // --- announcing -----------------------------------------------------------------------------

    /**
     * Winners among these tickets to tell, locked, with what they won that is not money: `paid`
     * ones not told yet, or `held` ones without their "being approved" feed entry (`heldKey`).
     */
    async claimWinnersToTell(
      drawId: string,
      ticketIds: readonly string[],
      which: { status: 'paid' } | { status: 'held'; heldKeyPrefix: string },
    ): Promise<WinnerToTell[]> {
      if (ticketIds.length === 0) return [];
      const waiting =
        which.status === 'paid'
          ? sql`p.status = 'paid' and p.notified_at is null`
          : sql`p.status = 'held' and not exists (select 1 from notifications n
              where n.customer_id = p.customer_id and n.source_key = ${which.heldKeyPrefix} || p.ticket_id::text)`;
      const rows = await rowsOf<{
        ticket_id: string;
        customer_id: string;
        prize_cents: string;
        email: string;
        firstname: string;
        prize_names: string[] | null;
      }>(
        db,
        sql`select p.ticket_id, p.customer_id, p.prize_cents, c.email, c.firstname,
            (select array_agg(w.prize_name order by w.division) from ticket_wins w
              where w.ticket_id = p.ticket_id and w.prize_name is not null and w.prize_cents is null) as prize_names
          from ticket_payouts p join customers c on c.id = p.customer_id
          where p.draw_id = ${drawId} and p.ticket_id = any(${sql.param([...ticketIds])}::uuid[]) and ${waiting}
          order by p.ticket_id for update of p`,
      );
      return rows.map((r) => ({
        ticketId: r.ticket_id,
        customerId: r.customer_id,
        prizeCents: Number(r.prize_cents),
        email: r.email,
        firstname: r.firstname,
        prizeNames: r.prize_names ?? [],
      }));
    },

    async markNotified(ticketIds: string[], now: Date): Promise<void> {
      if (ticketIds.length === 0) return;
      await db
        .update(ticketPayouts)
        .set({ notifiedAt: now })
        .where(and(inArray(ticketPayouts.ticketId, ticketIds), sql`${ticketPayouts.notifiedAt} is null`));
    },

    /** DRAW_PAID with every winner told: DRAW_EMAILED. */
    async finishAnnouncing(drawId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(draws)
        .set({ status: 'DRAW_EMAILED', emailedAt: now })
        .where(
          and(
            eq(draws.id, drawId),
            eq(draws.status, 'DRAW_PAID'),
            sql`not exists (select 1 from ticket_payouts p where p.draw_id = ${drawId} and p.notified_at is null)`,
          ),
        )
        .returning({ id: draws.id });
      return rows.length === 1;
    },

    // --- operators ------------------------------------------------------------------------------

    async insertOperator(name: string, tokenHash: string): Promise<string | undefined> {
      const rows = await db
        .insert(operators)
        .values({ name, tokenHash })
        .onConflictDoNothing()
        .returning({ id: operators.id });
      return rows[0]?.id;
    },

    async operatorById(id: string) {
      const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
      return row;
    },

    async operatorByName(name: string) {
      const [row] = await db.select().from(operators).where(eq(operators.name, name)).limit(1);
      return row;
    },

    // --- checks ---------------------------------------------------------------------------------

    /** Games sold into a draw, counted from its tickets (a system entry counts once). */
    async gamesSold(drawId: string): Promise<{ tickets: number; games: number }> {
      const [row] = await rowsOf<{ tickets: number; games: number }>(
        db,
        sql`select count(*)::int as tickets, coalesce(sum(jsonb_array_length(games)), 0)::int as games
          from tickets where draw_id = ${drawId}`,
      );
      return row ?? { tickets: 0, games: 0 };
    },

    /** Payouts whose amount is not the sum of their ticket's lines (share tickets aside). */
    payoutsOffTheirLines(drawId: string) {
      return rowsOf<Record<string, unknown>>(
        db,
        sql`select p.ticket_id, p.prize_cents, sum(coalesce(w.prize_cents, 0)) as lines
          from ticket_payouts p join tickets t on t.id = p.ticket_id
          left join ticket_wins w on w.ticket_id = p.ticket_id
          where p.draw_id = ${drawId} and t.num_shares is null
          group by p.ticket_id, p.prize_cents
          having p.prize_cents <> sum(coalesce(w.prize_cents, 0))`,
      );
    },

    /** Winning tickets without a payout row. */
    winsWithoutPayout(drawId: string) {
      return rowsOf<Record<string, unknown>>(
        db,
        sql`select distinct w.ticket_id from ticket_wins w
          where w.draw_id = ${drawId} and not exists (select 1 from ticket_payouts p where p.ticket_id = w.ticket_id)`,
      );
    },

    /**
     * Divisions whose winners x prize differ from the lines written for them (lottery draws), with
     * `others` winning games by division that have no lines (lotto party entries, paid at the price).
     */
    divisionsOffTheirLines(drawId: string, others: Record<string, number> = {}) {
      return rowsOf<Record<string, unknown>>(
        db,
        sql`select d.division, d.winners, d.prize_cents, coalesce(w.combos, 0) as lines_combos, coalesce(w.cents, 0) as lines_cents, o.combos as other_combos
          from draw_prize_divisions d
          cross join lateral (select coalesce((${JSON.stringify(others)}::jsonb ->> d.division::text)::int, 0) as combos) o
          left join (select division, sum(combos) as combos, sum(prize_cents) as cents from ticket_wins
            where draw_id = ${drawId} group by division) w on w.division = d.division
          where d.draw_id = ${drawId}
            and (d.winners <> coalesce(w.combos, 0) + o.combos
              or d.winners::bigint * d.prize_cents <> coalesce(w.cents, 0) + o.combos::bigint * d.prize_cents)`,
      );
    },

    /** Paid payouts whose prize transfer is missing or of another amount, and prize transfers of no payout. */
    creditsOffTheirPayouts(drawId: string) {
      return rowsOf<Record<string, unknown>>(
        db,
        sql`select p.ticket_id, p.prize_cents, t.amount_cents, t.id as transfer_id
          from ticket_payouts p left join ledger_transfers t on t.id = p.transfer_id
          where p.draw_id = ${drawId} and p.status = 'paid'
            and ((p.prize_cents > 0 and (t.id is null or t.amount_cents <> p.prize_cents or t.code <> 'prize'))
              or (p.prize_cents = 0 and p.transfer_id is not null))`,
      );
    },

    /** Paid total, and what prize_liability paid out for the draw's tickets (ledger side). */
    async paidAgainstLedger(
      drawId: string,
    ): Promise<{ paidCents: number; ledgerCents: number; transfers: number }> {
      const [row] = await rowsOf<{ paid: string; ledger: string; transfers: number }>(
        db,
        sql`select
            (select coalesce(sum(prize_cents), 0) from ticket_payouts where draw_id = ${drawId} and status = 'paid') as paid,
            (select coalesce(sum(t.amount_cents), 0) from ledger_transfers t
              join ledger_accounts a on a.id = t.debit_account_id and a.kind = 'prize_liability'
              where t.code = 'prize' and t.reference in (select id::text from tickets where draw_id = ${drawId})) as ledger,
            (select count(*)::int from ledger_transfers t
              where t.code = 'prize' and t.reference in (select id::text from tickets where draw_id = ${drawId})) as transfers`,
      );
      return {
        paidCents: Number(row?.paid ?? 0),
        ledgerCents: Number(row?.ledger ?? 0),
        transfers: row?.transfers ?? 0,
      };
    },

    /** A split prize's parts and remainder against the entry's prize. */
    async splitAgainstPayouts(drawId: string) {
      const [row] = await rowsOf<{ entry: string | null; parts: string; remainder: string | null }>(
        db,
        sql`select (select prize_cents from syndicate_entries where draw_id = ${drawId}) as entry,
            (select coalesce(sum(prize_cents), 0) from ticket_payouts where draw_id = ${drawId}) as parts,
            (select sum(remainder_cents) from prize_remainders where draw_id = ${drawId}) as remainder`,
      );
      return {
        entryCents: row?.entry == null ? null : Number(row.entry),
        partsCents: Number(row?.parts ?? 0),
        remainderCents: Number(row?.remainder ?? 0),
      };
    },
  };
  return self;
}

export type DrawEngineRepository = ReturnType<typeof drawEngineRepository>;
