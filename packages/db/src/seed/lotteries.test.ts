import { entryPriceCents, gamesPerLine, linearPriceTable } from '@drawhouse/domain';
import { describe, expect, it } from 'vitest';
import { LOTTERIES } from './lotteries.ts';

describe('Quick Pick (random) in the demo catalogue', () => {
  const typeOf = (key: string, type: string) =>
    LOTTERIES.find((l) => l.key === key)?.gameTypes.find((t) => t.key === type);

  it('is sold on every game whose numbers are a set, at /random, and not on ordered games', () => {
    for (const key of ['powerball', 'oz-lotto', 'saturday-lotto', 'monday-wednesday-lotto', 'set-for-life']) {
      expect(typeOf(key, 'random'), key).toMatchObject({ pathSuffix: '/random', name: 'Quick Pick' });
    }
    expect(typeOf('lotto-strike', 'random')).toBeUndefined();
    expect(typeOf('super-66', 'random')).toBeUndefined();
  });

  it('plays the standard number sets and prices each line as one standard game', () => {
    for (const l of LOTTERIES) {
      const random = typeOf(l.key, 'random')?.gameOffers[0];
      const standard = typeOf(l.key, 'standard')?.gameOffers[0];
      if (!random || !standard) continue;
      expect(random.key).toBe(`${l.key}-random`);
      expect(random.numberSets).toEqual(standard.numberSets);
      const perLine = gamesPerLine(l.key, 'random', { mainCount: random.numberSets[0]?.count ?? 0 });
      expect(perLine).toBe(1);
      const prices = linearPriceTable(random.minGames, random.maxGames, perLine, random.standardGameCents);
      const standardPrices = linearPriceTable(
        standard.minGames,
        standard.maxGames,
        1,
        standard.standardGameCents,
      );
      expect(entryPriceCents(prices, 5, 2)).toBe(entryPriceCents(standardPrices, 5, 2));
    }
  });
});
