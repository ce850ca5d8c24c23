import { DRAW_STATUSES } from '@drawhouse/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canMoveDraw,
  DRAW_STATUS_TRANSITIONS,
  type DrawStatus,
  drawnAt,
  type ResultsInput,
  randomResult,
  resultDifferences,
  validateResultsInput,
} from './draw-results.ts';
import { LOTTERY_KEYS } from './games.ts';

const POWERBALL_INPUT: ResultsInput = { numbers: [3, 12, 19, 24, 28, 31, 35], powerball: [7] };

function errorsOf(result: ReturnType<typeof validateResultsInput>) {
  return result.ok ? [] : result.errors;
}

describe('validateResultsInput', () => {
  it('stores a valid Powerball entry by set name, in the order entered', () => {
    const checked = validateResultsInput('powerball', {
      ...POWERBALL_INPUT,
      numbers: [31, 3, 12, 19, 24, 28, 35],
    });
    expect(checked).toEqual({
      ok: true,
      result: { numbers: { Numbers: [31, 3, 12, 19, 24, 28, 35], Powerball: [7] }, supplementary: [] },
      prizes: {},
    });
  });

  it('stores supplementaries (Oz Lotto) and bonus balls (Set for Life) as supplementary', () => {
    const oz = validateResultsInput('oz-lotto', {
      numbers: [1, 2, 3, 4, 5, 6, 47],
      supplementary: [8, 9, 10],
    });
    expect(oz).toMatchObject({
      ok: true,
      result: { numbers: { Numbers: [1, 2, 3, 4, 5, 6, 47] }, supplementary: [8, 9, 10] },
    });
    const sfl = validateResultsInput('set-for-life', {
      numbers: [1, 2, 3, 4, 5, 6, 44],
      supplementary: [8, 9],
    });
    expect(sfl).toMatchObject({ ok: true, result: { supplementary: [8, 9] } });
  });

  it('names the count that is wrong', () => {
    expect(
      errorsOf(validateResultsInput('powerball', { ...POWERBALL_INPUT, numbers: [1, 2, 3, 4, 5, 6] })),
    ).toEqual([{ field: 'numbers', message: 'Powerball needs 7 numbers, got 6' }]);
    expect(
      errorsOf(validateResultsInput('powerball', { numbers: POWERBALL_INPUT.numbers, powerball: [] })),
    ).toEqual([{ field: 'powerball', message: 'Powerball needs 1 Powerball, got 0' }]);
    expect(
      errorsOf(validateResultsInput('oz-lotto', { numbers: [1, 2, 3, 4, 5, 6, 7], supplementary: [8] })),
    ).toEqual([{ field: 'supplementary', message: 'Oz Lotto needs 3 supplementary numbers, got 1' }]);
    expect(errorsOf(validateResultsInput('set-for-life', { numbers: [1, 2, 3, 4, 5, 6, 7] }))).toEqual([
      { field: 'supplementary', message: 'Set for Life needs 2 bonus numbers, got none' },
    ]);
    expect(errorsOf(validateResultsInput('lotto-strike', { numbers: [1, 2, 3, 4, 5, 6] }))).toEqual([
      { field: 'numbers', message: 'Lotto Strike needs 4 numbers, got 6' },
    ]);
  });

  it('refuses numbers out of range and numbers that are not whole', () => {
    expect(
      errorsOf(validateResultsInput('powerball', { numbers: [0, 2, 3, 4, 5, 6, 36], powerball: [21] })),
    ).toEqual([
      { field: 'numbers', message: 'Numbers run from 1 to 35: 0, 36 are out of range' },
      { field: 'powerball', message: 'Powerball run from 1 to 20: 21 is out of range' },
    ]);
    expect(errorsOf(validateResultsInput('super-66', { numbers: [1, 2, 3, 4, 5, 10] }))).toEqual([
      { field: 'numbers', message: 'Numbers run from 0 to 9: 10 is out of range' },
    ]);
    expect(
      errorsOf(
        validateResultsInput('saturday-lotto', { numbers: [1, 2, 3, 4, 5, 6.5], supplementary: [7, 8] }),
      ),
    ).toEqual([{ field: 'numbers', message: 'Numbers must be whole numbers: 6.5' }]);
  });

  it('refuses repeated numbers, except Super 66 digits', () => {
    expect(
      errorsOf(validateResultsInput('powerball', { ...POWERBALL_INPUT, numbers: [12, 2, 3, 4, 5, 12, 7] })),
    ).toEqual([{ field: 'numbers', message: 'Numbers repeat 12' }]);
    expect(validateResultsInput('super-66', { numbers: [6, 6, 6, 0, 0, 1] })).toMatchObject({
      ok: true,
      result: { numbers: { Numbers: [6, 6, 6, 0, 0, 1] }, supplementary: [] },
    });
  });

  it('refuses a supplementary number that repeats a main number', () => {
    expect(
      errorsOf(
        validateResultsInput('monday-wednesday-lotto', {
          numbers: [1, 2, 3, 4, 5, 6],
          supplementary: [6, 7],
        }),
      ),
    ).toEqual([{ field: 'supplementary', message: 'Supplementary numbers repeat main numbers: 6' }]);
    expect(
      errorsOf(
        validateResultsInput('oz-lotto', { numbers: [1, 2, 3, 4, 5, 6, 7], supplementary: [9, 9, 10] }),
      ),
    ).toEqual([{ field: 'supplementary', message: 'Numbers repeat 9' }]);
  });

  it('refuses balls the game does not draw', () => {
    expect(
      errorsOf(
        validateResultsInput('oz-lotto', {
          numbers: [1, 2, 3, 4, 5, 6, 7],
          supplementary: [8, 9, 10],
          powerball: [3],
        }),
      ),
    ).toEqual([{ field: 'powerball', message: 'Oz Lotto has no Powerball' }]);
    expect(errorsOf(validateResultsInput('powerball', { ...POWERBALL_INPUT, supplementary: [1] }))).toEqual([
      { field: 'supplementary', message: 'Powerball has no supplementary numbers' },
    ]);
    expect(validateResultsInput('powerball', { ...POWERBALL_INPUT, supplementary: [] }).ok).toBe(true);
  });

  it('takes prizes of the game divisions as whole cents of 0 or more', () => {
    const checked = validateResultsInput('powerball', { ...POWERBALL_INPUT, prizes: { '1': 0, '9': 1250 } });
    expect(checked).toMatchObject({ ok: true, prizes: { '1': 0, '9': 1250 } });
    expect(
      errorsOf(
        validateResultsInput('powerball', { ...POWERBALL_INPUT, prizes: { '2': -5, '3': 10.5, '10': 100 } }),
      ),
    ).toEqual([
      { field: 'prizes.2', message: 'The prize of division 2 must be a whole number of cents, 0 or more' },
      { field: 'prizes.3', message: 'The prize of division 3 must be a whole number of cents, 0 or more' },
      { field: 'prizes.10', message: 'Powerball has no division 10' },
    ]);
  });

  it('reports every problem at once', () => {
    const errors = errorsOf(
      validateResultsInput('powerball', { numbers: [1, 1], powerball: [30], prizes: { x: 1 } }),
    );
    expect(errors.map((e) => e.field)).toEqual(['numbers', 'numbers', 'powerball', 'prizes.x']);
  });

  it('copes with input that is not a list', () => {
    const raw = { numbers: 'one two' } as unknown as ResultsInput;
    expect(errorsOf(validateResultsInput('super-66', raw))).toEqual([
      { field: 'numbers', message: 'Super 66 needs 6 numbers, got none' },
    ]);
  });
});

