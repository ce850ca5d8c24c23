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
 */
import type { Database } from '@drawhouse/db';
import type { DrawsConfig } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { createPreOrderCharges } from '../checkout/index.ts';
import { closeLottoPartySessions, settleLottoPartySessions } from '../lotto-party/index.ts';
import type { Mailer } from '../notifications/index.ts';
import { createRecurringProcessor, type RecurringFunding, type RecurringQueue } from '../recurring/index.ts';
import { drawEngineRepository } from './draw-engine.repository.ts';
import { createDrawResultsService, drawNotFound } from './draw-results.service.ts';
import { createPayoutsService } from './payouts.service.ts';
import { createScoringService } from './scoring.service.ts';
import { createSyndicateFill } from './syndicate-fill.service.ts';
import { createWinAnnouncer } from './win-mail.ts';

export type DrawEngineDeps = {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  webBaseUrl: string;
  config: DrawsConfig;
  /** Pays a recurring purchase's shortfall from the saved card chosen as its method (the app's and the jobs'). */
  recurringFunding?: Pick<RecurringFunding, 'fundShortfall'>;
  /** The jobs' queue of due recurring purchases (one job each); without it they are bought inline. */
  recurringQueue?: RecurringQueue;
};

/** What one step did: whether the draw moved, and draws it decided (its riders) to step next. */
export type StepOutcome = { moved: boolean; next: string[] };

const NOTHING: StepOutcome = { moved: false, next: [] };

