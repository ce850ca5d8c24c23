/**
 * What publishing a lottery draw's results takes, for the operators' entries and the engine's own
 * draws alike: its divisions as published (the lottery's descriptions and the announced prize per
 * winning game, which scoring reads from there; 0: not announced, left to the prize rules), the
 * move to DRAW_DRAWN with `draw.published`, and Lotto Strike's numbers: the first balls, in order,
 * of the linked Lotto draw at the same time once that draw is published.
 */
import type { Transaction } from '@drawhouse/db';
import { isLotteryKey, type LotteryKey, type ValidResults } from '@drawhouse/domain';
import { emitPublished } from './draw-events.ts';
import { drawResultsRepository } from './draw-results.repository.ts';
import { type DrawWithOffer, drawsRepository } from './draws.repository.ts';

/** The lottery whose rules a draw's results follow (the draw's own offer's lottery). */
export function lotteryKeyOf(found: DrawWithOffer): LotteryKey | undefined {
  const key = found.offer.lotteryKey;
  return key && isLotteryKey(key) ? key : undefined;
}

export function createResultPublishing(deps: { now: () => Date }) {
  const { now } = deps;

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

  return { publishResult, linkedNumbers };
}
