import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  distinctOrderings,
  entryPriceCents,
  entryStandardGames,
  gamesPerLine,
  linearPriceTable,
  rafflePriceCents,
  syndicatePriceCents,
} from './entry-price.ts';
import { combinations, combinationsBigInt } from './games.ts';

describe('gamesPerLine', () => {
  it('counts the standard games of each game type', () => {
    expect(gamesPerLine('powerball', 'standard', { mainCount: 7 })).toBe(1);
    expect(gamesPerLine('saturday-lotto', 'random', { mainCount: 6 })).toBe(1);
    expect(gamesPerLine('super-66', 'sequential', { mainCount: 6 })).toBe(1);
    expect(gamesPerLine('lotto-strike', 'strike_standard', { mainCount: 4 })).toBe(1);
    expect(gamesPerLine('powerball', 'powerhit', { mainCount: 7 })).toBe(20);
    expect(gamesPerLine('lotto-strike', 'strike_boxed', { mainCount: 4 })).toBe(24);
    expect(gamesPerLine('lotto-strike', 'strike_boxed', { mainCount: 4, numbers: [1, 2, 3, 4] })).toBe(24);
    expect(gamesPerLine('lotto-strike', 'strike_boxed', { mainCount: 4, numbers: [1, 1, 3, 4] })).toBe(12);
  });
  it('counts C(N, k) for every system size', () => {
    const cases: [Parameters<typeof gamesPerLine>[0], number, number][] = [
      ['powerball', 8, 8],
      ['powerball', 9, 36],
      ['powerball', 10, 120],
      ['powerball', 11, 330],
      ['powerball', 12, 792],
      ['saturday-lotto', 7, 7],
      ['saturday-lotto', 8, 28],
      ['saturday-lotto', 9, 84],
      ['saturday-lotto', 10, 210],
      ['saturday-lotto', 12, 924],
      ['saturday-lotto', 14, 3003],
      ['saturday-lotto', 16, 8008],
      ['saturday-lotto', 18, 18564],
      ['saturday-lotto', 20, 38760],
      ['oz-lotto', 8, 8],
      ['oz-lotto', 12, 792],
    ];
    for (const [lottery, n, games] of cases) {
      expect(gamesPerLine(lottery, 'reduced_system', { mainCount: n })).toBe(games);
    }
  });
  it('property: C(n, k) = C(n, n - k), and Pascal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), (n, k) => {
        fc.pre(k <= n);
        expect(combinationsBigInt(n, k)).toBe(combinationsBigInt(n, n - k));
        if (k >= 1) {
          expect(combinationsBigInt(n + 1, k)).toBe(combinationsBigInt(n, k) + combinationsBigInt(n, k - 1));
        }
        if (n <= 50) expect(combinations(n, k)).toBe(Number(combinationsBigInt(n, k)));
      }),
    );
  });
  it('distinctOrderings divides out repeats', () => {
    expect(distinctOrderings([])).toBe(1);
    expect(distinctOrderings([5, 5, 5, 5])).toBe(1);
    expect(distinctOrderings([1, 1, 2, 2])).toBe(6);
  });
});

describe('entryStandardGames', () => {
  it('adds up the games of every line', () => {
    const system9 = { Numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9], Powerball: [3] };
    expect(entryStandardGames('powerball', 'reduced_system', [system9, system9])).toBe(72);
    expect(
      entryStandardGames('powerball', 'standard', [{ Numbers: [1, 2, 3, 4, 5, 6, 7], Powerball: [1] }]),
    ).toBe(1);
    expect(entryStandardGames('powerball', 'powerhit', [{ Numbers: [1, 2, 3, 4, 5, 6, 7] }])).toBe(20);
    expect(entryStandardGames('lotto-strike', 'strike_boxed', [{ Numbers: [4, 3, 2, 1] }])).toBe(24);
    expect(entryStandardGames('super-66', 'sequential', [])).toBe(0);
  });
});

