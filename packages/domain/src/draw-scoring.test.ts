import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomResult } from './draw-results.ts';
import {
  createScorer,
  expandGame,
  numbersMask,
  pairPopcount,
  type SoldGame,
  type StoredResult,
  scoreTicket,
  scoreTicketReference,
  toDrawResult,
  winnersByDivision,
} from './draw-scoring.ts';
import { GAMES, type LotteryKey } from './games.ts';

/** Division won by one line (both paths must agree), or null. */
function divisionWon(key: LotteryKey, gameType: string, line: SoldGame, result: StoredResult): number | null {
  const fast = scoreTicket(key, gameType, [line], result);
  expect(fast).toEqual(scoreTicketReference(key, gameType, [line], result));
  if (fast.length === 0) return null;
  expect(fast).toHaveLength(1);
  expect(fast[0]?.combos).toBe(1);
  return fast[0]!.division;
}

function winsOf(
  key: LotteryKey,
  gameType: string,
  line: SoldGame,
  result: StoredResult,
): Record<number, number> {
  const fast = scoreTicket(key, gameType, [line], result);
  expect(fast).toEqual(scoreTicketReference(key, gameType, [line], result));
  return Object.fromEntries(fast.map((w) => [w.division, w.combos]));
}

type Case = [numbers: number[], division: number | null, powerball?: number];

function checkCases(key: LotteryKey, gameType: string, result: StoredResult, cases: Case[]) {
  for (const [numbers, division, powerball] of cases) {
    const line: SoldGame = powerball === undefined ? { numbers } : { numbers, powerball: [powerball] };
    expect({ numbers, powerball, division: divisionWon(key, gameType, line, result) }).toEqual({
      numbers,
      powerball,
      division,
    });
  }
}

