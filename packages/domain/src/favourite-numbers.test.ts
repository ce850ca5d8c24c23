import { describe, expect, it } from 'vitest';
import {
  applyFavouriteSet,
  type FavouriteNumberSet,
  favouriteNumbersFailures,
  favouriteSetFromGame,
  parseFavouriteNumbers,
  withFavouriteSet,
  withoutFavouriteSet,
} from './favourite-numbers.ts';
import { GAMES, type NumberSet } from './games.ts';

const POWERBALL = GAMES.powerball.numberSets;
const SYSTEM_9: NumberSet[] = [{ name: 'Numbers', count: 9, first: 1, last: 35 }, POWERBALL[1]!];
const setsOf = (lottery: string) =>
  lottery === 'powerball' ? POWERBALL : lottery === 'oz-lotto' ? GAMES['oz-lotto'].numberSets : undefined;
const PB: FavouriteNumberSet = { lottery: 'powerball', numbers: [3, 9, 14, 20, 27, 31, 35], powerball: [4] };

describe('favourite numbers rules', () => {
  it('accepts sets within the standard game of each lottery, also partial ones', () => {
    expect(favouriteNumbersFailures([PB, { lottery: 'oz-lotto', numbers: [1, 47] }], setsOf)).toEqual([]);
    expect(favouriteNumbersFailures([], setsOf)).toEqual([]);
  });

  it('names the field of every failure', () => {
    const failures = favouriteNumbersFailures(
      [
        { lottery: 'powerball', numbers: [3, 3, 36], powerball: [21] },
        { lottery: 'oz-lotto', numbers: [1], powerball: [1] },
        { lottery: 'nope', numbers: [1] },
        { lottery: 'powerball', numbers: [] },
        { lottery: 'oz-lotto', numbers: [1, 2, 3, 4, 5, 6, 7, 8] },
      ],
      setsOf,
    );
    expect(failures.map((f) => [f.path, f.code])).toEqual([
      ['favourite_numbers[0].numbers[1]', 'duplicate'],
      ['favourite_numbers[0].numbers[2]', 'out_of_range'],
      ['favourite_numbers[0].powerball[0]', 'out_of_range'],
      ['favourite_numbers[1].powerball', 'invalid'],
      ['favourite_numbers[2].lottery', 'unknown_lottery'],
      ['favourite_numbers[3].lottery', 'duplicate'],
      ['favourite_numbers[3].numbers', 'required'],
      ['favourite_numbers[4].lottery', 'duplicate'],
      ['favourite_numbers[4].numbers', 'too_many'],
    ]);
    expect(failures[0]?.message).toBe('A number cannot be added twice.');
  });

  it('refuses more sets than the limit', () => {
    const many = Array.from({ length: 21 }, () => PB);
    expect(favouriteNumbersFailures(many, setsOf)[0]?.code).toBe('too_many');
  });
});

describe('favourite numbers storage', () => {
  it('keeps only set shapes, one per lottery', () => {
    expect(
      parseFavouriteNumbers([
        7,
        null,
        { lottery: 'powerball', numbers: [1, 2], powerball: [] },
        { lottery: 'powerball', numbers: [5] },
        { lottery: 'oz-lotto', numbers: ['1'] },
        { lottery: 'oz-lotto', numbers: [1.5] },
        { lottery: 'oz-lotto', numbers: [] },
        { lottery: 'saturday-lotto', numbers: [4], powerball: 'x' },
      ]),
    ).toEqual([
      { lottery: 'powerball', numbers: [1, 2] },
      { lottery: 'saturday-lotto', numbers: [4] },
    ]);
    expect(parseFavouriteNumbers('nope')).toEqual([]);
    expect(parseFavouriteNumbers([7, 11])).toEqual([]);
  });

  it('replaces, adds and removes sets by lottery', () => {
    const oz = { lottery: 'oz-lotto', numbers: [1] };
    const list = withFavouriteSet([PB], oz);
    expect(list).toEqual([PB, oz]);
    expect(withFavouriteSet(list, { lottery: 'powerball', numbers: [2] })).toEqual([
      { lottery: 'powerball', numbers: [2] },
      oz,
    ]);
    expect(withoutFavouriteSet(list, 'powerball')).toEqual([oz]);
  });
});

describe('favourites and games', () => {
  it('saves the picks of a game in slot order, capped at the standard count', () => {
    const system = { Numbers: [9, null, 2, 3, 4, 5, 6, 7, 8], Powerball: [11] };
    expect(favouriteSetFromGame('powerball', system, POWERBALL)).toEqual({
      lottery: 'powerball',
      numbers: [9, 2, 3, 4, 5, 6, 7],
      powerball: [11],
    });
    expect(favouriteSetFromGame('powerball', { Numbers: [null], Powerball: [3] }, POWERBALL)).toBeUndefined();
    expect(favouriteSetFromGame('oz-lotto', { Numbers: [4, null] }, GAMES['oz-lotto'].numberSets)).toEqual({
      lottery: 'oz-lotto',
      numbers: [4],
    });
  });

  it('fills a game with the saved set, replacing its picks', () => {
    const game = { Numbers: [1, 2, null, null, null, null, null], Powerball: [null] };
    expect(applyFavouriteSet(POWERBALL, 'standard', game, PB)).toEqual({
      Numbers: [3, 9, 14, 20, 27, 31, 35],
      Powerball: [4],
    });
  });

  it('fills the first slots of a bigger system game and leaves sets it does not name', () => {
    const game = { Numbers: Array(9).fill(1), Powerball: [7] };
    expect(
      applyFavouriteSet(SYSTEM_9, 'reduced_system', game, { lottery: 'powerball', numbers: [5, 6] }),
    ).toEqual({
      Numbers: [5, 6, null, null, null, null, null, null, null],
      Powerball: [7],
    });
  });

  it('leaves out saved numbers that do not fit the game', () => {
    const set = { lottery: 'powerball', numbers: [40, 2, 2, 3], powerball: [30] };
    const game = { Numbers: Array(7).fill(null), Powerball: [null] };
    expect(applyFavouriteSet(POWERBALL, 'standard', game, set)).toEqual({
      Numbers: [null, 2, null, 3, null, null, null],
      Powerball: [null],
    });
  });
});
