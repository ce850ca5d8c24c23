/**
 * Closing draws (DRAW_OPEN -> DRAW_CLOSED) and finding what the engine may move now: open draws at or
 * near their stop, draws riding a lottery draw, raffle seeds made before a draw is drawn.
 */
import {
  and,
  asc,
  captureRaffleTicketsSold,
  type DbOrTx,
  draws,
  eq,
  ridesClosedDraw,
  seedUnseededRaffleDraws,
  sql,
} from '@drawhouse/db';
import {
  type DrawRow,
  type DrawWithOffer,
  drawsRepository,
  drawsWithOffer,
  rowsOf,
} from './draws.repository.ts';

export function drawCloseRepository(db: DbOrTx) {
  return {
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
      const locked = await drawsWithOffer(
        db,
        and(eq(draws.id, id), eq(draws.status, 'DRAW_OPEN'), sql`${draws.stopAt} <= ${now}`),
        'wait',
      );
      if (locked.length === 0) return undefined;
      const moved = await drawsRepository(db).move(id, 'DRAW_OPEN', 'DRAW_CLOSED', { closedAt: now });
      return moved ? drawsRepository(db).drawById(id) : undefined;
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

    /** Keeps the raffle's tickets sold for this draw on its seed row (once), before a rollover resets it. */
    captureTicketsSold: (drawId: string, offerKey: string) => captureRaffleTicketsSold(db, drawId, offerKey),

    /** Raffle draws still to be drawn get their seed and commitment (those made without one). */
    seedUnseededRaffleDraws: () => seedUnseededRaffleDraws(db),
  };
}

export type DrawCloseRepository = ReturnType<typeof drawCloseRepository>;
