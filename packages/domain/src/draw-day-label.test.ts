import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawDayLabel, drawWhen, formatCountdown, formatDrawDate, formatLongDate } from './draw-day-label.ts';
import { zonedTimeToUtc } from './draw-schedule.ts';

/** A Sydney wall-clock time as an instant. */
const syd = (y: number, m: number, d: number, hh: number, mm: number) => zonedTimeToUtc(y, m, d, hh, mm);

describe('drawDayLabel', () => {
  // Monday 30 November 2026, 09:00 Sydney (daylight time, +11).
  const now = syd(2026, 11, 30, 9, 0);

  it('says Today for a draw later today before 18:00', () => {
    expect(drawDayLabel(syd(2026, 11, 30, 17, 59), now)).toBe('Today');
    expect(drawDayLabel(syd(2026, 11, 30, 9, 0), now)).toBe('Today');
    expect(drawDayLabel(syd(2026, 11, 30, 0, 0), now)).toBe('Today');
  });

  it('says Tonight for a draw today at or after 18:00', () => {
    expect(drawDayLabel(syd(2026, 11, 30, 18, 0), now)).toBe('Tonight');
    expect(drawDayLabel(syd(2026, 11, 30, 20, 30), now)).toBe('Tonight');
    expect(drawDayLabel(syd(2026, 11, 30, 23, 59), now)).toBe('Tonight');
  });

  it('counts Sydney calendar days, not UTC days', () => {
    // 08:00 UTC on 30 Nov is 19:00 Sydney; 23:30 Sydney on 30 Nov is 12:30 UTC.
    const lateNow = new Date('2026-11-30T12:30:00Z');
    expect(drawDayLabel(new Date('2026-11-30T13:30:00Z'), lateNow)).toBe('Tomorrow'); // 00:30 Tue
    expect(drawDayLabel(new Date('2026-11-30T08:00:00Z'), lateNow)).toBe('Tonight');
  });

  it('says Tomorrow for the next calendar day, even just after midnight', () => {
    expect(drawDayLabel(syd(2026, 12, 1, 20, 30), now)).toBe('Tomorrow');
    expect(drawDayLabel(syd(2026, 12, 1, 0, 0), syd(2026, 11, 30, 23, 59))).toBe('Tomorrow');
  });

  it('says This {Weekday} for 2 to 6 days ahead', () => {
    expect(drawDayLabel(syd(2026, 12, 2, 20, 30), now)).toBe('This Wednesday');
    expect(drawDayLabel(syd(2026, 12, 5, 19, 30), now)).toBe('This Saturday');
    expect(drawDayLabel(syd(2026, 12, 6, 19, 30), now)).toBe('This Sunday'); // 6 days
  });

  it('says Next {Weekday} for 7 to 13 days ahead', () => {
    expect(drawDayLabel(syd(2026, 12, 7, 20, 30), now)).toBe('Next Monday'); // 7 days
    expect(drawDayLabel(syd(2026, 12, 12, 19, 30), now)).toBe('Next Saturday');
    expect(drawDayLabel(syd(2026, 12, 13, 19, 30), now)).toBe('Next Sunday'); // 13 days
  });

  it('shows a long date from 14 days ahead', () => {
    expect(drawDayLabel(syd(2026, 12, 14, 20, 30), now)).toBe('Monday 14 December 2026');
    expect(drawDayLabel(syd(2027, 1, 2, 19, 30), now)).toBe('Saturday 2 January 2027');
  });

  it('shows a long date for a past draw', () => {
    expect(drawDayLabel(syd(2026, 11, 29, 20, 30), now)).toBe('Sunday 29 November 2026');
  });

  it('counts days correctly across the October change (a 23-hour day)', () => {
    const saturdayNight = syd(2026, 10, 3, 23, 30); // AEST
    expect(drawDayLabel(syd(2026, 10, 4, 20, 30), saturdayNight)).toBe('Tomorrow');
    expect(drawDayLabel(syd(2026, 10, 10, 19, 30), saturdayNight)).toBe('Next Saturday');
    expect(drawDayLabel(syd(2026, 10, 9, 19, 30), saturdayNight)).toBe('This Friday');
    expect(drawDayLabel(syd(2026, 10, 4, 18, 0), syd(2026, 10, 4, 0, 30))).toBe('Tonight');
  });

  it('counts days correctly across the April change (a 25-hour day)', () => {
    const saturdayNight = syd(2026, 4, 4, 23, 30); // AEDT
    expect(drawDayLabel(syd(2026, 4, 5, 23, 59), saturdayNight)).toBe('Tomorrow');
    expect(drawDayLabel(syd(2026, 4, 6, 0, 0), saturdayNight)).toBe('This Monday');
    expect(drawDayLabel(syd(2026, 4, 11, 19, 30), saturdayNight)).toBe('Next Saturday');
    expect(drawDayLabel(syd(2026, 4, 18, 19, 30), saturdayNight)).toBe('Saturday 18 April 2026');
  });

  it('uses the given time zone', () => {
    const perthNow = new Date('2026-11-30T01:00:00Z'); // 09:00 Perth
    expect(drawDayLabel(new Date('2026-11-30T10:00:00Z'), perthNow, 'Australia/Perth')).toBe('Tonight'); // 18:00
    expect(drawDayLabel(new Date('2026-11-30T09:59:00Z'), perthNow, 'Australia/Perth')).toBe('Today');
  });

  it('gives one of the label forms for any pair of instants (property)', () => {
    const pattern =
      /^(Tonight|Today|Tomorrow|(This|Next) (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day \d{1,2} [A-Z][a-z]+ \d{4})$/;
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2025-01-01T00:00:00Z'),
          max: new Date('2030-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -30 * 86_400_000, max: 30 * 86_400_000 }),
        (now, ahead) => pattern.test(drawDayLabel(new Date(now.getTime() + ahead), now)),
      ),
    );
  });
});

