import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextDrawTimes, sydneyParts } from './draw-schedule.ts';
import {
  combinations,
  combinationsBigInt,
  division1Odds,
  division1OddsText,
  GAMES,
  isLotteryKey,
  LOTTERY_KEYS,
  type LotteryKey,
  permutations,
  winningDivision,
} from './games.ts';

describe('GAMES', () => {
  it('describes the seven games of the catalogue, keyed by lottery key', () => {
    expect(Object.keys(GAMES).sort()).toEqual([...LOTTERY_KEYS].sort());
    for (const key of LOTTERY_KEYS) expect(GAMES[key].key).toBe(key);
    expect(GAMES['monday-wednesday-lotto'].name).toBe('Monday & Wednesday Lotto');
  });

  it('carries the number sets of each game', () => {
    expect(GAMES.powerball.numberSets).toEqual([
      { name: 'Numbers', count: 7, first: 1, last: 35 },
      { name: 'Powerball', count: 1, first: 1, last: 20 },
    ]);
    expect(GAMES['oz-lotto'].numberSets).toEqual([{ name: 'Numbers', count: 7, first: 1, last: 47 }]);
    expect(GAMES['saturday-lotto'].numberSets).toEqual([{ name: 'Numbers', count: 6, first: 1, last: 45 }]);
    expect(GAMES['set-for-life'].numberSets).toEqual([{ name: 'Numbers', count: 7, first: 1, last: 44 }]);
    expect(GAMES['lotto-strike'].numberSets).toEqual([{ name: 'Numbers', count: 4, first: 1, last: 45 }]);
    expect(GAMES['super-66'].numberSets).toEqual([{ name: 'Numbers', count: 6, first: 0, last: 9 }]);
  });

  it('carries what each draw produces', () => {
    expect(GAMES.powerball.drawn).toEqual({ main: 7, powerball: 1 });
    expect(GAMES['oz-lotto'].drawn).toEqual({ main: 7, supplementary: 3 });
    expect(GAMES['saturday-lotto'].drawn).toEqual({ main: 6, supplementary: 2 });
    expect(GAMES['monday-wednesday-lotto'].drawn).toEqual({ main: 6, supplementary: 2 });
    expect(GAMES['set-for-life'].drawn).toEqual({ main: 7, bonus: 2 });
  });

  it('marks the ordered games', () => {
    const ordered = LOTTERY_KEYS.filter((key) => GAMES[key].ordered);
    expect(ordered).toEqual(['lotto-strike', 'super-66']);
    expect(GAMES['super-66'].repeatsAllowed).toBe(true);
    expect(GAMES['lotto-strike'].repeatsAllowed).toBe(false);
  });

  it('numbers divisions 1..n in order, with the count of each game', () => {
    const counts = Object.fromEntries(LOTTERY_KEYS.map((key) => [key, GAMES[key].divisions.length]));
    expect(counts).toEqual({
      powerball: 9,
      'oz-lotto': 7,
      'saturday-lotto': 6,
      'monday-wednesday-lotto': 6,
      'set-for-life': 8,
      'lotto-strike': 4,
      'super-66': 5,
    });
    for (const key of LOTTERY_KEYS) {
      expect(GAMES[key].divisions.map((d) => d.division)).toEqual(GAMES[key].divisions.map((_, i) => i + 1));
    }
  });

  it('gives Monday & Wednesday division 1 a fixed $1 million', () => {
    expect(GAMES['monday-wednesday-lotto'].divisions[0]?.fixedPrizeCents).toBe(100_000_000);
    expect(GAMES['saturday-lotto'].divisions[0]?.fixedPrizeCents).toBeUndefined();
  });

  it('draws at the Sydney times of each game', () => {
    const from = new Date('2026-06-01T00:00:00Z'); // Monday 10:00 Sydney
    const first = (key: LotteryKey) => {
      const [draw] = nextDrawTimes(GAMES[key].schedule, from, 1);
      if (!draw) throw new Error('no draw');
      const p = sydneyParts(draw);
      return `${p.weekday} ${p.hour}:${String(p.minute).padStart(2, '0')}`;
    };
    expect(first('powerball')).toBe('4 20:30');
    expect(first('oz-lotto')).toBe('2 20:30');
    expect(first('saturday-lotto')).toBe('6 19:30');
    expect(first('monday-wednesday-lotto')).toBe('1 20:30');
    expect(first('set-for-life')).toBe('1 20:30');
    expect(first('lotto-strike')).toBe('1 20:30');
    expect(first('super-66')).toBe('6 19:30');
  });

  it('runs Lotto Strike with every Saturday, Monday and Wednesday Lotto draw', () => {
    const from = new Date('2026-06-01T00:00:00Z');
    const strike = nextDrawTimes(GAMES['lotto-strike'].schedule, from, 9).map((d) => d.getTime());
    const lotto = [
      ...nextDrawTimes(GAMES['saturday-lotto'].schedule, from, 3),
      ...nextDrawTimes(GAMES['monday-wednesday-lotto'].schedule, from, 6),
    ]
      .map((d) => d.getTime())
      .sort((a, b) => a - b)
      .slice(0, 9);
    expect(strike).toEqual(lotto);
  });

  it('recognises lottery keys', () => {
    expect(isLotteryKey('powerball')).toBe(true);
    expect(isLotteryKey('the-one-lottery')).toBe(false);
  });
});