describe('hand-worked divisions', () => {
  it('Powerball: 7 numbers from 1-35 and the Powerball', () => {
    const result = { numbers: { Numbers: [3, 12, 19, 24, 28, 31, 35], Powerball: [7] }, supplementary: [] };
    checkCases('powerball', 'standard', result, [
      [[3, 12, 19, 24, 28, 31, 35], 1, 7],
      [[35, 31, 28, 24, 19, 12, 3], 2, 8],
      [[3, 12, 19, 24, 28, 31, 1], 3, 7],
      [[3, 12, 19, 24, 28, 31, 1], 4, 8],
      [[3, 12, 19, 24, 28, 1, 2], 5, 7],
      [[3, 12, 19, 24, 1, 2, 4], 6, 7],
      [[3, 12, 19, 24, 28, 1, 2], 7, 8],
      [[3, 12, 19, 1, 2, 4, 5], 8, 7],
      [[3, 12, 1, 2, 4, 5, 6], 9, 7],
      // Neighbours that win nothing.
      [[3, 12, 1, 2, 4, 5, 6], null, 8],
      [[3, 12, 19, 1, 2, 4, 5], null, 8],
      [[3, 12, 19, 24, 1, 2, 4], null, 8],
      [[3, 1, 2, 4, 5, 6, 8], null, 7],
      [[1, 2, 4, 5, 6, 8, 9], null, 7],
    ]);
  });

  it('Oz Lotto: 7 numbers from 1-47 and 3 supplementaries', () => {
    const result = { numbers: { Numbers: [5, 10, 15, 20, 25, 30, 35] }, supplementary: [40, 41, 42] };
    checkCases('oz-lotto', 'standard', result, [
      [[5, 10, 15, 20, 25, 30, 35], 1],
      [[5, 10, 15, 20, 25, 30, 40], 2],
      [[5, 10, 15, 20, 25, 30, 1], 3],
      [[5, 10, 15, 20, 25, 40, 1], 4],
      [[5, 10, 15, 20, 25, 1, 2], 5],
      [[5, 10, 15, 20, 1, 2, 3], 6],
      [[5, 10, 15, 20, 40, 41, 42], 6],
      [[5, 10, 15, 40, 1, 2, 3], 7],
      [[5, 10, 15, 1, 2, 3, 4], null],
      [[5, 10, 40, 41, 42, 1, 2], null],
    ]);
  });

  it('Saturday Lotto: 6 numbers from 1-45 and 2 supplementaries', () => {
    const result = { numbers: { Numbers: [2, 4, 6, 8, 10, 12] }, supplementary: [14, 16] };
    checkCases('saturday-lotto', 'standard', result, [
      [[2, 4, 6, 8, 10, 12], 1],
      [[2, 4, 6, 8, 10, 14], 2],
      [[2, 4, 6, 8, 10, 1], 3],
      [[2, 4, 6, 8, 1, 3], 4],
      [[2, 4, 6, 14, 1, 3], 5],
      [[2, 4, 14, 16, 1, 3], 6],
      [[2, 14, 16, 1, 3, 5], 6],
      [[14, 16, 1, 3, 5, 7], null],
      [[2, 4, 14, 1, 3, 5], null],
      [[2, 4, 6, 1, 3, 5], null],
    ]);
  });

  it('Monday & Wednesday Lotto: division 6 is 1 or 2 numbers and both supplementaries', () => {
    const result = { numbers: { Numbers: [41, 42, 43, 44, 45, 1] }, supplementary: [20, 21] };
    checkCases('monday-wednesday-lotto', 'standard', result, [
      [[1, 41, 42, 43, 44, 45], 1],
      [[41, 42, 43, 44, 45, 21], 2],
      [[41, 42, 43, 44, 45, 2], 3],
      [[41, 42, 43, 44, 2, 3], 4],
      [[41, 42, 43, 20, 2, 3], 5],
      [[41, 42, 43, 20, 21, 3], 5],
      [[41, 42, 20, 21, 2, 3], 6],
      [[41, 20, 21, 2, 3, 4], 6],
      [[20, 21, 2, 3, 4, 5], null],
      [[41, 20, 2, 3, 4, 5], null],
    ]);
  });

  it('Set for Life: 7 numbers from 1-44 and 2 bonus balls (stored as supplementary)', () => {
    const result = { numbers: { Numbers: [1, 2, 3, 4, 5, 6, 7] }, supplementary: [8, 9] };
    checkCases('set-for-life', 'standard', result, [
      [[1, 2, 3, 4, 5, 6, 7], 1],
      [[1, 2, 3, 4, 5, 6, 8], 2],
      [[1, 2, 3, 4, 5, 6, 20], 3],
      [[1, 2, 3, 4, 5, 9, 20], 4],
      [[1, 2, 3, 4, 5, 20, 21], 5],
      [[1, 2, 3, 4, 8, 20, 21], 6],
      [[1, 2, 3, 4, 20, 21, 22], 7],
      [[1, 2, 3, 8, 9, 20, 21], 8],
      [[1, 2, 3, 20, 21, 22, 23], null],
      [[1, 2, 8, 9, 20, 21, 22], null],
    ]);
  });

  it('Lotto Strike: the first 4 balls in drawn order, position by position', () => {
    // Stored as the linked Lotto draw's balls: only the first 4 count.
    const result = { numbers: { Numbers: [10, 20, 30, 40, 44, 1] }, supplementary: [5, 6] };
    checkCases('lotto-strike', 'strike_standard', result, [
      [[10, 20, 30, 40], 1],
      [[10, 20, 30, 44], 2],
      [[10, 20, 1, 2], 3],
      [[10, 1, 2, 3], 4],
      [[20, 10, 30, 40], null],
      [[1, 20, 30, 40], null],
      [[44, 1, 5, 6], null],
    ]);
  });

  it('Lotto Strike boxed: every order of the 4 numbers', () => {
    const result = { numbers: { Numbers: [10, 20, 30, 40] }, supplementary: [] };
    // All four: 1 order in full, 0 with exactly 3 in place, 1 with exactly 2, 4 with exactly 1.
    expect(winsOf('lotto-strike', 'strike_boxed', { numbers: [40, 30, 20, 10] }, result)).toEqual({
      1: 1,
      3: 1,
      4: 4,
    });
    // The first three: 1 order of 3 in place, 1 of 2, 4 of 1.
    expect(winsOf('lotto-strike', 'strike_boxed', { numbers: [5, 30, 20, 10] }, result)).toEqual({
      2: 1,
      3: 1,
      4: 4,
    });
    // The first ball only: the 6 orders starting with it.
    expect(winsOf('lotto-strike', 'strike_boxed', { numbers: [7, 6, 5, 10] }, result)).toEqual({ 4: 6 });
    // Three of the balls but not the first: nothing.
    expect(winsOf('lotto-strike', 'strike_boxed', { numbers: [20, 30, 40, 1] }, result)).toEqual({});
    expect(expandGame('lotto-strike', 'strike_boxed', { numbers: [1, 2, 3, 4] })).toHaveLength(24);
  });

  it('Super 66: six digits from the first or the last', () => {
    const result = { numbers: { Numbers: [1, 2, 3, 4, 5, 6] }, supplementary: [] };
    checkCases('super-66', 'sequential', result, [
      [[1, 2, 3, 4, 5, 6], 1],
      [[1, 2, 3, 4, 5, 0], 2],
      [[0, 2, 3, 4, 5, 6], 2],
      [[1, 2, 3, 4, 0, 0], 3],
      [[0, 0, 3, 4, 5, 6], 3],
      [[1, 2, 3, 0, 0, 0], 4],
      [[0, 0, 0, 4, 5, 6], 4],
      [[1, 2, 0, 0, 0, 0], 5],
      [[0, 0, 0, 0, 5, 6], 5],
      [[1, 2, 0, 0, 5, 6], 5],
      [[1, 2, 3, 0, 5, 6], 4],
      [[0, 2, 3, 4, 5, 0], null],
      [[1, 0, 0, 0, 0, 0], null],
      [[0, 0, 0, 0, 0, 6], null],
      [[2, 1, 3, 4, 6, 5], null],
    ]);
    const repeated = { numbers: { Numbers: [6, 6, 6, 0, 0, 1] }, supplementary: [] };
    checkCases('super-66', 'sequential', repeated, [
      [[6, 6, 6, 6, 6, 6], 4],
      [[6, 6, 6, 0, 0, 1], 1],
      [[9, 6, 6, 0, 0, 1], 2],
    ]);
  });
});

