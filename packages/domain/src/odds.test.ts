import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAMES, LOTTERY_KEYS, type LotteryKey, winningDivision } from './games.ts';
import { anyPrizeProbability, entryOdds, formatOdds, raffleOdds, shareOdds } from './odds.ts';

/** A small deterministic generator (mulberry32) for the simulation checks. */
function seeded(seed: number): (maxExclusive: number) => number {
  let a = seed;
  return (maxExclusive) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * maxExclusive);
  };
}

function draw(random: (n: number) => number, first: number, last: number, count: number): number[] {
  const pool = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(pool.splice(random(pool.length), 1)[0]!);
  return out;
}

function subsets(numbers: number[], k: number): number[][] {
  if (k === 0) return [[]];
  if (numbers.length < k) return [];
  const [head, ...tail] = numbers;
  return [...subsets(tail, k - 1).map((s) => [head!, ...s]), ...subsets(tail, k)];
}

describe('entryOdds: published division 1 odds', () => {
  it('matches Powerball, Oz Lotto and Saturday Lotto', () => {
    expect(formatOdds(entryOdds({ lotteryKey: 'powerball', gameType: 'standard' }).topDivision.oneIn)).toBe(
      '1 in 134,490,400',
    );
    expect(formatOdds(entryOdds({ lotteryKey: 'oz-lotto', gameType: 'standard' }).topDivision.oneIn)).toBe(
      '1 in 62,891,499',
    );
    expect(
      formatOdds(entryOdds({ lotteryKey: 'saturday-lotto', gameType: 'standard' }).topDivision.oneIn),
    ).toBe('1 in 8,145,060');
  });
  it('gives every game odds of any prize', () => {
    const anyPrize = (key: LotteryKey) =>
      formatOdds(entryOdds({ lotteryKey: key, gameType: 'standard' }).anyPrize!.oneIn);
    expect(anyPrize('powerball')).toBe('1 in 44');
    expect(anyPrize('oz-lotto')).toBe('1 in 50');
    expect(anyPrize('saturday-lotto')).toBe('1 in 85');
    expect(anyPrize('monday-wednesday-lotto')).toBe('1 in 85');
    expect(anyPrize('set-for-life')).toBe('1 in 50');
    expect(anyPrize('lotto-strike')).toBe('1 in 45');
    expect(anyPrize('super-66')).toBe('1 in 50');
    for (const key of LOTTERY_KEYS) {
      const p = anyPrizeProbability(key, 'standard', GAMES[key].numberSets[0]!.count);
      expect(p).toBeGreaterThan(0);
      expect(p).toBeLessThan(1);
    }
  });
});