describe('combinations', () => {
  it('computes known values', () => {
    expect(combinations(45, 6)).toBe(8_145_060);
    expect(combinations(35, 7)).toBe(6_724_520);
    expect(combinations(47, 7)).toBe(62_891_499);
    expect(combinations(10, 0)).toBe(1);
    expect(combinations(10, 10)).toBe(1);
    expect(combinations(0, 0)).toBe(1);
    expect(combinations(5, 6)).toBe(0);
    expect(combinations(12, 6)).toBe(924); // a System 12 Saturday Lotto entry
  });

  it('stays exact up to 2^53 and refuses beyond', () => {
    expect(combinations(56, 28)).toBe(7_648_690_600_760_440);
    expect(() => combinations(57, 28)).toThrow(RangeError);
    expect(combinationsBigInt(100, 50)).toBe(100891344545564193334812497256n);
    expect(() => combinations(100, 50)).toThrow(RangeError);
  });

  it('rejects negative or fractional arguments', () => {
    expect(() => combinations(-1, 2)).toThrow(RangeError);
    expect(() => combinations(5, 1.5)).toThrow(RangeError);
  });

  it("follows Pascal's rule (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 56 }), fc.integer({ min: 1, max: 56 }), (n, k) => {
        return combinations(n, k) === combinations(n - 1, k - 1) + combinations(n - 1, k);
      }),
    );
  });

  it('is symmetric (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 55 }), fc.integer({ min: 0, max: 55 }), (n, k) => {
        return k > n || combinations(n, k) === combinations(n, n - k);
      }),
    );
  });
});

describe('permutations', () => {
  it('counts ordered picks', () => {
    expect(permutations(45, 4)).toBe(3_575_880);
    expect(permutations(5, 0)).toBe(1);
    expect(permutations(3, 4)).toBe(0);
  });
});

describe('division1Odds', () => {
  it('gives the published odds of the standard games', () => {
    expect(division1Odds('powerball')).toBe(134_490_400);
    expect(division1Odds('oz-lotto')).toBe(62_891_499);
    expect(division1Odds('saturday-lotto')).toBe(8_145_060);
    expect(division1Odds('monday-wednesday-lotto')).toBe(8_145_060);
    expect(division1Odds('set-for-life')).toBe(38_320_568);
    expect(division1Odds('lotto-strike')).toBe(3_575_880);
    expect(division1Odds('super-66')).toBe(1_000_000);
  });

  it('writes "1 in N"', () => {
    expect(division1OddsText('powerball')).toBe('1 in 134,490,400');
  });
});