describe('systems and PowerHit', () => {
  const powerball = { numbers: { Numbers: [3, 12, 19, 24, 28, 31, 35], Powerball: [7] }, supplementary: [] };

  it('a System 8 with all 7 numbers and the Powerball wins division 1 once and division 3 seven times', () => {
    const line = { numbers: [3, 12, 19, 24, 28, 31, 35, 1], powerball: [7] };
    expect(winsOf('powerball', 'reduced_system', line, powerball)).toEqual({ 1: 1, 3: 7 });
    expect(winsOf('powerball', 'reduced_system', { ...line, powerball: [8] }, powerball)).toEqual({
      2: 1,
      4: 7,
    });
  });

  it('a System 9 with 3 numbers and the Powerball: C(6,4) = 15 games of 3, 3 x C(6,5) = 18 of 2', () => {
    const line = { numbers: [3, 12, 19, 1, 2, 4, 5, 6, 8], powerball: [7] };
    expect(winsOf('powerball', 'reduced_system', line, powerball)).toEqual({ 8: 15, 9: 18 });
  });

  it('a Saturday Lotto System 8 with 4 numbers and both supplementaries', () => {
    // x main, y supplementary and the rest of the 2 others: (4,2,0) (4,1,1) (4,0,2) win division 4 in
    // 1 + 4 + 1 games; (3,2,1) and (3,1,2) are 3 + 1 supplementary in 8 + 8; (2,2,2) is division 6 in 6.
    const result = { numbers: { Numbers: [2, 4, 6, 8, 10, 12] }, supplementary: [14, 16] };
    const line = { numbers: [2, 4, 6, 8, 14, 16, 1, 3] };
    expect(winsOf('saturday-lotto', 'reduced_system', line, result)).toEqual({ 4: 6, 5: 16, 6: 6 });
  });

  it('PowerHit plays all 20 Powerballs: one with the drawn Powerball, 19 without', () => {
    expect(winsOf('powerball', 'powerhit', { numbers: [3, 12, 19, 24, 28, 31, 1] }, powerball)).toEqual({
      3: 1,
      4: 19,
    });
    expect(winsOf('powerball', 'powerhit', { numbers: [3, 12, 1, 2, 4, 5, 6] }, powerball)).toEqual({ 9: 1 });
    expect(
      expandGame('powerball', 'powerhit', { numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [3] }),
    ).toHaveLength(20);
  });

  it('reports each line by its index, divisions in order', () => {
    const games = [
      { numbers: [1, 2, 4, 5, 6, 8, 9], powerball: [7] },
      { numbers: [3, 12, 19, 24, 28, 31, 35, 1], powerball: [7] },
      { numbers: [3, 12, 1, 2, 4, 5, 6], powerball: [7] },
    ];
    const wins = scoreTicket('powerball', 'reduced_system', games, powerball);
    expect(wins).toEqual([
      { gameIndex: 1, division: 1, combos: 1 },
      { gameIndex: 1, division: 3, combos: 7 },
      { gameIndex: 2, division: 9, combos: 1 },
    ]);
    expect(winnersByDivision([wins, wins])).toEqual({ 1: 2, 3: 14, 9: 2 });
  });
});

