/**
 * How a draw's day is named on the storefront, relative to today ("Tonight" begins at 18:00).
 * Calendar days are counted on the Sydney clock
 * (or the given zone), so a day is a calendar day even when it is 23 or 25 hours long.
 *
 * | days from today | label                          |
 * |-----------------|--------------------------------|
 * | 0               | Tonight (draw at/after 18:00), else Today |
 * | 1               | Tomorrow                       |
 * | 2 to 6          | This {Weekday}                 |
 * | 7 to 13         | Next {Weekday}                 |
 * | 14 or more      | long date: Saturday 5 December 2026 |
 * | before today    | long date                      |
 *
 * Decision: 14 days ahead is a long date, not "Next {Weekday}", because "Next Saturday" on a
 * Saturday already means 7 days ahead and one label must not name two dates.
 * Decision: "Tonight" depends on the draw's own clock time, not on the time now.
 */
import { calendarDayNumber, SYDNEY_TIME_ZONE, zonedParts } from './draw-schedule.ts';

export const TONIGHT_FROM_HOUR = 18;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Month names, January first. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const MONTHS_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

function name<T extends string>(names: readonly T[], index: number): T {
  const value = names[index];
  if (value === undefined) throw new RangeError(`no name for index ${index}`);
  return value;
}

/** "Saturday 5 December 2026" for an instant read in `timeZone`. */
export function formatLongDate(date: Date, timeZone: string = SYDNEY_TIME_ZONE): string {
  const p = zonedParts(date, timeZone);
  return `${name(WEEKDAYS, p.weekday)} ${p.day} ${name(MONTHS, p.month - 1)} ${p.year}`;
}

export function drawDayLabel(drawDate: Date, now: Date, timeZone: string = SYDNEY_TIME_ZONE): string {
  const draw = zonedParts(drawDate, timeZone);
  const today = zonedParts(now, timeZone);
  const days =
    calendarDayNumber(draw.year, draw.month, draw.day) -
    calendarDayNumber(today.year, today.month, today.day);
  const weekday = name(WEEKDAYS, draw.weekday);
  if (days === 0) return draw.hour >= TONIGHT_FROM_HOUR ? 'Tonight' : 'Today';
  if (days === 1) return 'Tomorrow';
  if (days >= 2 && days <= 6) return `This ${weekday}`;
  if (days >= 7 && days <= 13) return `Next ${weekday}`;
  return formatLongDate(drawDate, timeZone);
}

/**
 * "Thu 26 Nov 2026, 8:30pm": a draw or stop time in full. Names are fixed English (not the
 * runtime's CLDR data, which writes "Sept" for en-AU in some versions) so the text never drifts.
 */
export function formatDrawDate(date: Date, timeZone: string = SYDNEY_TIME_ZONE): string {
  const p = zonedParts(date, timeZone);
  return `${name(WEEKDAYS_SHORT, p.weekday)} ${p.day} ${name(MONTHS_SHORT, p.month - 1)} ${p.year}, ${formatClockTime(date, timeZone)}`;
}

/** "8:30pm". */
export function formatClockTime(date: Date, timeZone: string = SYDNEY_TIME_ZONE): string {
  const p = zonedParts(date, timeZone);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const period = p.hour < 12 ? 'am' : 'pm';
  return `${hour12}:${String(p.minute).padStart(2, '0')}${period}`;
}

/**
 * A draw's day and time, said once. A relative label keeps the full date beside it ("Tomorrow" and
 * "Thu 26 Nov 2026, 8:30pm"); a label that is already the long date takes the time and nothing
 * beside it ("Wednesday 16 December 2026, 9:00pm" and null).
 */
export function drawWhen(
  drawDate: Date,
  now: Date,
  timeZone: string = SYDNEY_TIME_ZONE,
): { label: string; date: string | null } {
  const label = drawDayLabel(drawDate, now, timeZone);
  if (label === formatLongDate(drawDate, timeZone)) {
    return { label: `${label}, ${formatClockTime(drawDate, timeZone)}`, date: null };
  }
  return { label, date: formatDrawDate(drawDate, timeZone) };
}

/**
 * Time left until entries close.
 * - one day or more: "2d 3h 4m" (no seconds, no padding);
 * - under a day: "3h 04m 05s";
 * - under an hour: "4m 05s";
 * - nothing left (0 or negative): "0m 00s".
 * Decision: partial seconds are dropped (floor), so the countdown never shows more time than is
 * left and reads "0m 00s" only in the last second or after the stop time.
 * Throws RangeError for NaN or infinity.
 */
export function formatCountdown(ms: number): string {
  if (!Number.isFinite(ms)) throw new RangeError(`countdown must be a finite number of ms, got ${ms}`);
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m ${pad(seconds)}s`;
  return `${minutes}m ${pad(seconds)}s`;
}