describe('entryPriceCents', () => {
  const table = linearPriceTable(1, 50, 1, 155);

  it('reads the offer table and multiplies by draws', () => {
    expect(entryPriceCents(table, 1, 1)).toBe(155);
    expect(entryPriceCents(table, 18, 1)).toBe(2790);
    expect(entryPriceCents(table, 18, 4)).toBe(11160);
    const system9 = linearPriceTable(1, 10, combinations(9, 7), 155);
    expect(entryPriceCents(system9, 1, 1)).toBe(5580);
    const powerhit = linearPriceTable(1, 10, 20, 155);
    expect(entryPriceCents(powerhit, 2, 1)).toBe(6200);
    const boxed = linearPriceTable(1, 5, 24, 110);
    expect(entryPriceCents(boxed, 1, 1)).toBe(2640);
  });
  it('uses a listed discount price as it is', () => {
    const discounted = [
      { games: 1, priceCents: 100 },
      { games: 10, priceCents: 900 },
    ];
    expect(entryPriceCents(discounted, 10, 1)).toBe(900);
  });
  it('falls back to the smallest row per game, rounded up', () => {
    expect(entryPriceCents(table, 60, 1)).toBe(9300);
    expect(entryPriceCents([{ games: 3, priceCents: 100 }], 4, 1)).toBe(134);
  });
  it('refuses absurd and invalid counts', () => {
    expect(() => entryPriceCents(table, 0, 1)).toThrow(RangeError);
    expect(() => entryPriceCents(table, 1, 0)).toThrow(RangeError);
    expect(() => entryPriceCents(table, 1.5, 1)).toThrow(RangeError);
    expect(() => entryPriceCents(table, Number.NaN, 1)).toThrow(RangeError);
    expect(() => entryPriceCents([], 1, 1)).toThrow(RangeError);
    expect(() => entryPriceCents(table, 1e9, 1e9)).toThrow(RangeError);
    expect(() => entryPriceCents(table, 2 ** 53, 1)).toThrow(RangeError);
    expect(() => entryPriceCents([{ games: 1, priceCents: -5 }], 1, 1)).toThrow(RangeError);
  });
  it('property: monotonic in games and in draws, integer cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        (perLine, listedMax, g1, g2, d1, d2) => {
          const prices = linearPriceTable(1, Math.min(listedMax, 40), 1, perLine);
          const [gLow, gHigh] = g1 <= g2 ? [g1, g2] : [g2, g1];
          const [dLow, dHigh] = d1 <= d2 ? [d1, d2] : [d2, d1];
          const low = entryPriceCents(prices, gLow, dLow);
          expect(Number.isSafeInteger(low)).toBe(true);
          expect(entryPriceCents(prices, gHigh, dLow)).toBeGreaterThanOrEqual(low);
          expect(entryPriceCents(prices, gLow, dHigh)).toBeGreaterThanOrEqual(low);
          expect(entryPriceCents(prices, gLow, dHigh)).toBe(entryPriceCents(prices, gLow, 1) * dHigh);
        },
      ),
    );
  });
});

describe('syndicates and raffles', () => {
  it('syndicate: cost per share x shares', () => {
    expect(syndicatePriceCents(2500, 3)).toBe(7500);
    expect(syndicatePriceCents(2500, 3, 2)).toBe(15000);
    expect(() => syndicatePriceCents(2500, 0)).toThrow(RangeError);
    expect(() => syndicatePriceCents(2 ** 52, 4)).toThrow(RangeError);
  });
  it('raffle: the book price', () => {
    const books = [
      { numTickets: 1, priceCents: 500 },
      { numTickets: 3, priceCents: 1000 },
      { numTickets: 10, priceCents: 2500 },
      { numTickets: 30, priceCents: 5000 },
    ];
    expect(rafflePriceCents(books, 3)).toBe(1000);
    expect(rafflePriceCents(books, 30, 2)).toBe(10000);
    expect(() => rafflePriceCents(books, 4)).toThrow(RangeError);
  });
});
