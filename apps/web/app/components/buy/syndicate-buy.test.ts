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
  it('is unknown without the entry, for an unknown lottery, or for more shares than exist', () => {
    expect(syndicateShareOdds({ ...powerballSyndicate, numStandardGames: null }, 1)).toBeNull();
    expect(syndicateShareOdds({ ...powerballSyndicate, lotteryKey: 'euromillions' }, 1)).toBeNull();
    expect(syndicateShareOdds(powerballSyndicate, 51)).toBeNull();
  });
});