describe('winningDivision', () => {
  const div = (
    key: LotteryKey,
    entry: Parameters<typeof winningDivision>[1],
    result: Parameters<typeof winningDivision>[2],
  ) => winningDivision(key, entry, result)?.division ?? null;

  describe('Powerball', () => {
    const result = { main: [1, 2, 3, 4, 5, 6, 7], powerball: 10 };
    const pick = (hits: number, powerball: number) => ({
      numbers: [...[1, 2, 3, 4, 5, 6, 7].slice(0, hits), ...[20, 21, 22, 23, 24, 25, 26].slice(0, 7 - hits)],
      powerball,
    });

    it('pays every division', () => {
      expect(div('powerball', pick(7, 10), result)).toBe(1);
      expect(div('powerball', pick(7, 11), result)).toBe(2);
      expect(div('powerball', pick(6, 10), result)).toBe(3);
      expect(div('powerball', pick(6, 11), result)).toBe(4);
      expect(div('powerball', pick(5, 10), result)).toBe(5);
      expect(div('powerball', pick(4, 10), result)).toBe(6);
      expect(div('powerball', pick(5, 11), result)).toBe(7);
      expect(div('powerball', pick(3, 10), result)).toBe(8);
      expect(div('powerball', pick(2, 10), result)).toBe(9);
    });

    it('pays nothing below division 9', () => {
      expect(div('powerball', pick(4, 11), result)).toBeNull();
      expect(div('powerball', pick(1, 10), result)).toBeNull();
      expect(div('powerball', pick(0, 10), result)).toBeNull();
    });
  });

  describe('Oz Lotto', () => {
    const result = { main: [1, 2, 3, 4, 5, 6, 7], supplementary: [8, 9, 10] };
    it('uses supplementaries', () => {
      expect(div('oz-lotto', { numbers: [1, 2, 3, 4, 5, 6, 7] }, result)).toBe(1);
      expect(div('oz-lotto', { numbers: [1, 2, 3, 4, 5, 6, 8] }, result)).toBe(2);
      expect(div('oz-lotto', { numbers: [1, 2, 3, 4, 5, 6, 40] }, result)).toBe(3);
      expect(div('oz-lotto', { numbers: [1, 2, 3, 4, 5, 9, 40] }, result)).toBe(4);
      expect(div('oz-lotto', { numbers: [1, 2, 3, 4, 5, 40, 41] }, result)).toBe(5);
      expect(div('oz-lotto', { numbers: [1, 2, 3, 4, 8, 9, 10] }, result)).toBe(6);
      expect(div('oz-lotto', { numbers: [1, 2, 3, 10, 40, 41, 42] }, result)).toBe(7);
      expect(div('oz-lotto', { numbers: [1, 2, 3, 40, 41, 42, 43] }, result)).toBeNull();
      expect(div('oz-lotto', { numbers: [1, 2, 8, 9, 10, 41, 42] }, result)).toBeNull();
    });
  });

  describe('Saturday and Monday & Wednesday Lotto', () => {
    const result = { main: [1, 2, 3, 4, 5, 6], supplementary: [7, 8] };
    it('pays every division, including 1 or 2 + both supplementaries', () => {
      for (const key of ['saturday-lotto', 'monday-wednesday-lotto'] as const) {
        expect(div(key, { numbers: [1, 2, 3, 4, 5, 6] }, result)).toBe(1);
        expect(div(key, { numbers: [1, 2, 3, 4, 5, 7] }, result)).toBe(2);
        expect(div(key, { numbers: [1, 2, 3, 4, 5, 40] }, result)).toBe(3);
        expect(div(key, { numbers: [1, 2, 3, 4, 40, 41] }, result)).toBe(4);
        expect(div(key, { numbers: [1, 2, 3, 4, 7, 8] }, result)).toBe(4);
        expect(div(key, { numbers: [1, 2, 3, 8, 40, 41] }, result)).toBe(5);
        expect(div(key, { numbers: [1, 2, 7, 8, 40, 41] }, result)).toBe(6);
        expect(div(key, { numbers: [1, 7, 8, 40, 41, 42] }, result)).toBe(6);
        expect(div(key, { numbers: [7, 8, 40, 41, 42, 43] }, result)).toBeNull();
        expect(div(key, { numbers: [1, 2, 7, 40, 41, 42] }, result)).toBeNull();
        expect(div(key, { numbers: [1, 2, 3, 40, 41, 42] }, result)).toBeNull();
      }
    });
  });

  describe('Set for Life', () => {
    const result = { main: [1, 2, 3, 4, 5, 6, 7], bonus: [8, 9] };
    it('uses bonus numbers', () => {
      expect(div('set-for-life', { numbers: [1, 2, 3, 4, 5, 6, 7] }, result)).toBe(1);
      expect(div('set-for-life', { numbers: [1, 2, 3, 4, 5, 6, 8] }, result)).toBe(2);
      expect(div('set-for-life', { numbers: [1, 2, 3, 4, 5, 6, 40] }, result)).toBe(3);
      expect(div('set-for-life', { numbers: [1, 2, 3, 4, 5, 9, 40] }, result)).toBe(4);
      expect(div('set-for-life', { numbers: [1, 2, 3, 4, 5, 40, 41] }, result)).toBe(5);
      expect(div('set-for-life', { numbers: [1, 2, 3, 4, 8, 40, 41] }, result)).toBe(6);
      expect(div('set-for-life', { numbers: [1, 2, 3, 4, 40, 41, 42] }, result)).toBe(7);
      expect(div('set-for-life', { numbers: [1, 2, 3, 8, 9, 41, 42] }, result)).toBe(8);
      expect(div('set-for-life', { numbers: [1, 2, 3, 40, 41, 42, 43] }, result)).toBeNull();
    });
  });

  describe('Lotto Strike', () => {
    const result = { main: [10, 20, 30, 40] };
    it('counts positions from the first ball, in order', () => {
      expect(div('lotto-strike', { numbers: [10, 20, 30, 40] }, result)).toBe(1);
      expect(div('lotto-strike', { numbers: [10, 20, 30, 41] }, result)).toBe(2);
      expect(div('lotto-strike', { numbers: [10, 20, 40, 30] }, result)).toBe(3);
      expect(div('lotto-strike', { numbers: [10, 1, 30, 40] }, result)).toBe(4);
      expect(div('lotto-strike', { numbers: [20, 10, 30, 40] }, result)).toBeNull();
      expect(div('lotto-strike', { numbers: [40, 30, 20, 10] }, result)).toBeNull();
    });
  });

  describe('Super 66', () => {
    const result = { main: [1, 2, 3, 4, 5, 6] };
    it('pays the first or last digits in order', () => {
      expect(div('super-66', { numbers: [1, 2, 3, 4, 5, 6] }, result)).toBe(1);
      expect(div('super-66', { numbers: [1, 2, 3, 4, 5, 0] }, result)).toBe(2);
      expect(div('super-66', { numbers: [0, 2, 3, 4, 5, 6] }, result)).toBe(2);
      expect(div('super-66', { numbers: [1, 2, 3, 4, 0, 0] }, result)).toBe(3);
      expect(div('super-66', { numbers: [0, 0, 3, 4, 5, 6] }, result)).toBe(3);
      expect(div('super-66', { numbers: [1, 2, 3, 0, 0, 0] }, result)).toBe(4);
      expect(div('super-66', { numbers: [0, 0, 0, 4, 5, 6] }, result)).toBe(4);
      expect(div('super-66', { numbers: [1, 2, 0, 0, 0, 0] }, result)).toBe(5);
      expect(div('super-66', { numbers: [0, 0, 0, 0, 5, 6] }, result)).toBe(5);
      expect(div('super-66', { numbers: [1, 0, 0, 0, 0, 6] }, result)).toBeNull();
      expect(div('super-66', { numbers: [0, 2, 3, 4, 5, 0] }, result)).toBeNull();
    });

    it('allows repeated digits', () => {
      expect(div('super-66', { numbers: [7, 7, 7, 7, 7, 7] }, { main: [7, 7, 7, 7, 7, 7] })).toBe(1);
      expect(div('super-66', { numbers: [7, 7, 0, 0, 0, 0] }, { main: [7, 7, 7, 7, 7, 7] })).toBe(5);
    });
  });

  it('pays division 1 for the drawn numbers themselves in every game (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOTTERY_KEYS), fc.integer({ min: 0, max: 2 ** 31 }), (key, seed) => {
        const game = GAMES[key];
        const mainSet = game.numberSets[0];
        if (!mainSet) return false;
        let state = seed;
        const next = () => {
          state = (state * 1103515245 + 12345) % 2 ** 31;
          return state;
        };
        const main: number[] = [];
        while (main.length < mainSet.count) {
          const n = mainSet.first + (next() % (mainSet.last - mainSet.first + 1));
          if (game.repeatsAllowed || !main.includes(n)) main.push(n);
        }
        const powerball = game.drawn.powerball ? 1 + (next() % 20) : undefined;
        const result = { main, powerball };
        return winningDivision(key, { numbers: main, powerball }, result)?.division === 1;
      }),
    );
  });
});
