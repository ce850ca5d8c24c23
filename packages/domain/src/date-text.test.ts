import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from './date-text.ts';

describe('formatCalendarDate', () => {
  it('writes a calendar date the en-AU way', () => {
    expect(formatCalendarDate('1988-03-14')).toBe('14 March 1988');
    expect(formatCalendarDate('2000-12-01')).toBe('1 December 2000');
    expect(formatCalendarDate('0099-01-02')).toBe('2 January 99');
  });
  it('gives an instant its Sydney date', () => {
    // 14:30 UTC on 31 December is already 1 January in Sydney.
    expect(formatCalendarDate('2025-12-31T14:30:00.000Z')).toBe('1 January 2026');
    expect(formatCalendarDate(new Date('2026-06-15T01:00:00Z'))).toBe('15 June 2026');
  });
  it('says nothing for what is not a date', () => {
    expect(formatCalendarDate('1988-02-30')).toBeUndefined();
    expect(formatCalendarDate('soon')).toBeUndefined();
    expect(formatCalendarDate(null)).toBeUndefined();
    expect(formatCalendarDate('')).toBeUndefined();
  });
});
