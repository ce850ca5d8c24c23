import { LOTTERY_KEYS, nextDrawTimes } from '@drawhouse/domain';
import { describe, expect, it } from 'vitest';
import {
  drawNumberAt,
  generateDivisions,
  generateResult,
  nextPrizePool,
  PAST_DAYS,
  pastDrawsOf,
} from './draws.ts';
import { LOTTERIES, lotteryRow } from './lotteries.ts';

const rows = new Map(LOTTERIES.map((l) => [l.key, lotteryRow(l)]));
function lottery(key: string) {
  const row = rows.get(key as (typeof LOTTERY_KEYS)[number]);
  if (!row) throw new Error(key);
  return row;
}

describe('drawNumberAt', () => {
  it('numbers consecutive draws one apart, across daylight saving changes', () => {
    // Sydney clocks go forward on 4 October 2026 and back on 5 April 2026.
    for (const from of [new Date('2026-03-20T00:00:00Z'), new Date('2026-09-20T00:00:00Z')]) {
      for (const key of LOTTERY_KEYS) {
        const l = lottery(key);
        const times = nextDrawTimes(l.schedule, from, 40);
        const numbers = times.map((t) => drawNumberAt(l.schedule, t, l.drawNoOffset));
        numbers.forEach((n, i) => {
          if (i > 0) expect(n, `${key} ${times[i]?.toISOString()}`).toBe((numbers[i - 1] ?? 0) + 1);
        });
      }
    }
  });

  it('gives a draw the same number whenever it is asked', () => {
    const l = lottery('powerball');
    const [t] = nextDrawTimes(l.schedule, new Date('2026-11-22T00:00:00Z'), 1);
    if (!t) throw new Error('no draw');
    expect(drawNumberAt(l.schedule, t, l.drawNoOffset)).toBe(
      drawNumberAt(l.schedule, new Date(t), l.drawNoOffset),
    );
    expect(drawNumberAt(l.schedule, t, l.drawNoOffset)).toBeGreaterThan(1000);
  });
});

describe('nextPrizePool', () => {
  const rule = { startCents: 100, stepCents: 50, resetCents: 80, capCents: 200, suffix: '', unknown: false };
  it('starts, grows by the step and restarts past the cap', () => {
    expect(nextPrizePool(rule, undefined)).toBe(100);
    expect(nextPrizePool(rule, 100)).toBe(150);
    expect(nextPrizePool(rule, 200)).toBe(80);
    expect(nextPrizePool({ ...rule, unknown: true }, 100)).toBeNull();
  });
});

describe('generateResult', () => {
  it('is deterministic and draws distinct balls in range', () => {
    for (const key of LOTTERY_KEYS) {
      const l = lottery(key);
      for (let drawNo = 1; drawNo <= 50; drawNo++) {
        const result = generateResult(key, drawNo, l.drawnSets);
        expect(generateResult(key, drawNo, l.drawnSets)).toEqual(result);
        for (const set of l.drawnSets) {
          const balls =
            set.source === 'supplementary' ? result.supplementary : (result.numbers[set.name] ?? []);
          if (set.source === 'numbers') expect(balls).toHaveLength(set.count);
          for (const b of balls) {
            expect(b).toBeGreaterThanOrEqual(set.first);
            expect(b).toBeLessThanOrEqual(set.last);
          }
          if (!set.repeats && set.source === 'numbers') expect(new Set(balls).size).toBe(balls.length);
        }
        const main = result.numbers.Numbers ?? [];
        for (const s of result.supplementary) expect(main).not.toContain(s);
      }
    }
  });
});

describe('generateDivisions', () => {
  it('pays division 1 only when the jackpot is won, sharing the pool', () => {
    const l = lottery('oz-lotto');
    const def = LOTTERIES.find((x) => x.key === 'oz-lotto');
    const typical = def?.typicalDivisions ?? [];
    const notWon = generateDivisions('oz-lotto', 1, l.prizeDivisions, typical, {
      prizeCents: 800_000_000,
      jackpotWon: false,
      fixed: false,
    });
    expect(notWon[0]).toMatchObject({ division: 1, winners: 0, prizeCents: 0 });
    expect(notWon).toHaveLength(7);
    const won = generateDivisions('oz-lotto', 1, l.prizeDivisions, typical, {
      prizeCents: 900_000_000,
      jackpotWon: true,
      fixed: false,
    });
    expect(won[0]?.winners).toBeGreaterThan(0);
    expect((won[0]?.prizeCents ?? 0) * (won[0]?.winners ?? 0)).toBeLessThanOrEqual(900_000_000);
  });
});

describe('pastDrawsOf', () => {
  const now = new Date('2026-11-22T03:00:00Z');

  it('covers the last PAST_DAYS before now, newest first, with a jackpot that walks back', () => {
    const l = lottery('powerball');
    const def = LOTTERIES.find((x) => x.key === 'powerball');
    const past = pastDrawsOf(l, def?.typicalDivisions ?? [], now, 2_000_000_000);
    expect(past.length).toBeGreaterThanOrEqual(12);
    for (const p of past) {
      const at = p.draw.drawAt?.getTime() ?? 0;
      expect(at).toBeLessThan(now.getTime());
      expect(at).toBeGreaterThanOrEqual(now.getTime() - PAST_DAYS * 86_400_000);
      expect(p.draw.status).toBe('DRAW_EMAILED');
    }
    // Newest first; a draw that is not won leaves the next one a step bigger.
    expect(past[0]?.draw.prizePoolCents).toBe(1_500_000_000);
    for (let i = 1; i < past.length; i++) {
      const newer = past[i - 1];
      const older = past[i];
      if (older?.divisions[0]?.winners === 0) {
        expect(newer?.draw.prizePoolCents).toBe((older.draw.prizePoolCents ?? 0) + 500_000_000);
      }
    }
  });

  it('gives Lotto Strike the first four balls of the Lotto draw it rides', () => {
    const saturday = lottery('saturday-lotto');
    const monWed = lottery('monday-wednesday-lotto');
    const linked = new Map();
    for (const l of [saturday, monWed]) {
      for (const p of pastDrawsOf(l, [], now, null)) linked.set(p.draw.drawAt?.getTime(), p.result);
    }
    const strike = pastDrawsOf(lottery('lotto-strike'), [], now, 40_000_000, linked);
    expect(strike.length).toBeGreaterThan(30);
    for (const p of strike) {
      const ridden = linked.get(p.draw.drawAt?.getTime());
      expect(p.result.numbers.Numbers).toEqual(ridden?.numbers.Numbers?.slice(0, 4));
    }
  });
});
