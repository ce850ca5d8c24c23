/**
 * Wall-clock time in a time zone, and the timetables of draws. Draw times are Australia/Sydney
 * local times; instants are UTC Dates. Built on Intl.DateTimeFormat only, so it
 * follows the tz database through daylight saving changes (Sydney: clocks go forward at 02:00 on the
 * first Sunday of October and back at 03:00 on the first Sunday of April).
 */

export const SYDNEY_TIME_ZONE = 'Australia/Sydney';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Calendar parts of an instant as read on a clock in some time zone. weekday: 0 = Sunday. */
export type ZonedParts = {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
  second: number;
};

/** A weekly timetable in Sydney local time. weekdays: 0 = Sunday ... 6 = Saturday. */
export type DrawSchedule = { weekdays: readonly number[]; hour: number; minute: number };

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function assertValidDate(date: Date): void {
  if (Number.isNaN(date.getTime())) throw new RangeError('invalid date');
}

/** Weekday (0 = Sunday) of a calendar date, independent of any time zone. */
export function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Days since 1970-01-01 of a calendar date: the difference of two is a count of calendar days. */
export function calendarDayNumber(year: number, month: number, day: number): number {
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** The clock reading of `date` in `timeZone` (hours 0-23). */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  assertValidDate(date);
  const values: Record<string, number> = {};
  for (const part of partFormatter(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const year = values.year ?? Number.NaN;
  const month = values.month ?? Number.NaN;
  const day = values.day ?? Number.NaN;
  return {
    year,
    month,
    day,
    weekday: weekdayOf(year, month, day),
    hour: values.hour ?? Number.NaN,
    minute: values.minute ?? Number.NaN,
    second: values.second ?? Number.NaN,
  };
}

/** The Sydney clock reading of an instant. */
export function sydneyParts(date: Date): ZonedParts {
  return zonedParts(date, SYDNEY_TIME_ZONE);
}

/** Offset of the zone's clock from UTC at an instant, in ms (Sydney: +10 h or +11 h). */
function offsetAt(epochMs: number, timeZone: string): number {
  const p = zonedParts(new Date(epochMs), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const wholeSeconds = Math.floor(epochMs / 1000) * 1000;
  return asUtc - wholeSeconds;
}

function assertInteger(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
}

/**
 * The UTC instant at which a clock in `timeZone` shows y-m-d hh:mm (month 1-12).
 *
 * Decisions for the two daylight saving edges (the same as Temporal's "compatible"):
 * - a time that happens twice (Sydney 02:00-02:59 on the first Sunday of April) is the earlier one;
 * - a time that never happens (Sydney 02:00-02:59 on the first Sunday of October) is moved forward by
 *   the gap, so 02:30 becomes 03:30 daylight time.
 * Throws RangeError for an impossible date or time (31 February, 24:00).
 */
export function zonedTimeToUtc(
  y: number,
  m: number,
  d: number,
  hh: number,
  mm: number,
  tz: string = SYDNEY_TIME_ZONE,
): Date {
  assertInteger('year', y, 1000, 9999);
  assertInteger('month', m, 1, 12);
  assertInteger('day', d, 1, new Date(Date.UTC(y, m, 0)).getUTCDate());
  assertInteger('hour', hh, 0, 23);
  assertInteger('minute', mm, 0, 59);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const offsetBefore = offsetAt(wall - DAY_MS, tz);
  const offsets = new Set([offsetBefore, offsetAt(wall, tz), offsetAt(wall + DAY_MS, tz)]);
  const matches = [...offsets]
    .map((offset) => wall - offset)
    .filter((candidate) => {
      const p = zonedParts(new Date(candidate), tz);
      return p.year === y && p.month === m && p.day === d && p.hour === hh && p.minute === mm;
    })
    .sort((a, b) => a - b);
  const earliest = matches[0];
  // No match: the wall time falls in a gap; reading it with the offset from before the gap moves it
  // forward by the length of the gap.
  return new Date(earliest ?? wall - offsetBefore);
}

function schedulesOf(schedule: DrawSchedule | readonly DrawSchedule[]): readonly DrawSchedule[] {
  const list: readonly DrawSchedule[] = isScheduleList(schedule) ? schedule : [schedule];
  if (list.length === 0) throw new RangeError('a draw schedule needs at least one entry');
  for (const entry of list) {
    if (entry.weekdays.length === 0) throw new RangeError('a draw schedule needs at least one weekday');
    for (const weekday of entry.weekdays) assertInteger('weekday', weekday, 0, 6);
    assertInteger('hour', entry.hour, 0, 23);
    assertInteger('minute', entry.minute, 0, 59);
  }
  return list;
}

function isScheduleList(
  schedule: DrawSchedule | readonly DrawSchedule[],
): schedule is readonly DrawSchedule[] {
  return Array.isArray(schedule);
}

/** Draw instants on one Sydney calendar day, earliest first. */
function drawsOnDay(schedules: readonly DrawSchedule[], dayNumber: number): number[] {
  const date = new Date(dayNumber * DAY_MS);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + 1;
  const d = date.getUTCDate();
  const weekday = date.getUTCDay();
  const times = new Set<number>();
  for (const entry of schedules) {
    if (entry.weekdays.includes(weekday)) {
      times.add(zonedTimeToUtc(y, m, d, entry.hour, entry.minute, SYDNEY_TIME_ZONE).getTime());
    }
  }
  return [...times].sort((a, b) => a - b);
}

function assertCount(count: number): void {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  }
}

/**
 * The next `count` draws strictly after `from`, soonest first, as UTC instants of the schedule's
 * Sydney local times. Accepts one schedule or several (Lotto Strike rides draws at two times).
 */
export function nextDrawTimes(
  schedule: DrawSchedule | readonly DrawSchedule[],
  from: Date,
  count: number,
): Date[] {
  assertValidDate(from);
  assertCount(count);
  const schedules = schedulesOf(schedule);
  const start = sydneyParts(from);
  const result: Date[] = [];
  for (let day = calendarDayNumber(start.year, start.month, start.day); result.length < count; day++) {
    for (const time of drawsOnDay(schedules, day)) {
      if (time > from.getTime() && result.length < count) result.push(new Date(time));
    }
  }
  return result;
}

/**
 * The last `count` draws strictly before `before`, most recent first (the order of a results
 * page, and draw numbers count down from the latest).
 */
export function pastDrawTimes(
  schedule: DrawSchedule | readonly DrawSchedule[],
  before: Date,
  count: number,
): Date[] {
  assertValidDate(before);
  assertCount(count);
  const schedules = schedulesOf(schedule);
  const start = sydneyParts(before);
  const result: Date[] = [];
  for (let day = calendarDayNumber(start.year, start.month, start.day); result.length < count; day--) {
    for (const time of drawsOnDay(schedules, day).reverse()) {
      if (time < before.getTime() && result.length < count) result.push(new Date(time));
    }
  }
  return result;
}

/** When entries close: `minutesBefore` real minutes before the draw (not wall-clock minutes). */
export function stopTimeFor(drawDate: Date, minutesBefore: number): Date {
  assertValidDate(drawDate);
  if (!Number.isFinite(minutesBefore) || minutesBefore < 0) {
    throw new RangeError(`minutesBefore must be a non-negative number, got ${minutesBefore}`);
  }
  return new Date(drawDate.getTime() - minutesBefore * MINUTE_MS);
}
