import { formatOdds } from '@drawhouse/domain';
import { describe, expect, it } from 'vitest';
import { syndicateShareOdds } from './syndicate-buy';

const powerballSyndicate = {
  totalShares: 50,
  sharesLeft: 50,
  costPerShare: '$10.00',
  costPerShareCents: 1_000,
  currency: 'AUD',
  ticketsName: 'System 10',
  numGames: 1,
  numStandardGames: 120,
  lotteryKey: 'powerball',
};

describe('syndicateShareOdds', () => {
  it("gives the entry's odds over its standard games and the shares' part of every prize", () => {
    const odds = syndicateShareOdds(powerballSyndicate, 2);
    expect(odds?.topDivision.oneIn).toBeCloseTo(134_490_400 / 120, 6);
    expect(odds?.portion).toBe(0.04);
  });
  it('counts four System 10 entries as four systems, not 480 separate games (never "any prize 1 in 1")', () => {
    const odds = syndicateShareOdds({ ...powerballSyndicate, numGames: 4, numStandardGames: 480 }, 1);
    expect(formatOdds(odds!.anyPrize!.oneIn)).toBe('1 in 6');
    expect(odds!.topDivision.oneIn).toBeCloseTo(134_490_400 / 480, -1);
  });
  it('is unknown without the entry, for an unknown lottery, or for more shares than exist', () => {
    expect(syndicateShareOdds({ ...powerballSyndicate, numStandardGames: null }, 1)).toBeNull();
    expect(syndicateShareOdds({ ...powerballSyndicate, lotteryKey: 'euromillions' }, 1)).toBeNull();
    expect(syndicateShareOdds(powerballSyndicate, 51)).toBeNull();
  });
});