describe('formatLongDate', () => {
  it('writes weekday, day, month and year in Sydney', () => {
    expect(formatLongDate(syd(2026, 12, 5, 19, 30))).toBe('Saturday 5 December 2026');
    expect(formatLongDate(new Date('2026-12-04T13:30:00Z'))).toBe('Saturday 5 December 2026');
  });
});

describe('formatDrawDate', () => {
  it('writes "Thu 26 Nov 2026, 8:30pm"', () => {
    expect(formatDrawDate(syd(2026, 11, 26, 20, 30))).toBe('Thu 26 Nov 2026, 8:30pm');
  });

  it('writes noon, midnight and morning times', () => {
    expect(formatDrawDate(syd(2026, 9, 5, 12, 0))).toBe('Sat 5 Sep 2026, 12:00pm');
    expect(formatDrawDate(syd(2026, 9, 5, 0, 5))).toBe('Sat 5 Sep 2026, 12:05am');
    expect(formatDrawDate(syd(2026, 1, 1, 9, 7))).toBe('Thu 1 Jan 2026, 9:07am');
  });

  it('uses the given time zone', () => {
    expect(formatDrawDate(new Date('2026-11-26T09:30:00Z'), 'UTC')).toBe('Thu 26 Nov 2026, 9:30am');
  });
});

describe('drawWhen', () => {
  const now = syd(2026, 11, 30, 9, 0);

  it('keeps the full date beside a relative label', () => {
    expect(drawWhen(syd(2026, 12, 1, 20, 30), now)).toEqual({
      label: 'Tomorrow',
      date: 'Tue 1 Dec 2026, 8:30pm',
    });
  });

  it('says a long date once, with its time', () => {
    expect(drawWhen(syd(2026, 12, 16, 21, 0), now)).toEqual({
      label: 'Wednesday 16 December 2026, 9:00pm',
      date: null,
    });
  });

  it('never repeats the day: the label and the date never both name the date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 * 24 * 60 }), (minutes) => {
        const when = drawWhen(new Date(now.getTime() + minutes * 60_000), now);
        return when.date === null || !/\d{4}/.test(when.label);
      }),
    );
  });
});

describe('formatCountdown', () => {
  const s = 1000;
  const m = 60 * s;
  const h = 60 * m;
  const d = 24 * h;

  it('shows days, hours and minutes from one day', () => {
    expect(formatCountdown(2 * d + 3 * h + 4 * m + 5 * s)).toBe('2d 3h 4m');
    expect(formatCountdown(d)).toBe('1d 0h 0m');
    expect(formatCountdown(10 * d + 23 * h + 59 * m + 59 * s)).toBe('10d 23h 59m');
  });

  it('shows hours with padded minutes and seconds under a day', () => {
    expect(formatCountdown(3 * h + 4 * m + 5 * s)).toBe('3h 04m 05s');
    expect(formatCountdown(d - 1)).toBe('23h 59m 59s');
    expect(formatCountdown(h)).toBe('1h 00m 00s');
  });

  it('shows minutes and padded seconds under an hour', () => {
    expect(formatCountdown(4 * m + 5 * s)).toBe('4m 05s');
    expect(formatCountdown(h - 1)).toBe('59m 59s');
    expect(formatCountdown(59 * s)).toBe('0m 59s');
  });

  it('drops partial seconds and stops at zero', () => {
    expect(formatCountdown(1999)).toBe('0m 01s');
    expect(formatCountdown(999)).toBe('0m 00s');
    expect(formatCountdown(0)).toBe('0m 00s');
    expect(formatCountdown(-5000)).toBe('0m 00s');
  });

  it('rejects NaN and infinity', () => {
    expect(() => formatCountdown(Number.NaN)).toThrow(RangeError);
    expect(() => formatCountdown(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
