import { describe, expect, it } from 'vitest';
import { type FeatureCandidate, featurePlacement } from './feature-placement.ts';

const now = new Date('2026-11-28T01:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);

function offer(
  key: string,
  displayCategory: FeatureCandidate['displayCategory'],
  stopInHours: number | null,
  prizePoolCents: number | null,
  ranking = 1,
): FeatureCandidate {
  return {
    key,
    displayCategory,
    ranking,
    nextDraw: stopInHours === null ? null : { stopAt: hours(stopInHours), prizePoolCents },
  };
}

const powerball = offer('powerball', 'lotto', 48, 5_000_000_000, 1);
const ozLotto = offer('oz-lotto', 'lotto', 72, 3_000_000_000, 2);
const raffle = offer('kids-raffle', 'raffle', 100, 25_000_000, 3);
const syndicate = offer('powerball-syndicate', 'syndicate', 48, 5_000_000_000, 4);

describe('featurePlacement', () => {
  it('features the biggest jackpot on sale when the cart is empty', () => {
    expect(featurePlacement([ozLotto, raffle, powerball], [], now)).toEqual({
      key: 'powerball',
      reason: 'highest_jackpot',
    });
  });

  it('features a raffle whose draw stops within a day first, the soonest of them', () => {
    const soon = offer('dream-home', 'raffle', 20, 100_000_000, 5);
    const sooner = offer('car-raffle', 'raffle', 3, 10_000_000, 6);
    expect(featurePlacement([powerball, soon, sooner], [], now)).toEqual({
      key: 'car-raffle',
      reason: 'closing_soon',
    });
  });

  it('never features what the cart already holds', () => {
    const pick = featurePlacement([powerball, ozLotto], ['powerball'], now);
    expect(pick?.key).toBe('oz-lotto');
  });

  it('prefers a category the cart lacks: a raffle for a cart of lotteries', () => {
    expect(featurePlacement([powerball, ozLotto, raffle], ['oz-lotto'], now)).toEqual({
      key: 'kids-raffle',
      reason: 'cart_lacks',
    });
  });

  it('skips offers with no draw on sale, past stops and memberships', () => {
    const stopped = offer('stopped', 'lotto', -1, 9_000_000_000);
    const noDraw = offer('no-draw', 'lotto', null, null);
    const membership = offer('daily-winners', 'membership', 10, 9_000_000_000);
    expect(featurePlacement([stopped, noDraw, membership, raffle], [], now)?.key).toBe('kids-raffle');
  });

  it('falls back to ranking when no jackpot is announced', () => {
    const a = offer('a', 'lotto', 10, null, 2);
    const b = offer('b', 'lotto', 10, null, 1);
    expect(featurePlacement([a, b], [], now)).toEqual({ key: 'b', reason: 'ranking' });
  });

  it('answers nothing when everything on sale is in the cart', () => {
    expect(featurePlacement([powerball, syndicate], ['powerball', 'powerball-syndicate'], now)).toBeNull();
    expect(featurePlacement([], [], now)).toBeNull();
  });
});