describe('toDrawResult', () => {
  it('reads each game from the stored sets', () => {
    expect(
      toDrawResult('powerball', {
        numbers: { Numbers: [1, 2, 3, 4, 5, 6, 7], Powerball: [9] },
        supplementary: [],
      }),
    ).toEqual({
      main: [1, 2, 3, 4, 5, 6, 7],
      powerball: 9,
    });
    expect(
      toDrawResult('oz-lotto', { numbers: { Numbers: [1, 2, 3, 4, 5, 6, 7] }, supplementary: [8, 9, 10] }),
    ).toEqual({
      main: [1, 2, 3, 4, 5, 6, 7],
      supplementary: [8, 9, 10],
    });
    expect(
      toDrawResult('set-for-life', { numbers: { Numbers: [1, 2, 3, 4, 5, 6, 7] }, supplementary: [8, 9] }),
    ).toEqual({
      main: [1, 2, 3, 4, 5, 6, 7],
      bonus: [8, 9],
    });
    expect(
      toDrawResult('lotto-strike', { numbers: { Numbers: [9, 8, 7, 6, 5, 4] }, supplementary: [1, 2] }),
    ).toEqual({
      main: [9, 8, 7, 6],
    });
    expect(toDrawResult('super-66', { numbers: { Numbers: [0, 0, 1, 9, 9, 9] }, supplementary: [] })).toEqual(
      {
        main: [0, 0, 1, 9, 9, 9],
      },
    );
  });
});

describe('popcount and masks', () => {
  it('counts the bits of two 32-bit halves together', () => {
    const bits = (x: number) => [...(x >>> 0).toString(2)].filter((c) => c === '1').length;
    const int32 = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
    fc.assert(
      fc.property(int32, int32, (lo, hi) => {
        expect(pairPopcount(lo, hi)).toBe(bits(lo) + bits(hi));
      }),
    );
    expect(pairPopcount(-1, -1)).toBe(64);
    expect(pairPopcount(0, 0)).toBe(0);
  });

  it('puts numbers 0-63 in two halves and refuses repeats and numbers outside', () => {
    expect(numbersMask([0, 31, 32, 63])).toEqual({ lo: 1 | (1 << 31), hi: 1 | (1 << 31) });
    expect(numbersMask([1, 1])).toBeNull();
    expect(numbersMask([64])).toBeNull();
  });
});

// Random games for comparing the fast path with the reference: a seeded generator, and games that hit
// the result on purpose half the time so that every division comes up.
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const shuffle = <T>(list: T[]) => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = int(0, i);
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  };
  return { next, int, shuffle };
}

function randomLine(
  key: LotteryKey,
  result: StoredResult,
  size: number,
  rng: ReturnType<typeof generator>,
): SoldGame {
  const game = GAMES[key];
  const set = game.numberSets[0]!;
  const main = result.numbers.Numbers ?? [];
  const numbers: number[] = [];
  if (game.repeatsAllowed) {
    for (let i = 0; i < size; i++) numbers.push(rng.next() < 0.7 ? main[i]! : rng.int(set.first, set.last));
  } else {
    const aimed = rng.next() < 0.5;
    const wanted = aimed
      ? [
          ...rng.shuffle([...main]).slice(0, rng.int(0, Math.min(size, main.length))),
          ...rng.shuffle([...result.supplementary]).slice(0, rng.int(0, result.supplementary.length)),
        ].slice(0, size)
      : [];
    if (game.ordered && aimed) wanted.splice(0, wanted.length, ...main.slice(0, rng.int(0, size)));
    const taken = new Set(wanted);
    numbers.push(...wanted);
    while (numbers.length < size) {
      const n = rng.int(set.first, set.last);
      if (!taken.has(n)) {
        taken.add(n);
        numbers.push(n);
      }
    }
    if (!game.ordered || rng.next() < 0.2) rng.shuffle(numbers);
  }
  const pb = result.numbers.Powerball?.[0];
  if (pb === undefined) return { numbers };
  return { numbers, powerball: [rng.next() < 0.5 ? pb : rng.int(1, 20)] };
}