describe('entryOdds: game types and lines', () => {
  it('systems cover C(N, k) combinations', () => {
    const system9 = entryOdds({ lotteryKey: 'powerball', gameType: 'reduced_system', mainCount: 9 });
    expect(system9.topDivision.oneIn).toBeCloseTo(134_490_400 / 36, 6);
    const system7 = entryOdds({ lotteryKey: 'powerball', gameType: 'reduced_system', mainCount: 7 });
    expect(system7).toEqual(entryOdds({ lotteryKey: 'powerball', gameType: 'standard' }));
  });
  it('PowerHit plays every Powerball', () => {
    const odds = entryOdds({ lotteryKey: 'powerball', gameType: 'powerhit' });
    expect(odds.topDivision.oneIn).toBe(6_724_520);
    expect(odds.anyPrize!.oneIn).toBeLessThan(3);
  });
  it('strike boxed covers 24 orders', () => {
    const odds = entryOdds({ lotteryKey: 'lotto-strike', gameType: 'strike_boxed', numbers: [1, 2, 3, 4] });
    expect(odds.topDivision.oneIn).toBe(148_995);
    expect(odds.anyPrize!.oneIn).toBeCloseTo(45 / 4, 9);
  });
  it('several lines add top-division chances', () => {
    const odds = entryOdds({ lotteryKey: 'saturday-lotto', gameType: 'standard', lines: 18 });
    expect(odds.topDivision.oneIn).toBeCloseTo(8_145_060 / 18, 6);
    expect(odds.anyPrize!.oneIn).toBeLessThan(85.43 / 10);
    expect(() => entryOdds({ lotteryKey: 'saturday-lotto', gameType: 'standard', lines: 0 })).toThrow(
      RangeError,
    );
  });
  it('property: more system numbers or more lines never make the odds longer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 7, max: 19 }), fc.integer({ min: 1, max: 50 }), (n, lines) => {
        const a = entryOdds({
          lotteryKey: 'saturday-lotto',
          gameType: 'reduced_system',
          mainCount: n,
          lines,
        });
        const b = entryOdds({
          lotteryKey: 'saturday-lotto',
          gameType: 'reduced_system',
          mainCount: n + 1,
          lines,
        });
        const c = entryOdds({
          lotteryKey: 'saturday-lotto',
          gameType: 'reduced_system',
          mainCount: n,
          lines: lines + 1,
        });
        expect(b.topDivision.oneIn).toBeLessThan(a.topDivision.oneIn);
        expect(b.anyPrize!.oneIn).toBeLessThanOrEqual(a.anyPrize!.oneIn);
        expect(c.topDivision.oneIn).toBeLessThan(a.topDivision.oneIn);
        expect(c.anyPrize!.oneIn).toBeLessThanOrEqual(a.anyPrize!.oneIn);
        expect(a.topDivision.oneIn).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 50 },
    );
  });
  it('agrees with a simulation of draws scored by winningDivision (Powerball, Saturday Lotto System 8)', () => {
    const random = seeded(42);
    const runs = 20_000;
    let pbWins = 0;
    let systemWins = 0;
    const system = subsets([1, 2, 3, 4, 5, 6, 7, 8], 6);
    for (let i = 0; i < runs; i++) {
      const pbMain = draw(random, 1, 35, 7);
      const pbResult = { main: pbMain, powerball: 1 + random(20) };
      if (winningDivision('powerball', { numbers: [1, 2, 3, 4, 5, 6, 7], powerball: 1 }, pbResult)) pbWins++;
      const sat = draw(random, 1, 45, 8);
      const satResult = { main: sat.slice(0, 6), supplementary: sat.slice(6) };
      if (system.some((numbers) => winningDivision('saturday-lotto', { numbers }, satResult))) systemWins++;
    }
    const pb = anyPrizeProbability('powerball', 'standard', 7);
    const sys = anyPrizeProbability('saturday-lotto', 'reduced_system', 8);
    expect(pbWins / runs).toBeGreaterThan(pb * 0.8);
    expect(pbWins / runs).toBeLessThan(pb * 1.2);
    expect(systemWins / runs).toBeGreaterThan(sys * 0.85);
    expect(systemWins / runs).toBeLessThan(sys * 1.15);
  }, 30_000); // 20,000 simulated draws: slow on a loaded 2-core machine
});

describe('shares and raffles', () => {
  it('shares keep the odds and give a portion', () => {
    const odds = entryOdds({ lotteryKey: 'powerball', gameType: 'reduced_system', mainCount: 12 });
    expect(shareOdds(odds, 2, 10)).toEqual({ ...odds, portion: 0.2 });
    expect(() => shareOdds(odds, 11, 10)).toThrow(RangeError);
  });
  it('a raffle ticket is 1 in the tickets sold so far', () => {
    expect(raffleOdds(1, 5000).topDivision.oneIn).toBe(5000);
    expect(raffleOdds(10, 5000).topDivision.oneIn).toBe(500);
    expect(raffleOdds(3, 0).topDivision.oneIn).toBe(1);
    expect(raffleOdds(1, 1000, 10).anyPrize!.oneIn).toBeCloseTo(100, 9);
    expect(() => raffleOdds(0, 10)).toThrow(RangeError);
  });
});

describe('formatOdds', () => {
  it('formats "1 in N"', () => {
    expect(formatOdds(134_490_400)).toBe('1 in 134,490,400');
    expect(formatOdds(43.98)).toBe('1 in 44');
    expect(formatOdds(2.316)).toBe('1 in 2.3');
    expect(formatOdds(0.5)).toBe('1 in 1');
    expect(formatOdds(Number.POSITIVE_INFINITY)).toBe('1 in 1');
  });
});
