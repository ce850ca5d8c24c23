import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDayNumber,
  nextDrawTimes,
  pastDrawTimes,
  stopTimeFor,
  sydneyParts,
  weekdayOf,
  zonedParts,
  zonedTimeToUtc,
} from './draw-schedule.ts';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('sydneyParts', () => {
  it('reads the Sydney clock in standard time (+10)', () => {
    expect(sydneyParts(new Date('2026-06-11T10:30:00Z'))).toEqual({
      year: 2026,
      month: 6,
      day: 11,
      weekday: 4,
      hour: 20,
      minute: 30,
      second: 0,
    });
  });

  it('reads the Sydney clock in daylight time (+11), across midnight UTC', () => {
    expect(sydneyParts(new Date('2026-11-26T13:05:09Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 27,
      weekday: 5,
      hour: 0,
      minute: 5,
      second: 9,
    });
  });

  it('shows midnight as hour 0, not 24', () => {
    expect(sydneyParts(new Date('2026-06-10T14:00:00Z')).hour).toBe(0);
  });

  it('rejects an invalid date', () => {
    expect(() => sydneyParts(new Date('nope'))).toThrow(RangeError);
  });

  it('reads other zones too', () => {
    expect(zonedParts(new Date('2026-06-11T10:30:00Z'), 'Australia/Perth').hour).toBe(18);
    expect(zonedParts(new Date('2026-06-11T10:30:00Z'), 'UTC').hour).toBe(10);
  });
});

describe('weekdayOf and calendarDayNumber', () => {
  it('gives the weekday of a calendar date', () => {
    expect(weekdayOf(2026, 12, 5)).toBe(6);
    expect(weekdayOf(2026, 10, 4)).toBe(0);
  });

  it('counts calendar days across month and year ends', () => {
    expect(calendarDayNumber(2027, 1, 1) - calendarDayNumber(2026, 12, 31)).toBe(1);
    expect(calendarDayNumber(2028, 3, 1) - calendarDayNumber(2028, 2, 28)).toBe(2);
  });
});

describe('zonedTimeToUtc', () => {
  it('converts Sydney standard time (+10)', () => {
    expect(zonedTimeToUtc(2026, 6, 11, 20, 30).toISOString()).toBe('2026-06-11T10:30:00.000Z');
  });

  it('converts Sydney daylight time (+11)', () => {
    expect(zonedTimeToUtc(2026, 11, 26, 20, 30).toISOString()).toBe('2026-11-26T09:30:00.000Z');
  });

  it('handles the day the clocks go forward (first Sunday of October)', () => {
    expect(zonedTimeToUtc(2026, 10, 4, 1, 59).toISOString()).toBe('2026-10-03T15:59:00.000Z');
    expect(zonedTimeToUtc(2026, 10, 4, 3, 0).toISOString()).toBe('2026-10-03T16:00:00.000Z');
    expect(zonedTimeToUtc(2026, 10, 4, 20, 30).toISOString()).toBe('2026-10-04T09:30:00.000Z');
  });

  it('moves a time in the spring-forward gap forward by the gap', () => {
    // 02:30 does not exist on 4 October 2026 in Sydney; it reads as 03:30 daylight time.
    const instant = zonedTimeToUtc(2026, 10, 4, 2, 30);
    expect(instant.toISOString()).toBe('2026-10-03T16:30:00.000Z');
    expect(sydneyParts(instant)).toMatchObject({ day: 4, hour: 3, minute: 30 });
  });

  it('handles the day the clocks go back (first Sunday of April)', () => {
    expect(zonedTimeToUtc(2026, 4, 5, 1, 30).toISOString()).toBe('2026-04-04T14:30:00.000Z');
    expect(zonedTimeToUtc(2026, 4, 5, 3, 0).toISOString()).toBe('2026-04-04T17:00:00.000Z');
    expect(zonedTimeToUtc(2026, 4, 5, 20, 30).toISOString()).toBe('2026-04-05T10:30:00.000Z');
  });

  it('takes the earlier of a repeated fall-back time', () => {
    // 02:30 happens at 15:30Z (daylight) and again at 16:30Z (standard) on 5 April 2026.
    expect(zonedTimeToUtc(2026, 4, 5, 2, 30).toISOString()).toBe('2026-04-04T15:30:00.000Z');
  });

  it('works for other zones', () => {
    expect(zonedTimeToUtc(2026, 6, 11, 20, 30, 'UTC').toISOString()).toBe('2026-06-11T20:30:00.000Z');
    expect(zonedTimeToUtc(2026, 3, 29, 1, 30, 'Europe/London').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('rejects impossible dates and times', () => {
    expect(() => zonedTimeToUtc(2026, 2, 29, 20, 0)).toThrow(RangeError);
    expect(() => zonedTimeToUtc(2026, 13, 1, 20, 0)).toThrow(RangeError);
    expect(() => zonedTimeToUtc(2026, 1, 1, 24, 0)).toThrow(RangeError);
    expect(() => zonedTimeToUtc(2026, 1, 1, 20, 60)).toThrow(RangeError);
    expect(() => zonedTimeToUtc(2026, 1, 1.5, 20, 0)).toThrow(RangeError);
    expect(zonedTimeToUtc(2028, 2, 29, 20, 0).toISOString()).toBe('2028-02-29T09:00:00.000Z');
  });

  it('round-trips with sydneyParts for every instant on a minute (property)', () => {
    const start = Date.UTC(2020, 0, 1);
    const end = Date.UTC(2035, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: start / 60_000, max: end / 60_000 }), (minutes) => {
        const instant = new Date(minutes * 60_000);
        const p = sydneyParts(instant);
        const back = zonedTimeToUtc(p.year, p.month, p.day, p.hour, p.minute);
        // Fall-back hours repeat: the earlier instant may be chosen, an hour before.
        const diff = instant.getTime() - back.getTime();
        return diff === 0 || (diff === 3_600_000 && p.month === 4);
      }),
    );
  });
});

describe('nextDrawTimes', () => {
  const thursday = { weekdays: [4], hour: 20, minute: 30 };
  const saturday = { weekdays: [6], hour: 19, minute: 30 };

  it('lists the next weekly draws, soonest first', () => {
    const from = new Date('2026-06-08T00:00:00Z'); // Monday 10:00 Sydney
    expect(iso(nextDrawTimes(thursday, from, 3))).toEqual([
      '2026-06-11T10:30:00.000Z',
      '2026-06-18T10:30:00.000Z',
      '2026-06-25T10:30:00.000Z',
    ]);
  });

  it('includes a draw later the same Sydney day and excludes one at exactly `from`', () => {
    const drawInstant = new Date('2026-06-11T10:30:00Z');
    expect(nextDrawTimes(thursday, new Date(drawInstant.getTime() - 1), 1)[0]?.toISOString()).toBe(
      '2026-06-11T10:30:00.000Z',
    );
    expect(nextDrawTimes(thursday, drawInstant, 1)[0]?.toISOString()).toBe('2026-06-18T10:30:00.000Z');
  });

  it('keeps the local draw time across the October change (+10 to +11)', () => {
    const from = new Date('2026-09-28T00:00:00Z');
    expect(iso(nextDrawTimes(saturday, from, 2))).toEqual([
      '2026-10-03T09:30:00.000Z', // 19:30 AEST
      '2026-10-10T08:30:00.000Z', // 19:30 AEDT
    ]);
  });

  it('keeps the local draw time across the April change (+11 to +10)', () => {
    const from = new Date('2026-03-30T00:00:00Z');
    expect(iso(nextDrawTimes(saturday, from, 2))).toEqual([
      '2026-04-04T08:30:00.000Z', // 19:30 AEDT
      '2026-04-11T09:30:00.000Z', // 19:30 AEST
    ]);
    const daily = { weekdays: [0, 1, 2, 3, 4, 5, 6], hour: 20, minute: 30 };
    expect(iso(nextDrawTimes(daily, new Date('2026-04-04T00:00:00Z'), 2))).toEqual([
      '2026-04-04T09:30:00.000Z',
      '2026-04-05T10:30:00.000Z',
    ]);
  });

  it('merges several schedules in time order', () => {
    const strike = [
      { weekdays: [6], hour: 19, minute: 30 },
      { weekdays: [1, 3], hour: 20, minute: 30 },
    ];
    const from = new Date('2026-06-05T00:00:00Z'); // Friday
    expect(iso(nextDrawTimes(strike, from, 4))).toEqual([
      '2026-06-06T09:30:00.000Z', // Sat 19:30
      '2026-06-08T10:30:00.000Z', // Mon 20:30
      '2026-06-10T10:30:00.000Z', // Wed 20:30
      '2026-06-13T09:30:00.000Z', // Sat 19:30
    ]);
  });

  it('returns nothing for a count of 0 and rejects bad input', () => {
    expect(nextDrawTimes(thursday, new Date(), 0)).toEqual([]);
    expect(() => nextDrawTimes({ weekdays: [], hour: 20, minute: 0 }, new Date(), 1)).toThrow(RangeError);
    expect(() => nextDrawTimes({ weekdays: [7], hour: 20, minute: 0 }, new Date(), 1)).toThrow(RangeError);
    expect(() => nextDrawTimes([], new Date(), 1)).toThrow(RangeError);
    expect(() => nextDrawTimes(thursday, new Date(), -1)).toThrow(RangeError);
    expect(() => nextDrawTimes(thursday, new Date('x'), 1)).toThrow(RangeError);
  });

  it('always lands on a scheduled weekday and time, after `from`, increasing (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.date({
          min: new Date('2024-01-01T00:00:00Z'),
          max: new Date('2032-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (weekdays, hour, minute, from) => {
          const times = nextDrawTimes({ weekdays, hour, minute }, from, 5);
          let previous = from.getTime();
          for (const time of times) {
            if (time.getTime() <= previous) return false;
            const p = sydneyParts(time);
            if (!weekdays.includes(p.weekday)) return false;
            // A time inside the spring-forward gap moves forward an hour.
            const gap = p.month === 10 && p.hour === hour + 1 && hour === 2;
            if (!gap && (p.hour !== hour || p.minute !== minute)) return false;
            previous = time.getTime();
          }
          return times.length === 5;
        },
      ),
    );
  });
});