describe('resultDifferences', () => {
  const entry = (input: ResultsInput) => {
    const checked = validateResultsInput('powerball', input);
    if (!checked.ok) throw new Error('invalid');
    return checked;
  };

  it('is empty when two entries agree', () => {
    expect(resultDifferences(entry(POWERBALL_INPUT), entry({ ...POWERBALL_INPUT }))).toEqual([]);
  });

  it('names each differing field', () => {
    const a = entry({ ...POWERBALL_INPUT, prizes: { '1': 100, '2': 50 } });
    const b = entry({ numbers: [3, 12, 19, 24, 28, 31, 34], powerball: [8], prizes: { '2': 50, '9': 1 } });
    expect(resultDifferences(a, b)).toEqual(['numbers', 'powerball', 'prizes.1', 'prizes.9']);
  });

  it('counts the same numbers in another order as different (the order drawn is kept)', () => {
    const b = entry({ ...POWERBALL_INPUT, numbers: [...POWERBALL_INPUT.numbers].reverse() });
    expect(resultDifferences(entry(POWERBALL_INPUT), b)).toEqual(['numbers']);
  });

  it('compares supplementaries', () => {
    const oz = (supplementary: number[]) => {
      const checked = validateResultsInput('oz-lotto', { numbers: [1, 2, 3, 4, 5, 6, 7], supplementary });
      if (!checked.ok) throw new Error('invalid');
      return checked;
    };
    expect(resultDifferences(oz([8, 9, 10]), oz([8, 9, 11]))).toEqual(['supplementary']);
  });
});

