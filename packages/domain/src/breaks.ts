/**
 * Take a break and self-exclusion (ADR 077): a customer stops all buying and depositing for a chosen
 * time, or for good. Once started it cannot be cancelled or shortened by anyone; withdrawals stay
 * open. A break ends at the same clock time as it began, that many hours, days or calendar months
 * later (Sydney calendar for months).
 */
import {
  BREAK_KINDS,
  type BreakKind,
  type BreakPeriod,
  SELF_EXCLUSION_PERIODS,
  TAKE_A_BREAK_PERIODS,
} from '@drawhouse/contract';
import { formatClockTime, formatLongDate } from './draw-day-label.ts';
import { SYDNEY_TIME_ZONE, zonedParts, zonedTimeToUtc } from './draw-schedule.ts';

/** The periods each kind offers, shortest first. */
export const BREAK_PERIODS: Record<BreakKind, readonly BreakPeriod[]> = {
  take_a_break: TAKE_A_BREAK_PERIODS,
  self_exclusion: SELF_EXCLUSION_PERIODS,
};

export const BREAK_PERIOD_LABELS: Record<BreakPeriod, string> = {
  '24_hours': '24 hours',
  '7_days': '7 days',
  '1_month': '1 month',
  '3_months': '3 months',
  '6_months': '6 months',
  '1_year': '1 year',
  '2_years': '2 years',
  '5_years': '5 years',
  permanent: 'Permanently',
};

/** The refusal codes of a spend or a deposit during a break. */
export const BREAK_REFUSAL_CODES: Record<BreakKind, 'take_a_break' | 'self_excluded'> = {
  take_a_break: 'take_a_break',
  self_exclusion: 'self_excluded',
};

/** A break as stored: its kind and period, when it began and when it ends (null: never). */
export function isBreakRefusalCode(code: string): code is 'take_a_break' | 'self_excluded' {
  return code === 'take_a_break' || code === 'self_excluded';
}

export type StoredBreak = {
  breakKind: string | null;
  breakPeriod: string | null;
  breakStartsAt: Date | null;
  breakEndsAt: Date | null;
};

export type ActiveBreak = { kind: BreakKind; period: BreakPeriod; startedAt: Date; endsAt: Date | null };

export function isBreakPeriod(kind: BreakKind, period: string): period is BreakPeriod {
  return (BREAK_PERIODS[kind] as readonly string[]).includes(period);
}

const HOUR_MS = 3_600_000;

function addMonths(start: Date, months: number): Date {
  const p = zonedParts(start, SYDNEY_TIME_ZONE);
  const total = p.month - 1 + months;
  const year = p.year + Math.floor(total / 12);
  const month = (total % 12) + 1;
  // A day the target month lacks (31 into June) ends on the month's last day.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return zonedTimeToUtc(year, month, Math.min(p.day, lastDay), p.hour, p.minute, SYDNEY_TIME_ZONE);
}

/** How long each period lasts: hours, or calendar months; null for ever. */
const LENGTHS: Record<BreakPeriod, { hours: number } | { months: number } | null> = {
  '24_hours': { hours: 24 },
  '7_days': { hours: 7 * 24 },
  '1_month': { months: 1 },
  '3_months': { months: 3 },
  '6_months': { months: 6 },
  '1_year': { months: 12 },
  '2_years': { months: 24 },
  '5_years': { months: 60 },
  permanent: null,
};

/** When a break of `period` begun at `start` ends; null for a permanent self-exclusion. */
export function breakEndsAt(period: BreakPeriod, start: Date): Date | null {
  const length = LENGTHS[period];
  if (!length) return null;
  if ('hours' in length) return new Date(start.getTime() + length.hours * HOUR_MS);
  return addMonths(start, length.months);
}

/** The break in force at `now` among stored rows, if any. */
export function breakInForce(rows: readonly StoredBreak[], now: Date): ActiveBreak | null {
  for (const row of rows) {
    const { breakKind: kind, breakPeriod: period, breakStartsAt: startedAt } = row;
    if (!kind || !period || !startedAt) continue;
    if (!(BREAK_KINDS as readonly string[]).includes(kind)) continue;
    const k = kind as BreakKind;
    if (!isBreakPeriod(k, period)) continue;
    if (startedAt.getTime() > now.getTime()) continue;
    if (row.breakEndsAt && row.breakEndsAt.getTime() <= now.getTime()) continue;
    return { kind: k, period, startedAt, endsAt: row.breakEndsAt };
  }
  return null;
}

/** "Saturday 5 December 2026 at 3:00pm" (Sydney time), or "never" for a permanent one. */
export function breakEndText(endsAt: Date | null): string {
  if (!endsAt) return 'never';
  return `${formatLongDate(endsAt)} at ${formatClockTime(endsAt)}`;
}

/** Why a purchase or a deposit is refused during a break, and what still works. */
export function breakRefusalMessage(found: Pick<ActiveBreak, 'kind' | 'endsAt'>): string {
  const until = found.endsAt ? ` until ${breakEndText(found.endsAt)} (Sydney time)` : '';
  const what =
    found.kind === 'self_exclusion'
      ? `You have excluded yourself from Drawhouse${found.endsAt ? until : ' permanently'}`
      : `You are taking a break from Drawhouse${until}`;
  return `${what}: you cannot buy tickets or add funds meanwhile. You can still withdraw your balance.`;
}

/** The refusal of a spend or deposit during the break in force, if any. */
export function breakRefusal(
  rows: readonly StoredBreak[],
  now: Date,
): { code: 'take_a_break' | 'self_excluded'; message: string } | null {
  const found = breakInForce(rows, now);
  if (!found) return null;
  return { code: BREAK_REFUSAL_CODES[found.kind], message: breakRefusalMessage(found) };
}