describe('pastDrawTimes', () => {
  it('lists earlier draws, most recent first, strictly before `before`', () => {
    const before = new Date('2026-06-11T10:30:00Z'); // exactly a Thursday draw
    expect(iso(pastDrawTimes({ weekdays: [4], hour: 20, minute: 30 }, before, 2))).toEqual([
      '2026-06-04T10:30:00.000Z',
      '2026-05-28T10:30:00.000Z',
    ]);
  });

  it('crosses the October change going backwards', () => {
    const before = new Date('2026-10-11T00:00:00Z');
    expect(iso(pastDrawTimes({ weekdays: [6], hour: 19, minute: 30 }, before, 2))).toEqual([
      '2026-10-10T08:30:00.000Z',
      '2026-10-03T09:30:00.000Z',
    ]);
  });

  it('orders two draws on the same day latest first', () => {
    const twice = [
      { weekdays: [3], hour: 12, minute: 0 },
      { weekdays: [3], hour: 20, minute: 30 },
    ];
    expect(iso(pastDrawTimes(twice, new Date('2026-06-11T00:00:00Z'), 2))).toEqual([
      '2026-06-10T10:30:00.000Z',
      '2026-06-10T02:00:00.000Z',
    ]);
  });

  it('mirrors nextDrawTimes (property)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2024-01-01T00:00:00Z'),
          max: new Date('2032-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (from) => {
          const schedule = { weekdays: [1, 3], hour: 20, minute: 30 };
          const next = nextDrawTimes(schedule, from, 4);
          const last = next[3];
          if (!last) return false;
          const back = pastDrawTimes(schedule, last, 3).reverse();
          return iso(back).join() === iso(next.slice(0, 3)).join();
        },
      ),
    );
  });
});

describe('stopTimeFor', () => {
  it('closes entries a number of real minutes before the draw', () => {
    expect(stopTimeFor(new Date('2026-06-11T10:30:00Z'), 30).toISOString()).toBe('2026-06-11T10:00:00.000Z');
    expect(stopTimeFor(new Date('2026-06-11T10:30:00Z'), 0).toISOString()).toBe('2026-06-11T10:30:00.000Z');
  });

  it('rejects negative or non-finite minutes', () => {
    expect(() => stopTimeFor(new Date(), -1)).toThrow(RangeError);
    expect(() => stopTimeFor(new Date(), Number.NaN)).toThrow(RangeError);
  });
});
