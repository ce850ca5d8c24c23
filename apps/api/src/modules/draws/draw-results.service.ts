/**
 * How results arrive, checked twice and blind (the domain's `decideEntry`). An operator's entry is
 * validated against the game; the first entry waits; a second entry by another operator publishes
 * both when every field matches and voids both when it does not (nobody is told what differed); a
 * fresh pair then begins with an operator whose entry was not voided. Prizes not known when the
 * results were published are entered later by a pair of operators the same way (`enterPrizes`).
 *
 * Rules written down here:
 * - Raffles are drawn by Drawhouse (`drawRaffle`), never entered.
 * - A syndicate draw takes the results of the lottery draw it rides (same lottery, same draw
 *   number) once that draw is published (`publishRiding`); no one enters them.
 * - Lotto Strike is entered like any game, but its numbers must be the first 4 balls, in order, of
 *   the linked Lotto draw at the same time when that draw is published. In demo mode the engine
 *   derives them from that draw. Super 66 draws its own digits and is entered like any game.
 * - Demo mode (DRAWS_DEMO): once a closed draw's time has passed the engine draws its result with a
 *   CSPRNG (node:crypto randomInt) as the operator `demo`, with announced prizes from the lottery's
 *   typical figures, and publishes it at once.
 * - Announced prizes (cents per winning game) are written into the draw's divisions when it is
 *   published; scoring reads them from there (0: not announced, left to the prize rules).
 */
import { randomInt } from 'node:crypto';
import {
  type Database,
  demoAnnouncedPrizes,
  type drawResultEntries,
  nodeHmacSha256,
  type Transaction,
} from '@drawhouse/db';
import {
  checkPrizesEntry,
  decideEntry,
  drawRaffleWinners,
  isLotteryKey,
  type LotteryKey,
  type ResultsInput,
  randomResult,
  resultDifferences,
  type StoredResult,
  type ValidResults,
  validateResultsInput,
} from '@drawhouse/domain';
import { AppError, type FieldErrors } from '../../http/errors.ts';
import { drawCloseRepository } from './draw-close.repository.ts';
import { emitHeld, emitPublished, emitScored } from './draw-events.ts';
import { drawResultsRepository } from './draw-results.repository.ts';
import { type DrawWithOffer, drawsRepository, type EntryRow, isUniqueViolation } from './draws.repository.ts';

export const DEMO_OPERATOR = 'demo';

export type EntryOutcome = {
  entry: EntryRow;
  draw: DrawWithOffer;
  /** The draw's results (or prizes) were published by this entry. */
  published: boolean;
  /** When this entry did not match the waiting one: both operators, whose entries are now void. */
  voidedOperators: string[];
};

export const drawNotFound = (offerKey: string, drawNo: number) =>
  new AppError(404, 'draw_not_found', `There is no draw ${drawNo} of ${offerKey}.`);

function validationFailure(errors: { field: string; message: string }[]): AppError {
  const byField: FieldErrors = {};
  for (const e of errors)
    byField[e.field] = [...(byField[e.field] ?? []), { code: 'invalid', message: e.message }];
  return new AppError(400, 'validation_error', 'The results are not valid: nothing was changed.', byField);
}

function storedOf(entry: Pick<EntryRow, 'numbers' | 'supplementary' | 'prizes'>): ValidResults {
  return {
    result: { numbers: entry.numbers, supplementary: entry.supplementary },
    prizes: entry.prizes,
  };
}

/** The lottery whose rules a draw's results follow (the draw's own offer's lottery). */
function lotteryKeyOf(found: DrawWithOffer): LotteryKey | undefined {
  const key = found.offer.lotteryKey;
  return key && isLotteryKey(key) ? key : undefined;
}

