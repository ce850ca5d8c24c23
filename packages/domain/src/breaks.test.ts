import { describe, expect, it } from 'vitest';
import { breakEndsAt, breakInForce, breakRefusal, isBreakPeriod } from './breaks.ts';

const start = new Date('2026-01-31T02:00:00Z'); // 1pm, 31 January in Sydney (daylight time)
const stored = (period: '24_hours' | '7_days') => ({
  breakKind: 'take_a_break',
  breakPeriod: period,
  breakStartsAt: start,
  breakEndsAt: breakEndsAt(period, start),
});

describe('take a break and self-exclusion', () => {
  it('ends hours and days later to the millisecond, months on the same Sydney clock time', () => {
    expect(breakEndsAt('24_hours', start)?.toISOString()).toBe('2026-02-01T02:00:00.000Z');
    expect(breakEndsAt('7_days', start)?.toISOString()).toBe('2026-02-07T02:00:00.000Z');
    // 31 January + 1 month: the last day of February, 1pm Sydney.
    expect(breakEndsAt('1_month', start)?.toISOString()).toBe('2026-02-28T02:00:00.000Z');
    // 31 July, 1pm Sydney standard time (UTC+10).
    expect(breakEndsAt('6_months', start)?.toISOString()).toBe('2026-07-31T03:00:00.000Z');
    expect(breakEndsAt('5_years', start)?.toISOString()).toBe('2031-01-31T02:00:00.000Z');
    expect(breakEndsAt('permanent', start)).toBeNull();
  });

  it('offers self-exclusion for six months at least, and a break for six months at most', () => {
    expect(isBreakPeriod('self_exclusion', '6_months')).toBe(true);
    expect(isBreakPeriod('self_exclusion', '1_month')).toBe(false);
    expect(isBreakPeriod('take_a_break', '1_year')).toBe(false);
    expect(isBreakPeriod('take_a_break', '24_hours')).toBe(true);
  });

  it('is in force from its start until its end, and for good when permanent', () => {
    const row = stored('24_hours');
    expect(breakInForce([row], new Date('2026-01-31T01:59:59Z'))).toBeNull();
    expect(breakInForce([row], new Date('2026-02-01T01:59:59Z'))?.kind).toBe('take_a_break');
    expect(breakInForce([row], new Date('2026-02-01T02:00:00Z'))).toBeNull();
    const forever = { ...row, breakKind: 'self_exclusion', breakPeriod: 'permanent', breakEndsAt: null };
    expect(breakInForce([forever], new Date('2090-01-01T00:00:00Z'))?.kind).toBe('self_exclusion');
    expect(
      breakInForce([{ breakKind: null, breakPeriod: null, breakStartsAt: null, breakEndsAt: null }], start),
    ).toBeNull();
  });

  it('refuses with a code per kind, naming the end in Sydney time and that withdrawals stay open', () => {
    const row = stored('7_days');
    const found = breakRefusal([row], start);
    expect(found?.code).toBe('take_a_break');
    expect(found?.message).toContain('until Saturday 7 February 2026 at 1:00pm (Sydney time)');
    expect(found?.message).toContain('withdraw');
    const forever = { ...row, breakKind: 'self_exclusion', breakPeriod: 'permanent', breakEndsAt: null };
    expect(breakRefusal([forever], start)).toEqual({
      code: 'self_excluded',
      message: expect.stringContaining('permanently'),
    });
  });
});
