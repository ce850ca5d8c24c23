/**
 * The draw engine: one step moves a draw along its life (the domain's DRAW_STATUS_TRANSITIONS)
 *
 *   DRAW_OPEN -> DRAW_CLOSED      at the stop time (`close`; `closeEarly` for operations), or as
 *                                 soon as a lottery draw it rides closes (syndicates, Lotto Strike)
 *   DRAW_CLOSED -> DRAW_DRAWN     two matching operator entries, the demo's CSPRNG draw, the raffle's
 *                                 committed seed, or the ridden lottery draw (syndicates)
 *   DRAW_DRAWN -> DRAW_SCORED     every game scored, divisions priced, payouts written
 *   DRAW_SCORED -> DRAW_PAID      payouts credited (DRAW_CAPPED while a prize waits for approval)
 *   DRAW_PAID -> DRAW_EMAILED     every winner told by email and in the feed
 *
 * Each step is idempotent and safe on two workers at once: the draw is moved by a status-guarded
 * update or claimed with `skip locked`, and money moves under ids derived from the ticket. `step`
 * does one move (the jobs chain them, one job per step); `advance` runs them all in place (the
 * minute's sweep, the CLI and the tests).
 *
 * What follows a move is an outbox event written in the move's transaction (`draw.closed`,
 * `draw.published`, `draw.scored`, `prize.credited`, `prize.held`, `prize.released`,
 * `syndicate.filled` / `syndicate.cancelled`), never a call: riders closing, lotto party sessions
 * closing and settling, pre-orders charged, recurring purchases made due, winners and refunded
 * buyers told are subscribers (draw.subscribers.ts and the modules they belong to), retried until
 * they succeed. The engine knows none of the modules that follow it.
 */
import type { Database, Transaction } from '@drawhouse/db';
import type { DrawsConfig } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { emit } from '../outbox/index.ts';
import { drawCloseRepository } from './draw-close.repository.ts';
import { createDrawResultsService, drawNotFound, drawTarget } from './draw-results.service.ts';
import { drawsRepository } from './draws.repository.ts';
import { createPayoutsService } from './payouts.service.ts';
import { createResultDrawsService } from './result-draws.service.ts';
import { createScoringService } from './scoring.service.ts';
import { createSyndicateFill } from './syndicate-fill.service.ts';
import { finishAnnouncing } from './win-notices.ts';

export type DrawEngineDeps = { db: Database; now: () => Date; config: DrawsConfig };

/** What one step did: whether the draw moved, and draws it decided (its riders) to step next. */
export type StepOutcome = { moved: boolean; next: string[] };

const NOTHING: StepOutcome = { moved: false, next: [] };