export function createDrawResultsService(deps: {
  db: Database;
  now: () => Date;
  demo: boolean;
  /** Prizes entered later: a payout over it is held for approval. */
  thresholdCents: number;
}) {
  const { db, now } = deps;

  /** Divisions as published: the lottery's descriptions and the announced prize per winning game. */
  async function divisionsFor(tx: Transaction, lotteryKey: string, prizes: Record<string, number>) {
    const lottery = await drawsRepository(tx).lottery(lotteryKey);
    return (lottery?.prizeDivisions ?? []).map((d) => ({
      division: d.division,
      description: d.description,
      prizeCents: prizes[String(d.division)] ?? 0,
    }));
  }

  async function publishResult(
    tx: Transaction,
    found: DrawWithOffer,
    lotteryKey: string,
    valid: ValidResults,
  ): Promise<boolean> {
    const divisions = await divisionsFor(tx, lotteryKey, valid.prizes);
    const published = await drawResultsRepository(tx).publish(found.draw.id, valid.result, divisions, now());
    if (published) await emitPublished(tx, found);
    return published;
  }

  /** Lotto Strike: the first balls of the linked Lotto draw, in order, once that draw is published. */
  async function linkedNumbers(tx: Transaction, found: DrawWithOffer, lotteryKey: LotteryKey) {
    const drawsRepo = drawsRepository(tx);
    const resultsRepo = drawResultsRepository(tx);
    const lottery = await drawsRepo.lottery(lotteryKey);
    if (!lottery || lottery.linkedLotteryKeys.length === 0) return { linked: false as const };
    const source = await resultsRepo.linkedDraw(lottery.linkedLotteryKeys, found.draw.drawAt);
    if (!source) return { linked: false as const };
    const result = await drawsRepo.result(source.id);
    const count = lottery.drawnSets[0]?.count ?? 4;
    const first = result?.numbers.Numbers?.slice(0, count);
    return { linked: true as const, source, numbers: first && first.length === count ? first : undefined };
  }

  /**
   * The two-person rule (the domain's `decideEntry`) on a new entry: it waits, publishes with the
   * waiting entry it matches, or voids both when it does not match (the differences are kept on the
   * rows for the record, never shown to the operators). Refusals change nothing.
   */
  async function pairUp(
    tx: Transaction,
    base: typeof drawResultEntries.$inferInsert & { operator: string },
    earlier: EntryRow[],
    differencesFrom: (entry: EntryRow) => string[],
    publish: () => Promise<boolean>,
  ): Promise<Omit<EntryOutcome, 'draw'>> {
    const resultsRepo = drawResultsRepository(tx);
    const decision = decideEntry(earlier, base.operator, (e) => differencesFrom(e).length === 0);
    const insert = async (row: typeof drawResultEntries.$inferInsert) => {
      try {
        return await resultsRepo.insertEntry(row);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw new AppError(409, 'already_entered', `${base.operator} has an entry waiting already.`);
      }
    };
    switch (decision.decision) {
      case 'refused':
        throw new AppError(
          409,
          decision.code === 'published' ? 'results_published' : decision.code,
          decision.message,
        );
      case 'publish': {
        const entry = await insert({ ...base, status: 'published' });
        await resultsRepo.setEntryStatus([decision.with.id], 'published');
        return { entry, published: await publish(), voidedOperators: [] };
      }
      case 'void': {
        const differences = differencesFrom(decision.with);
        const entry = await insert({ ...base, status: 'void', differences });
        await resultsRepo.setEntryStatus([decision.with.id], 'void', differences);
        return { entry, published: false, voidedOperators: [decision.with.operator, base.operator] };
      }
      default:
        return { entry: await insert({ ...base, status: 'pending' }), published: false, voidedOperators: [] };
    }
  }

  return {
    /**
     * An operator's entry of a draw's results. Refused, with nothing changed: invalid results, an
     * unknown draw, a raffle or syndicate draw, a draw still open, a draw already published, a
     * second entry by the same operator.
     */
    async enter(
      offerKey: string,
      drawNo: number,
      operator: string,
      input: ResultsInput,
    ): Promise<EntryOutcome> {
      const known = await drawsRepository(db).drawByNo(offerKey, drawNo);
      if (!known) throw drawNotFound(offerKey, drawNo);
      if (known.draw.type === 'raffle_ticket_draw') {
        throw new AppError(
          409,
          'raffle_drawn_by_drawhouse',
          `${known.offer.name} is a raffle: Drawhouse draws its winners itself at the draw time.`,
        );
      }
      if (known.draw.type === 'syndicate_share_draw') {
        throw new AppError(
          409,
          'results_from_lottery',
          `${known.offer.name} takes the results of its lottery's draw ${drawNo}: enter them there.`,
        );
      }
      const lotteryKey = lotteryKeyOf(known);
      if (!lotteryKey) {
        throw new AppError(
          409,
          'not_a_lottery',
          `${known.offer.name} is not one of the lotteries Drawhouse scores.`,
        );
      }
      const checked = validateResultsInput(lotteryKey, input);
      if (!checked.ok) throw validationFailure(checked.errors);
      const valid: ValidResults = { result: checked.result, prizes: checked.prizes };

      return db.transaction(async (tx) => {
        const drawsRepo = drawsRepository(tx);
        const resultsRepo = drawResultsRepository(tx);
        const found = await drawsRepo.drawById(known.draw.id, 'wait');
        if (!found) throw drawNotFound(offerKey, drawNo);
        const { draw } = found;
        if (draw.status === 'DRAW_OPEN') {
          throw new AppError(
            409,
            'draw_not_closed',
            `Draw ${drawNo} of ${found.offer.name} is still open (entries close at ${draw.stopAt.toISOString()}): results can be entered once it has closed.`,
          );
        }
        if (draw.status !== 'DRAW_CLOSED') {
          throw new AppError(
            409,
            'results_published',
            `The results of draw ${drawNo} of ${found.offer.name} are published already.`,
          );
        }
        const linked = await linkedNumbers(tx, found, lotteryKey);
        const entered = valid.result.numbers.Numbers ?? [];
        if (linked.linked && linked.numbers && linked.numbers.join(',') !== entered.join(',')) {
          throw validationFailure([
            {
              field: 'numbers',
              message: `${found.offer.name} takes the first ${linked.numbers.length} balls of draw ${linked.source.drawNo}, in order: ${linked.numbers.join(', ')}.`,
            },
          ]);
        }
        const earlier = await resultsRepo.entries(draw.id, 'results');
        const outcome = await pairUp(
          tx,
          {
            drawId: draw.id,
            kind: 'results',
            operator,
            numbers: valid.result.numbers,
            supplementary: valid.result.supplementary,
            prizes: valid.prizes,
          },
          earlier,
          (e) => resultDifferences(storedOf(e), valid),
          () => publishResult(tx, found, lotteryKey, valid),
        );
        return { ...outcome, draw: found };
      });
    },

    /**
     * An operator's entry of the prizes of a scored lottery draw's divisions that won without a
     * known prize (`prize_pending`), under the same two-person rule as its results. Refused, with
     * nothing changed: an unknown draw, one that is not a lottery's, one with no division waiting,
     * prizes of divisions not waiting, a division left out, a prize of 0. A matching pair prices the
     * divisions, their lines and the waiting payouts, which are then paid (once) like any other.
     */
    async enterPrizes(
      offerKey: string,
      drawNo: number,
      operator: string,
      prizes: Record<string, number>,
    ): Promise<EntryOutcome> {
      const known = await drawsRepository(db).drawByNo(offerKey, drawNo);
      if (!known) throw drawNotFound(offerKey, drawNo);
      if (known.draw.type !== 'lottery_ticket_draw') {
        throw new AppError(
          409,
          'not_a_lottery',
          `${known.offer.name}'s prizes are not entered: a syndicate takes its lottery draw's, a raffle's are its own.`,
        );
      }
      return db.transaction(async (tx) => {
        const drawsRepo = drawsRepository(tx);
        const resultsRepo = drawResultsRepository(tx);
        const found = await drawsRepo.drawById(known.draw.id, 'wait');
        if (!found) throw drawNotFound(offerKey, drawNo);
        const awaiting = found.offer.lotteryKey
          ? await resultsRepo.divisionsAwaitingPrize(found.draw.id, found.offer.lotteryKey, drawNo)
          : [];
        if (awaiting.length === 0) {
          throw new AppError(
            409,
            'no_prizes_awaited',
            `Draw ${drawNo} of ${found.offer.name} has no division waiting for its prize (${found.draw.status}).`,
          );
        }
        const errors = checkPrizesEntry(awaiting, prizes);
        if (errors.length > 0) throw validationFailure(errors);
        const none = { numbers: {}, supplementary: [] };
        const outcome = await pairUp(
          tx,
          { drawId: found.draw.id, kind: 'prizes', operator, ...none, prizes },
          await resultsRepo.entries(found.draw.id, 'prizes'),
          (e) => resultDifferences({ result: none, prizes: e.prizes }, { result: none, prizes }),
          async () => {
            await resultsRepo.applyPrizes(found.draw.id, prizes, deps.thresholdCents);
            await emitHeld(tx, found.draw.id);
            // Priced now: what waited for these prizes (lotto party sessions) is settled.
            await emitScored(tx, found);
            return true;
          },
        );
        return { ...outcome, draw: found };
      });
    },

    entries: (drawId: string) => drawResultsRepository(db).entries(drawId),

    /** A draw by offer and number, or 404. */
    async find(offerKey: string, drawNo: number): Promise<DrawWithOffer> {
      const found = await drawsRepository(db).drawByNo(offerKey, drawNo);
      if (!found) throw drawNotFound(offerKey, drawNo);
      return found;
    },

    drawNow: (drawId: string) => drawsRepository(db).drawById(drawId),

    /**
     * Demo mode: draws a closed lottery draw whose time has come (Lotto Strike from its linked draw
     * once that is published) and publishes it as the operator `demo`. Answers whether it did.
     */
    async demoDraw(drawId: string): Promise<boolean> {
      if (!deps.demo) return false;
      return db.transaction(async (tx) => {
        const drawsRepo = drawsRepository(tx);
        const resultsRepo = drawResultsRepository(tx);
        const found = await drawsRepo.claim(drawId, 'DRAW_CLOSED');
        if (found?.draw.type !== 'lottery_ticket_draw' || found.draw.drawAt > now()) return false;
        const lotteryKey = lotteryKeyOf(found);
        if (!lotteryKey) return false;
        let result: StoredResult;
        const linked = await linkedNumbers(tx, found, lotteryKey);
        if (linked.linked) {
          if (!linked.numbers) return false; // waits for the linked Lotto draw
          result = { numbers: { Numbers: linked.numbers }, supplementary: [] };
        } else {
          result = randomResult(lotteryKey, (min, max) => randomInt(min, max + 1));
        }
        const prizes = demoAnnouncedPrizes(lotteryKey, found.draw.drawNo);
        await resultsRepo.insertEntry({
          drawId,
          operator: DEMO_OPERATOR,
          numbers: result.numbers,
          supplementary: result.supplementary,
          prizes,
          status: 'published',
        });
        return publishResult(tx, found, lotteryKey, { result, prizes });
      });
    },

    /** A closed syndicate draw takes its lottery draw's results and divisions once they are published. */
    async publishRiding(drawId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const drawsRepo = drawsRepository(tx);
        const resultsRepo = drawResultsRepository(tx);
        const found = await drawsRepo.claim(drawId, 'DRAW_CLOSED');
        if (found?.draw.type !== 'syndicate_share_draw' || !found.offer.lotteryKey) return false;
        const ridden = await resultsRepo.riddenDraw(found.offer.lotteryKey, found.draw.drawNo);
        const result = ridden?.publishedAt ? await drawsRepo.result(ridden.id) : undefined;
        if (!ridden || !result) return false;
        const divisions = await drawsRepo.divisions(ridden.id);
        const announced = Object.fromEntries(
          divisions.filter((d) => d.prizeCents > 0).map((d) => [String(d.division), d.prizeCents]),
        );
        return publishResult(tx, found, found.offer.lotteryKey, {
          result: { numbers: result.numbers, supplementary: result.supplementary },
          prizes: announced,
        });
      });
    },

    /**
     * A closed raffle draw whose time has come is drawn from its committed seed: the winners are the
     * domain's `drawRaffleWinners` over the tickets sold, one per prize in prize order.
     */
    async drawRaffle(drawId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const drawsRepo = drawsRepository(tx);
        const closeRepo = drawCloseRepository(tx);
        const resultsRepo = drawResultsRepository(tx);
        const found = await drawsRepo.claim(drawId, 'DRAW_CLOSED');
        if (found?.draw.type !== 'raffle_ticket_draw' || found.draw.drawAt > now()) return false;
        // A draw made without a seed gets one now (its commitment was not shown before the close).
        await closeRepo.seedUnseededRaffleDraws();
        const seed = await drawsRepo.raffleSeed(drawId);
        if (!seed) return false;
        const ticketsSold = seed.ticketsSold ?? (await drawsRepo.raffleNumbersSold(drawId));
        const prizes = await drawsRepo.rafflePrizes(found.offer.key);
        const winners =
          seed.winningTickets ??
          (await drawRaffleWinners({
            seed: seed.seed,
            offerKey: found.offer.key,
            drawNo: found.draw.drawNo,
            ticketsSold,
            prizeCount: prizes.length,
            hmac: nodeHmacSha256,
          }));
        await resultsRepo.saveRaffleWinners(drawId, winners, now());
        const divisions = prizes.map((p, i) => ({
          division: p.rank,
          description: p.name,
          prizeCents: p.valueCents,
          winners: i < winners.length ? 1 : 0,
        }));
        const published = await resultsRepo.publish(drawId, null, divisions, now());
        if (published) await emitPublished(tx, found);
        return published;
      });
    },
  };
}

export type DrawResultsService = ReturnType<typeof createDrawResultsService>;
