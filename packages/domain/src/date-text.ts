/**
 * Dates as the account area shows them, en-AU long style ("14 March 1988"): a calendar date as it
 * is, an instant as its date in Sydney.
 */
import { parseIsoDate } from './age.ts';
import { SYDNEY_TIME_ZONE } from './draw-schedule.ts';

const LONG = { day: 'numeric', month: 'long', year: 'numeric' } as const;
const calendarFormat = new Intl.DateTimeFormat('en-AU', { ...LONG, timeZone: 'UTC' });
const sydneyFormat = new Intl.DateTimeFormat('en-AU', { ...LONG, timeZone: SYDNEY_TIME_ZONE });

/**
 * A calendar date `YYYY-MM-DD` (a date of birth) as "14 March 1988"; an instant (ISO text with a
 * time, or a Date) as its date in Sydney. Undefined when the value is not a date.
 */
export function formatCalendarDate(value: string | Date | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = parseIsoDate(value);
    if (!d) return undefined;
    const at = new Date(0);
    at.setUTCFullYear(d.year, d.month - 1, d.day); // Date.UTC would read years below 100 as 19xx
    return calendarFormat.format(at);
  }
  const instant = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(instant.getTime()) ? undefined : sydneyFormat.format(instant);
}