function compareRandom(
  key: LotteryKey,
  gameType: string,
  seed: number,
  results: number,
  linesPerResult: number,
  size: () => number,
) {
  const rng = generator(seed);
  const counts: Record<number, number> = {};
  for (let r = 0; r < results; r++) {
    const result = randomResult(key, rng.int);
    const lines = Array.from({ length: linesPerResult }, () => randomLine(key, result, size(), rng));
    const fast = createScorer(key, result).score(gameType, lines);
    const reference = scoreTicketReference(key, gameType, lines, result);
    if (JSON.stringify(fast) !== JSON.stringify(reference)) {
      const first = reference.find((w, i) => JSON.stringify(w) !== JSON.stringify(fast[i]))?.gameIndex ?? 0;
      expect({ result, line: lines[first], fast: fast.filter((w) => w.gameIndex === first) }).toEqual({
        result,
        line: lines[first],
        fast: reference.filter((w) => w.gameIndex === first),
      });
    }
    for (const w of fast) counts[w.division] = (counts[w.division] ?? 0) + w.combos;
  }
  return counts;
}

const UNORDERED: LotteryKey[] = [
  'powerball',
  'oz-lotto',
  'saturday-lotto',
  'monday-wednesday-lotto',
  'set-for-life',
];

describe('the fast path agrees with the reference', () => {
  for (const key of UNORDERED) {
    it(`on 100,000 random ${GAMES[key].name} games, every division met`, () => {
      const k = GAMES[key].numberSets[0]!.count;
      const counts = compareRandom(key, 'standard', 1000 + key.length, 100, 1000, () => k);
      expect(
        Object.keys(counts)
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual(GAMES[key].divisions.map((d) => d.division));
    });

    it(`on random ${GAMES[key].name} systems, counted against their listed combinations`, () => {
      const k = GAMES[key].numberSets[0]!.count;
      const rng = generator(7);
      compareRandom(key, 'reduced_system', 2000 + key.length, 40, 10, () => k + rng.int(1, 3));
    });
  }

  it('on random PowerHit lines', () => {
    compareRandom('powerball', 'powerhit', 3, 50, 40, () => 7);
  });

  it('on 100,000 random Lotto Strike and Super 66 games, and Strike boxed lines', () => {
    const strike = compareRandom('lotto-strike', 'strike_standard', 4, 100, 1000, () => 4);
    expect(Object.keys(strike)).toEqual(['1', '2', '3', '4']);
    const super66 = compareRandom('super-66', 'sequential', 5, 100, 1000, () => 6);
    expect(Object.keys(super66)).toEqual(['1', '2', '3', '4', '5']);
    const boxed = compareRandom('lotto-strike', 'strike_boxed', 6, 50, 100, () => 4);
    expect(Object.keys(boxed)).toEqual(['1', '2', '3', '4']);
  });

  it('on lines the masks do not cover (repeated numbers), through the reference', () => {
    const result = { numbers: { Numbers: [3, 12, 19, 24, 28, 31, 35], Powerball: [7] }, supplementary: [] };
    const line = { numbers: [3, 3, 12, 19, 24, 28, 31], powerball: [7] };
    expect(scoreTicket('powerball', 'standard', [line], result)).toEqual(
      scoreTicketReference('powerball', 'standard', [line], result),
    );
  });

  it('scores standard games given as masks like the line scorer', () => {
    expect(() =>
      createScorer('powerball', {
        numbers: { Numbers: [1, 2, 3, 4, 5, 6, 7], Powerball: [1] },
        supplementary: [],
      }).scoreStandardMasks(new Uint32Array(2), new Uint32Array(2), new Uint8Array(2), {
        games: new Uint32Array(1),
        divisions: new Uint8Array(2),
      }),
    ).toThrow(RangeError);
    const rng = generator(11);
    for (const key of UNORDERED) {
      const result = randomResult(key, rng.int);
      const lines = Array.from({ length: 2000 }, () =>
        randomLine(key, result, GAMES[key].numberSets[0]!.count, rng),
      );
      const lo = new Uint32Array(lines.length);
      const hi = new Uint32Array(lines.length);
      const pb = new Uint8Array(lines.length);
      lines.forEach((line, i) => {
        const mask = numbersMask(line.numbers)!;
        lo[i] = mask.lo;
        hi[i] = mask.hi;
        pb[i] = line.powerball?.[0] ?? 0;
      });
      const scorer = createScorer(key, result);
      const winners = { games: new Uint32Array(lines.length), divisions: new Uint8Array(lines.length) };
      const won = scorer.scoreStandardMasks(lo, hi, pb, winners);
      const expected = scorer.score('standard', lines);
      expect(expected.length).toBeGreaterThan(0);
      expect(won).toBe(expected.length);
      expect([...winners.games.slice(0, won)]).toEqual(expected.map((w) => w.gameIndex));
      expect([...winners.divisions.slice(0, won)]).toEqual(expected.map((w) => w.division));
    }
  });
});
