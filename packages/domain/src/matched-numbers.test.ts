import { describe, expect, it } from 'vitest';
import { matchedNumbers, matchOrderOf } from './matched-numbers.ts';

describe('matched numbers', () => {
  it('matches in any order where order does not count, and reads smallest first', () => {
    const match = matchedNumbers(
      { numbers: [30, 4, 17, 9, 22, 1, 35], powerball: [12] },
      { numbers: { Numbers: [9, 1, 2, 3, 35, 5, 6], Powerball: [12] }, supplementary: [] },
      'any',
    );
    expect(match.sets).toEqual([
      {
        name: 'Numbers',
        numbers: [1, 4, 9, 17, 22, 30, 35],
        matched: [1, 9, 35],
        matchedPositions: [0, 2, 6],
      },
      { name: 'Powerball', numbers: [12], matched: [12], matchedPositions: [0] },
    ]);
  });

  it('names the main numbers that match a supplementary ball', () => {
    const match = matchedNumbers(
      { numbers: [1, 2, 3, 4, 5, 6] },
      { numbers: { Numbers: [1, 2, 3, 40, 41, 42] }, supplementary: [6, 44] },
      'any',
    );
    expect(match.sets[0]?.matched).toEqual([1, 2, 3]);
    expect(match.supplementaryMatched).toEqual([6]);
  });

  it('Lotto Strike: a number counts only in its place, from the first on', () => {
    const result = { numbers: { Numbers: [7, 21, 3, 40] }, supplementary: [] };
    expect(matchedNumbers({ numbers: [7, 21, 40, 3] }, result, 'from_start').sets[0]).toEqual({
      name: 'Numbers',
      numbers: [7, 21, 40, 3],
      matched: [7, 21],
      matchedPositions: [0, 1],
    });
    // Every number drawn, none in its place from the first: nothing matched.
    expect(matchedNumbers({ numbers: [21, 7, 3, 40] }, result, 'from_start').sets[0]?.matched).toEqual([]);
  });

  it('Super 66: the longer run from the first or the last digit, repeated digits kept apart', () => {
    const result = { numbers: { Numbers: [1, 1, 2, 3, 5, 8] }, supplementary: [] };
    expect(
      matchedNumbers({ numbers: [9, 9, 2, 3, 5, 8] }, result, 'from_start_or_end').sets[0],
    ).toMatchObject({
      matched: [2, 3, 5, 8],
      matchedPositions: [2, 3, 4, 5],
    });
    expect(
      matchedNumbers({ numbers: [1, 1, 0, 0, 0, 8] }, result, 'from_start_or_end').sets[0],
    ).toMatchObject({
      matched: [1, 1],
      matchedPositions: [0, 1],
    });
  });

  it('matches nothing before the result', () => {
    const match = matchedNumbers({ numbers: [3, 1, 2], powerball: [4] }, null, 'any');
    expect(match.sets.map((s) => s.matched)).toEqual([[], []]);
    expect(match.sets[0]?.numbers).toEqual([1, 2, 3]);
  });

  it('picks the order from the game and its type', () => {
    expect(matchOrderOf('powerball', 'standard')).toBe('any');
    expect(matchOrderOf('lotto-strike', 'strike_standard')).toBe('from_start');
    expect(matchOrderOf('lotto-strike', 'strike_boxed')).toBe('any');
    expect(matchOrderOf('super-66', 'sequential')).toBe('from_start_or_end');
    expect(matchOrderOf(null, null)).toBe('any');
  });
});