export function createDrawEngine(deps: DrawEngineDeps) {
  const { db, now } = deps;
  const results = createDrawResultsService({
    db,
    now,
    demo: deps.config.demo,
    thresholdCents: deps.config.prizeApprovalThresholdCents,
  });
  const scoring = createScoringService({
    db,
    now,
    thresholdCents: deps.config.prizeApprovalThresholdCents,
  });
  const payouts = createPayoutsService({ db, now, mailer: deps.mailer, webBaseUrl: deps.webBaseUrl });
  const announcer = createWinAnnouncer({ db, now, mailer: deps.mailer, webBaseUrl: deps.webBaseUrl });
  const syndicateFill = createSyndicateFill({ db, now, mailer: deps.mailer, webBaseUrl: deps.webBaseUrl });
  const preOrders = createPreOrderCharges({ db, now });
  const recurring = createRecurringProcessor({
    db,
    now,
    mailer: deps.mailer,
    webBaseUrl: deps.webBaseUrl,
    funding: deps.recurringFunding,
  });

  /** The due recurring purchases of one offer (or of all): queued one job each, or bought here. */
  async function recurringDue(offerKey?: string): Promise<void> {
    if (deps.recurringQueue) await recurring.enqueueDue(deps.recurringQueue, { offerKey });
    else await recurring.processDue({ offerKey });
  }

  /**
   * Closes an open draw whose stop time has passed, and the offer's next draw is now the one on
   * sale: its pre-orders are charged. A syndicate draw is decided in the same transaction (the
   * domain's fill rule): one that goes ahead has its entry quick-picked, a cancelled one has every
   * share refunded there and its buyers told.
   */
  async function close(drawId: string): Promise<boolean> {
    const closed = await db.transaction(async (tx) => {
      const repo = drawEngineRepository(tx);
      const found = await repo.close(drawId, now());
      if (found?.draw.type === 'raffle_ticket_draw') {
        await repo.seedUnseededRaffleDraws();
        await repo.captureTicketsSold(drawId, found.offer.key);
      }
      const outcome =
        found?.draw.type === 'syndicate_share_draw' ? await syndicateFill.decide(tx, found) : undefined;
      return found && { ...found, outcome };
    });
    if (closed?.outcome === 'cancelled') await syndicateFill.tell(drawId).catch(() => undefined);
    else if (closed?.draw.type === 'syndicate_share_draw') await scoring.pickSyndicateEntry(drawId);
    if (closed) await closeLottoPartySessions(deps, drawId).catch(() => undefined);
    // Riders still open close with it (the minute's sweep closes any left open here).
    if (closed?.draw.type === 'lottery_ticket_draw') await closeRiders(drawId).catch(() => undefined);
    if (closed) {
      // The draw has moved whatever happens here: a pre-order left uncharged waits for the sweep.
      await preOrders.chargeDue(closed.offer.key).catch(() => undefined);
      await recurringDue(closed.offer.key).catch(() => undefined);
    }
    return closed !== undefined;
  }

  /** Draws decided by this draw's balls (syndicates riding it, Lotto Strike), once it is drawn. */
  async function ridersOf(drawId: string): Promise<string[]> {
    const found = await drawEngineRepository(db).drawById(drawId);
    if (found?.draw.type !== 'lottery_ticket_draw' || !found.offer.lotteryKey) return [];
    const riders = await drawEngineRepository(db).ridingDraws(
      found.offer.lotteryKey,
      found.draw.drawNo,
      found.draw.drawAt,
    );
    return riders.map((r) => r.id).filter((id) => id !== drawId);
  }

  /** The open draws riding a lottery draw that has closed: closed now too. */
  async function closeRiders(drawId: string): Promise<void> {
    for (const id of await ridersOf(drawId)) {
      const rider = await drawEngineRepository(db).drawById(id);
      if (rider?.draw.status === 'DRAW_OPEN') await step(id);
    }
  }

  /** An open draw's close: at its stop time, or at once when a lottery draw it rides has closed. */
  async function closeOpen(draw: { id: string; stopAt: Date }): Promise<boolean> {
    if (draw.stopAt <= now()) return close(draw.id);
    const repo = drawEngineRepository(db);
    if (!(await repo.ridesClosedDraw(draw.id, now()))) return false;
    await repo.stopNow(draw.id, now());
    return close(draw.id);
  }

  async function step(drawId: string): Promise<StepOutcome> {
    const found = await drawEngineRepository(db).drawById(drawId);
    if (!found) return NOTHING;
    const { draw } = found;
    const moved = (value: boolean): StepOutcome => ({ moved: value, next: [] });
    switch (draw.status) {
      case 'DRAW_OPEN':
        return moved(await closeOpen(draw));
      case 'DRAW_CLOSED': {
        let drawn: boolean;
        if (draw.type === 'raffle_ticket_draw') drawn = await results.drawRaffle(drawId);
        else if (draw.type === 'syndicate_share_draw') {
          // Buyers of a cancelled syndicate not told when it closed are told now.
          await syndicateFill.tell(drawId);
          drawn = await results.publishRiding(drawId);
        } else drawn = await results.demoDraw(drawId);
        return drawn ? { moved: true, next: await ridersOf(drawId) } : NOTHING;
      }
      case 'DRAW_DRAWN':
        // Its riders may have waited for it (published by operators, outside the steps).
        return (await scoring.score(drawId)) ? { moved: true, next: await ridersOf(drawId) } : NOTHING;
      case 'DRAW_SCORED':
        await settleLottoPartySessions(deps, drawId);
        return moved((await payouts.pay(drawId)) !== undefined);
      case 'DRAW_CAPPED': {
        // Winners already paid are told while a held prize (or one whose amount is awaited) waits;
        // lotto party sessions whose prize was awaited are settled once it is known.
        await announcer.announce(drawId);
        await settleLottoPartySessions(deps, drawId);
        return moved((await payouts.pay(drawId)) !== undefined);
      }
      case 'DRAW_PAID':
        return moved(await announcer.announce(drawId));
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
  async function enterPrizes(
    offerKey: string,
    drawNo: number,
    operator: string,
    prizes: Record<string, number>,
  ) {
    const outcome = await results.enterPrizes(offerKey, drawNo, operator, prizes);
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

    /** Closes a draw now, before its stop time (operations, testing). */
    async closeEarly(offerKey: string, drawNo: number) {
      const found = await drawEngineRepository(db).drawByNo(offerKey, drawNo);
      if (!found) throw drawNotFound(offerKey, drawNo);
      if (found.draw.status !== 'DRAW_OPEN') {
        throw new AppError(
          409,
          'draw_not_open',
          `Draw ${drawNo} of ${found.offer.name} is not open (${found.draw.status}).`,
        );
      }
      await drawEngineRepository(db).stopNow(found.draw.id, now());
      await close(found.draw.id);
      return (await drawEngineRepository(db).drawById(found.draw.id)) ?? found;
    },

    /** Every draw that can move now, moved as far as it goes (the minute's sweep). */
    async sweep(): Promise<number> {
      const due = await drawEngineRepository(db).drawsToAdvance(now());
      let moves = 0;
      for (const draw of due) moves += await advance(draw.id);
      return moves;
    },

    /**
     * Charges the pre-orders due now, of every offer: those a close missed, and soft failures tried
     * again while their draw is on sale (the minute's sweep, after moving the draws).
     */
    chargePreOrders: (offerKey?: string) => preOrders.chargeDue(offerKey),

    /** Buys the recurring purchases due now, of every offer: those a close missed, and soft failures again. */
    processRecurring: (options?: { offerKey?: string; customerId?: string }) => recurring.processDue(options),
    /** What the minute's sweep does with recurring purchases: queues (or buys) those due of every offer. */
    recurringDue: () => recurringDue(),
    /** Works a batch of `recurring-buy` jobs. */
    buyRecurringJobs: (recurringPurchaseIds: readonly string[]) => recurring.buyJobs(recurringPurchaseIds),

    /** Open draws stopping before `until`: the jobs schedule their close at the stop time. */
    closingSoon: (until: Date) => drawEngineRepository(db).openDrawsStoppingBy(until),

    /** Raffle draws made without a seed get one (the top-up job). */
    seedRaffleDraws: () => drawEngineRepository(db).seedUnseededRaffleDraws(),
  };
}

export type DrawEngine = ReturnType<typeof createDrawEngine>;
