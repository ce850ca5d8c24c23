import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAMES, type NumberSet } from './games.ts';
import { quickPick, quickPickGames, quickPickSet } from './quick-pick.ts';
import { isGameComplete, pickedNumbers, type Slot, validateEntry } from './ticket.ts';

const POWERBALL = GAMES.powerball.numberSets;
const SUPER66 = GAMES['super-66'].numberSets;
const STRIKE = GAMES['lotto-strike'].numberSets;
const SYSTEM_20: NumberSet[] = [{ name: 'Numbers', count: 20, first: 1, last: 45 }];

/** A random source from fast-check: a list of raw values cycled through, reduced into range. */
const randomArb = fc.array(fc.nat(), { minLength: 1, maxLength: 40 }).map((values) => {
  let i = 0;
  return (max: number) => values[i++ % values.length]! % max;
});

const cases: [string, readonly NumberSet[], string][] = [
  ['standard', POWERBALL, 'standard'],
  ['system', [SYSTEM_20[0]!, POWERBALL[1]!], 'reduced_system'],
  ['powerhit', POWERBALL, 'powerhit'],
  ['random', GAMES['oz-lotto'].numberSets, 'random'],
  ['strike', STRIKE, 'strike_standard'],
  ['boxed', STRIKE, 'strike_boxed'],
  ['super 66', SUPER66, 'sequential'],
];

describe('quickPick', () => {
  it('fills an empty Powerball game', () => {
    const game = quickPick(POWERBALL, 'standard', () => 0);
    expect(game).toEqual({ Numbers: [1, 2, 3, 4, 5, 6, 7], Powerball: [1] });
  });
  it('keeps picked numbers and their places', () => {
    const game = quickPick(POWERBALL, 'standard', () => 0, { Numbers: [null, 1, null, 3, null, null, null] });
    expect(game.Numbers).toEqual([2, 1, 4, 3, 5, 6, 7]);
  });
  it('leaves PowerHit Powerballs implied and lets Super 66 digits repeat', () => {
    expect(quickPick(POWERBALL, 'powerhit', () => 0)).toEqual({ Numbers: [1, 2, 3, 4, 5, 6, 7] });
    expect(quickPick(SUPER66, 'sequential', () => 4)).toEqual({ Numbers: [4, 4, 4, 4, 4, 4] });
  });
  it('refuses a random source out of range and a set too small to fill', () => {
    expect(() => quickPick(POWERBALL, 'standard', () => 99)).toThrow(RangeError);
    expect(() => quickPickSet({ name: 'Numbers', count: 3, first: 1, last: 2 }, [], () => 0)).toThrow(
      RangeError,
    );
  });
  it('makes any number of games', () => {
    expect(quickPickGames(POWERBALL, 'random', () => 0, 3)).toHaveLength(3);
    expect(() => quickPickGames(POWERBALL, 'random', () => 0, -1)).toThrow(RangeError);
  });
  for (const [name, numberSets, gameType] of cases) {
    it(`property (${name}): always complete and valid, keeping picked numbers`, () => {
      const main = numberSets[0]!;
      const repeats = gameType === 'sequential';
      const prePicked = fc
        .array(fc.option(fc.integer({ min: main.first, max: main.last }), { nil: null }), {
          maxLength: main.count,
        })
        .map((slots: Slot[]) => {
          if (repeats) return slots;
          const seen = new Set<number>();
          return slots.map((n) => {
            if (n === null || seen.has(n)) return null;
            seen.add(n);
            return n;
          });
        });
      fc.assert(
        fc.property(randomArb, prePicked, (random, slots) => {
          const game = quickPick(numberSets, gameType, random, { Numbers: slots });
          expect(isGameComplete(numberSets, game, gameType)).toBe(true);
          const offer = { gameType, minGames: 1, maxGames: 1, numberSets };
          expect(validateEntry(offer, { games: [game] })).toEqual([]);
          slots.forEach((n, i) => {
            if (n !== null) expect(game.Numbers![i]).toBe(n);
          });
          expect(pickedNumbers(game.Numbers)).toHaveLength(main.count);
        }),
      );
    });
  }
});