export function createDrawEngine(deps: DrawEngineDeps) {
  const { db, now } = deps;
  const results = createDrawResultsService({
    db,
    now,
    thresholdCents: deps.config.prizeApprovalThresholdCents,
  });
  const drawing = createResultDrawsService({ db, now, demo: deps.config.demo });
  const scoring = createScoringService({
    db,
    now,
    thresholdCents: deps.config.prizeApprovalThresholdCents,
  });
  const payouts = createPayoutsService({
    db,
    now,
    secondApprovalCents: deps.config.prizeSecondApprovalCents,
  });
  const syndicateFill = createSyndicateFill({ now });

  /**
   * Closes an open draw whose stop time has passed, in one transaction that writes `draw.closed`
   * (its followers: riders closing, lotto party sessions closing, the offer's pre-orders charged and
   * recurring purchases made due now that the next draw is on sale). A syndicate draw is decided in
   * the same transaction (the domain's fill rule): one that goes ahead has its entry quick-picked, a
   * cancelled one has every share refunded there (`syndicate.cancelled` tells its buyers).
   */
  async function close(drawId: string): Promise<boolean> {
    return db.transaction(async (tx) => (await closeIn(tx, drawId)) !== undefined);
  }

  /** `close` in the caller's transaction; answers the draw closed, if this call closed it. */
  async function closeIn(tx: Transaction, drawId: string) {
    const closeRepo = drawCloseRepository(tx);
    const found = await closeRepo.close(drawId, now());
    if (!found) return undefined;
    if (found.draw.type === 'raffle_ticket_draw') {
      await closeRepo.seedUnseededRaffleDraws();
      await closeRepo.captureTicketsSold(drawId, found.offer.key);
    }
    if (found.draw.type === 'syndicate_share_draw') {
      const outcome = await syndicateFill.decide(tx, found);
      if (outcome !== 'cancelled') await scoring.pickSyndicateEntry(tx, found);
    }
    await emit(tx, 'draw.closed', drawId, {
      drawId,
      offerKey: found.offer.key,
      drawType: found.draw.type,
    });
    return found;
  }

  /** Draws decided by this draw's balls (syndicates riding it, Lotto Strike), once it is drawn. */
  async function ridersOf(drawId: string): Promise<string[]> {
    const found = await drawsRepository(db).drawById(drawId);
    if (found?.draw.type !== 'lottery_ticket_draw' || !found.offer.lotteryKey) return [];
    const riders = await drawCloseRepository(db).ridingDraws(
      found.offer.lotteryKey,
      found.draw.drawNo,
      found.draw.drawAt,
    );
    return riders.map((r) => r.id).filter((id) => id !== drawId);
  }

  /** The open draws riding a lottery draw that has closed: closed now too (a `draw.closed` follower). */
  async function closeRiders(drawId: string): Promise<void> {
    for (const id of await ridersOf(drawId)) {
      const rider = await drawsRepository(db).drawById(id);
      if (rider?.draw.status === 'DRAW_OPEN') await step(id);
    }
  }

  /** An open draw's close: at its stop time, or at once when a lottery draw it rides has closed. */
  async function closeOpen(draw: { id: string; stopAt: Date }): Promise<boolean> {
    if (draw.stopAt <= now()) return close(draw.id);
    const closeRepo = drawCloseRepository(db);
    if (!(await closeRepo.ridesClosedDraw(draw.id, now()))) return false;
    await closeRepo.stopNow(draw.id, now());
    return close(draw.id);
  }

  async function step(drawId: string): Promise<StepOutcome> {
    const found = await drawsRepository(db).drawById(drawId);
    if (!found) return NOTHING;
    const { draw } = found;
    const moved = (value: boolean): StepOutcome => ({ moved: value, next: [] });
    switch (draw.status) {
      case 'DRAW_OPEN':
        return moved(await closeOpen(draw));
      case 'DRAW_CLOSED': {
        let drawn: boolean;
        if (draw.type === 'raffle_ticket_draw') drawn = await drawing.drawRaffle(drawId);
        else if (draw.type === 'syndicate_share_draw') drawn = await drawing.publishRiding(drawId);
        else drawn = await drawing.demoDraw(drawId);
        return drawn ? { moved: true, next: await ridersOf(drawId) } : NOTHING;
      }
      case 'DRAW_DRAWN':
        // Its riders may have waited for it (published by operators, outside the steps).
        return (await scoring.score(drawId)) ? { moved: true, next: await ridersOf(drawId) } : NOTHING;
      case 'DRAW_SCORED':
      case 'DRAW_CAPPED':
        // Capped: a held prize, one whose amount is awaited, or a lotto party session not settled
        // yet; paid once they are (their followers step the draw again).
        return moved((await payouts.pay(drawId)) !== undefined);
      case 'DRAW_PAID':
        // Winners are told by `prize.credited`'s follower, batch by batch as they are paid.
        return moved(await finishAnnouncing(db, drawId, now()));
      default:
        return NOTHING;
    }
  }

  /** Steps a draw (and the draws it decides) as far as it goes now; answers the moves made. */
  async function advance(drawId: string): Promise<number> {
    let moves = 0;
    const queue = [drawId];
    while (queue.length > 0 && moves < 1000) {
      const id = queue.shift() as string;
      const outcome = await step(id);
      if (!outcome.moved) continue;
      moves += 1;
      queue.unshift(id);
      queue.push(...outcome.next);
    }
    return moves;
  }

  /**
   * An operator's entry of a scored draw's awaited prizes (`results.enterPrizes`); once a pair
   * publishes them, the syndicate draws riding it whose entry won an awaited division are priced
   * too. Answers the entry and the draws to step now.
   */
  async function enterPrizes(offerKey: string, drawNo: number, actor: Actor, prizes: Record<string, number>) {
    const outcome = await results.enterPrizes(offerKey, drawNo, actor, prizes);
    const toStep: string[] = [];
    if (outcome.published) {
      toStep.push(outcome.draw.draw.id);
      for (const rider of await ridersOf(outcome.draw.draw.id)) {
        if (await scoring.priceAwaitingSyndicate(rider, prizes)) toStep.push(rider);
      }
    }
    return { ...outcome, toStep };
  }

  return {
    results,
    enterPrizes,
    payouts,
    step,
    advance,
    close,
    closeRiders,

    /**
     * Closes a draw now, before its stop time (operations, testing), in one transaction; an
     * operator's close (`actor`) writes `draw.closed` to the audit log in it.
     */
    async closeEarly(offerKey: string, drawNo: number, actor?: Actor) {
      const found = await drawsRepository(db).drawByNo(offerKey, drawNo);
      if (!found) throw drawNotFound(offerKey, drawNo);
      const notOpen = (status: string) =>
        new AppError(409, 'draw_not_open', `Draw ${drawNo} of ${found.offer.name} is not open (${status}).`);
      if (found.draw.status !== 'DRAW_OPEN') throw notOpen(found.draw.status);
      await db.transaction(async (tx) => {
        if (!(await drawCloseRepository(tx).stopNow(found.draw.id, now()))) {
          throw notOpen((await drawsRepository(tx).drawById(found.draw.id))?.draw.status ?? 'gone');
        }
        const closed = await closeIn(tx, found.draw.id);
        if (!closed) throw notOpen('being closed');
        if (actor) {
          await recordAudit(tx, actor, {
            action: 'draw.closed',
            ...drawTarget(offerKey, drawNo),
            before: { status: found.draw.status, stopAt: found.draw.stopAt.toISOString() },
            after: { status: closed.draw.status, stopAt: closed.draw.stopAt.toISOString() },
          });
        }
      });
      return (await drawsRepository(db).drawById(found.draw.id)) ?? found;
    },

    /** Every draw that can move now, moved as far as it goes (the minute's sweep). */
    async sweep(): Promise<number> {
      const due = await drawCloseRepository(db).drawsToAdvance(now());
      let moves = 0;
      for (const draw of due) moves += await advance(draw.id);
      return moves;
    },

    /** Open draws stopping before `until`: the jobs schedule their close at the stop time. */
    closingSoon: (until: Date) => drawCloseRepository(db).openDrawsStoppingBy(until),

    /** Raffle draws made without a seed get one (the top-up job). */
    seedRaffleDraws: () => drawCloseRepository(db).seedUnseededRaffleDraws(),
  };
}

export type DrawEngine = ReturnType<typeof createDrawEngine>;
