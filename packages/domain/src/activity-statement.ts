/**
 * The monthly activity statement: what moved a customer's balance (cash and promotional credit)
 * in one calendar month on the Sydney clock. The lines are the transactions list's: a line counts
 * once its money is posted (a held one once its hold is posted, on the day it was made); held and
 * voided lines are listed but move nothing. The balance is what the counted lines sum to.
 */

import { MONTHS } from './draw-day-label.ts';
import { SYDNEY_TIME_ZONE, zonedParts, zonedTimeToUtc } from './draw-schedule.ts';
import type { Cents } from './money.ts';

/** A calendar month: `year` four digits, `month` 1-12. */
export type StatementMonth = { year: number; month: number };

/** Why money moved: the ledger's transfer codes. */
type MoneyIn = 'deposit' | 'refund' | 'prize' | 'promo_credit';
export type StatementLineType = MoneyIn | 'purchase' | 'withdrawal' | 'adjustment';

/** One line: `amountCents` signed as the customer reads it (positive into their balance). */
export type StatementLine = {
  type: StatementLineType;
  amountCents: Cents;
  status: 'posted' | 'pending' | 'voided';
};

export type StatementTotals = {
  openingCents: Cents;
  depositsCents: Cents;
  withdrawalsCents: Cents;
  /** Purchases: tickets, shares, entries and memberships bought. */
  spendCents: Cents;
  refundsCents: Cents;
  winningsCents: Cents;
  /** Promotional credit given and other adjustments, signed. */
  adjustmentsCents: Cents;
  /** Winnings and refunds less spend: positive when the month won money. */
  netCents: Cents;
  closingCents: Cents;
};

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `YYYY-MM` (a four-digit year, a two-digit month) as a month, or null for anything else. */
export function parseStatementMonth(text: string): StatementMonth | null {
  const match = MONTH_PATTERN.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  return year < 1000 ? null : { year, month: Number(match[2]) };
}

export function statementMonthKey({ year, month }: StatementMonth): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** "November 2026". */
export function statementMonthName({ year, month }: StatementMonth): string {
  return `${MONTHS[month - 1]} ${year}`;
}

/** The month an instant falls in on the zone's clock (Sydney by default). */
export function statementMonthOf(at: Date, timeZone: string = SYDNEY_TIME_ZONE): StatementMonth {
  const p = zonedParts(at, timeZone);
  return { year: p.year, month: p.month };
}

const indexOf = ({ year, month }: StatementMonth) => year * 12 + month - 1;
const monthAt = (index: number): StatementMonth => ({
  year: Math.floor(index / 12),
  month: (index % 12) + 1,
});

/** The instants a month runs between: from midnight on the 1st to midnight on the next 1st. */
export function statementMonthRange(
  month: StatementMonth,
  timeZone: string = SYDNEY_TIME_ZONE,
): { start: Date; end: Date } {
  const next = monthAt(indexOf(month) + 1);
  return {
    start: zonedTimeToUtc(month.year, month.month, 1, 0, 0, timeZone),
    end: zonedTimeToUtc(next.year, next.month, 1, 0, 0, timeZone),
  };
}

/** Whether a month has a statement: from the account's opening month to now's, both included. */
export function isStatementMonth(
  month: StatementMonth,
  openedAt: Date,
  now: Date,
  timeZone: string = SYDNEY_TIME_ZONE,
): boolean {
  const index = indexOf(month);
  return (
    index >= indexOf(statementMonthOf(openedAt, timeZone)) &&
    index <= indexOf(statementMonthOf(now, timeZone))
  );
}

/**
 * The months either side of one that have statements: `previous` is null in the opening month,
 * `next` in the current one.
 */
export function neighbouringStatementMonths(
  month: StatementMonth,
  openedAt: Date,
  now: Date,
  timeZone: string = SYDNEY_TIME_ZONE,
): { previous: StatementMonth | null; next: StatementMonth | null } {
  const previous = monthAt(indexOf(month) - 1);
  const next = monthAt(indexOf(month) + 1);
  return {
    previous: isStatementMonth(previous, openedAt, now, timeZone) ? previous : null,
    next: isStatementMonth(next, openedAt, now, timeZone) ? next : null,
  };
}

/**
 * The month's totals from its lines and the balance it opened with. Spend and withdrawals are told
 * as positive amounts; a reversal of one (a purchase line into the balance) makes it less. Opening
 * plus deposits, refunds, winnings and adjustments, less withdrawals and spend, is the closing balance.
 */
export function statementTotals(openingCents: Cents, lines: readonly StatementLine[]): StatementTotals {
  const sums: Partial<Record<StatementLineType, Cents>> = {};
  let movedCents = 0;
  for (const line of lines) {
    if (line.status !== 'posted') continue;
    sums[line.type] = (sums[line.type] ?? 0) + line.amountCents;
    movedCents += line.amountCents;
  }
  const sum = (type: StatementLineType) => sums[type] ?? 0;
  // `0 - x`, not `-x`: a month without any is 0, never -0.
  const spendCents = 0 - sum('purchase');
  return {
    openingCents,
    depositsCents: sum('deposit'),
    withdrawalsCents: 0 - sum('withdrawal'),
    spendCents,
    refundsCents: sum('refund'),
    winningsCents: sum('prize'),
    adjustmentsCents: sum('promo_credit') + sum('adjustment'),
    netCents: sum('prize') + sum('refund') - spendCents,
    closingCents: openingCents + movedCents,
  };
}
