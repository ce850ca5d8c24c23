/**
 * How results arrive, checked twice and blind (the domain's `decideEntry`). An operator's entry is
 * validated against the game; the first entry waits; a second entry by another operator publishes
 * both when every field matches and voids both when it does not (nobody is told what differed); a
 * fresh pair then begins with an operator whose entry was not voided. Prizes not known when the
 * results were published are entered later by a pair of operators the same way (`enterPrizes`).
 *
 * Lotto Strike is entered like any game, but its numbers must be the first 4 balls, in order, of
 * the linked Lotto draw at the same time when that draw is published (its operators' entries are
 * checked against them). Super 66 draws its own digits and is entered like any game. Raffles,
 * syndicate draws and the demo's draws are the engine's own (result-draws.service.ts).
 */
import type { Database, drawResultEntries, Transaction } from '@drawhouse/db';
import {
  checkPrizesEntry,
  decideEntry,
  type ResultsInput,
  resultDifferences,
  type ValidResults,
  validateResultsInput,
} from '@drawhouse/domain';
import { AppError, type FieldErrors } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { emitHeld, emitScored } from './draw-events.ts';
import { drawResultsRepository } from './draw-results.repository.ts';
import { type DrawWithOffer, drawsRepository, type EntryRow, isUniqueViolation } from './draws.repository.ts';
import { createResultPublishing, lotteryKeyOf } from './result-publishing.service.ts';

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

/** An audit row's target for a draw: `powerball/1234`, as the back office addresses it. */
export const drawTarget = (offerKey: string, drawNo: number) => ({
  targetType: 'draw',
  targetId: `${offerKey}/${drawNo}`,
});

/** The audit row of an entry: what became of it, never its figures (entries are blind). */
async function auditEntry(
  tx: Transaction,
  actor: Actor,
  action: 'results.entered' | 'prizes.entered',
  found: DrawWithOffer,
  outcome: Omit<EntryOutcome, 'draw'>,
): Promise<void> {
  await recordAudit(tx, actor, {
    action,
    ...drawTarget(found.offer.key, found.draw.drawNo),
    before: { status: found.draw.status },
    after: {
      entryId: outcome.entry.id,
      entryStatus: outcome.entry.status,
      published: outcome.published,
      voidedOperators: outcome.voidedOperators,
    },
  });
}

function storedOf(entry: Pick<EntryRow, 'numbers' | 'supplementary' | 'prizes'>): ValidResults {
  return {
    result: { numbers: entry.numbers, supplementary: entry.supplementary },
    prizes: entry.prizes,
  };
}

export function createDrawResultsService(deps: {
  db: Database;
  now: () => Date;
  /** Prizes entered later: a payout over it is held for approval. */
  thresholdCents: number;
}) {
  const { db, now } = deps;
  const { publishResult, linkedNumbers } = createResultPublishing({ now });

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
    async enter(offerKey: string, drawNo: number, actor: Actor, input: ResultsInput): Promise<EntryOutcome> {
      const operator = actor.operator.name;
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
        await auditEntry(tx, actor, 'results.entered', found, outcome);
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
      actor: Actor,
      prizes: Record<string, number>,
    ): Promise<EntryOutcome> {
      const operator = actor.operator.name;
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
        await auditEntry(tx, actor, 'prizes.entered', found, outcome);
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
  };
}

export type DrawResultsService = ReturnType<typeof createDrawResultsService>;
