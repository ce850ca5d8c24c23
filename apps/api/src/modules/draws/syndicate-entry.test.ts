import { combinations } from '@drawhouse/domain';
import { describe, expect, it } from 'vitest';
import { quickPickSyndicateEntry } from './syndicate-scoring.service.ts';

describe("a syndicate's quick-picked entry", () => {
  it('is numGames systems whose combinations make numStandardGames, with a Powerball each', () => {
    const entry = quickPickSyndicateEntry('powerball', 4, 480);
    expect(entry).toHaveLength(4);
    for (const game of entry) {
      expect(combinations(game.numbers.length, 7)).toBe(120);
      expect(new Set(game.numbers).size).toBe(10);
      expect(game.numbers.every((n) => n >= 1 && n <= 35)).toBe(true);
      expect(game.powerball).toHaveLength(1);
    }
  });

  it('plays systems of the game without a Powerball where it has none', () => {
    const entry = quickPickSyndicateEntry('oz-lotto', 2, 240);
    expect(entry.map((g) => g.numbers.length)).toEqual([10, 10]);
    expect(entry.every((g) => g.powerball === undefined)).toBe(true);
  });
});