describe('randomResult', () => {
  it('draws a valid result for every game from any integer source', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOTTERY_KEYS), fc.infiniteStream(fc.nat()), (key, stream) => {
        const randomInt = (min: number, max: number) => min + (stream.next().value % (max - min + 1));
        const result = randomResult(key, randomInt);
        const input: ResultsInput = {
          numbers: result.numbers.Numbers ?? [],
          supplementary: result.supplementary,
        };
        if (result.numbers.Powerball) input.powerball = result.numbers.Powerball;
        expect(validateResultsInput(key, input)).toEqual({ ok: true, result, prizes: {} });
      }),
      { numRuns: 200 },
    );
  });

  it('draws in the order the source gives', () => {
    const lowest = (min: number) => min;
    expect(randomResult('powerball', lowest)).toEqual({
      numbers: { Numbers: [1, 2, 3, 4, 5, 6, 7], Powerball: [1] },
      supplementary: [],
    });
    expect(randomResult('saturday-lotto', (_min, max) => max)).toEqual({
      numbers: { Numbers: [45, 44, 43, 42, 41, 40] },
      supplementary: [39, 38],
    });
    expect(randomResult('super-66', lowest).numbers.Numbers).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('refuses a source that answers out of its range', () => {
    expect(() => randomResult('powerball', () => 99)).toThrow(RangeError);
  });
});

describe('DRAW_STATUS_TRANSITIONS', () => {
  it('moves a draw forward one step at a time', () => {
    const path: DrawStatus[] = [
      'DRAW_OPEN',
      'DRAW_CLOSED',
      'DRAW_DRAWN',
      'DRAW_SCORED',
      'DRAW_PAID',
      'DRAW_EMAILED',
    ];
    for (let i = 0; i + 1 < path.length; i++) expect(canMoveDraw(path[i]!, path[i + 1]!)).toBe(true);
    expect(canMoveDraw('DRAW_OPEN', 'DRAW_DRAWN')).toBe(false);
    expect(canMoveDraw('DRAW_PAID', 'DRAW_SCORED')).toBe(false);
    expect(canMoveDraw('DRAW_EMAILED', 'DRAW_OPEN')).toBe(false);
  });

  it('holds a scored draw while a prize waits for approval, then pays it', () => {
    expect(canMoveDraw('DRAW_SCORED', 'DRAW_CAPPED')).toBe(true);
    expect(canMoveDraw('DRAW_CAPPED', 'DRAW_PAID')).toBe(true);
    expect(canMoveDraw('DRAW_CAPPED', 'DRAW_EMAILED')).toBe(false);
  });

  it('never stays in place and covers every status', () => {
    expect(Object.keys(DRAW_STATUS_TRANSITIONS).sort()).toEqual([...DRAW_STATUSES].sort());
    for (const s of DRAW_STATUSES) expect(canMoveDraw(s, s)).toBe(false);
  });
});

describe('drawnAt', () => {
  const scheduled = new Date('2026-12-03T09:30:00Z');
  it('is the scheduled time, unless the results came before it (a draw closed early)', () => {
    expect(drawnAt(scheduled, null)).toEqual(scheduled);
    expect(drawnAt(scheduled, new Date('2026-12-03T10:05:00Z'))).toEqual(scheduled);
    expect(drawnAt(scheduled, new Date('2026-11-27T06:00:00Z'))).toEqual(new Date('2026-11-27T06:00:00Z'));
  });
});
