/**
 * Recurring purchases (autoplay, subscriptions, combined purchases): the statuses one may move
 * between, what a move needs, the frequency the customer reads, the minimum jackpot allowed and the
 * billing periods of memberships.
 *
 * | from         | to                                  |
 * |--------------|-------------------------------------|
 * | active       | paused, timed_paused, cancelled     |
 * | paused       | active, timed_paused, cancelled     |
 * | timed_paused | active, paused, cancelled           |
 * | cancelled    | (nothing: a cancel is final)        |
 *
 * Decisions: a timed pause ends at an instant strictly in the future and at most one year ahead; only
 * a timed pause carries a date; staying in the same status is not a move.
 */
import { sydneyParts } from './draw-schedule.ts';
import { jackpotText } from './jackpot-text.ts';

export const RECURRING_STATUS_VALUES = ['active', 'paused', 'timed_paused', 'cancelled'] as const;
export type RecurringStatusValue = (typeof RECURRING_STATUS_VALUES)[number];

export const RECURRING_TRANSITIONS: Readonly<Record<RecurringStatusValue, readonly RecurringStatusValue[]>> =
  {
    active: ['paused', 'timed_paused', 'cancelled'],
    paused: ['active', 'timed_paused', 'cancelled'],
    timed_paused: ['active', 'paused', 'cancelled'],
    cancelled: [],
  };

export function isRecurringStatus(value: string): value is RecurringStatusValue {
  return (RECURRING_STATUS_VALUES as readonly string[]).includes(value);
}

export function canMoveRecurring(from: RecurringStatusValue, to: RecurringStatusValue): boolean {
  return RECURRING_TRANSITIONS[from].includes(to);
}

/** The longest timed pause: one year (366 days, so a date a year ahead on any calendar passes). */
export const MAX_PAUSE_MS = 366 * 24 * 60 * 60 * 1000;

const STATUS_WORDS: Record<RecurringStatusValue, string> = {
  active: 'active',
  paused: 'paused',
  timed_paused: 'paused until a date',
  cancelled: 'cancelled',
};

/**
 * Why a status change is refused, as a sentence for the customer, or null when it is allowed.
 * `pausedUntil` is the end of a timed pause (null when none was given).
 */
export function recurringStatusRefusal(
  from: RecurringStatusValue,
  to: RecurringStatusValue,
  pausedUntil: Date | null,
  now: Date,
): string | null {
  if (from === 'cancelled') return 'A cancelled recurring purchase cannot be changed.';
  if (!canMoveRecurring(from, to))
    return `A recurring purchase that is ${STATUS_WORDS[from]} cannot become ${STATUS_WORDS[to]}.`;
  if (to !== 'timed_paused') {
    return pausedUntil === null ? null : 'Only a pause until a date takes a date.';
  }
  if (pausedUntil === null || Number.isNaN(pausedUntil.getTime())) return 'Choose the date the pause ends.';
  if (pausedUntil.getTime() <= now.getTime()) return 'The pause must end in the future.';
  if (pausedUntil.getTime() - now.getTime() > MAX_PAUSE_MS) return 'A pause can last at most one year.';
  return null;
}

/** The largest minimum jackpot a customer may set: $500 million. */
export const MAX_MINIMUM_JACKPOT_CENTS = 50_000_000_000;

/** Why a minimum jackpot is refused, or null when it is allowed. */
export function minimumJackpotRefusal(cents: number): string | null {
  if (!Number.isSafeInteger(cents)) return 'The minimum jackpot must be a whole amount in cents.';
  if (cents <= 0) return 'The minimum jackpot must be more than $0.';
  if (cents > MAX_MINIMUM_JACKPOT_CENTS) return 'The minimum jackpot can be at most $500 million.';
  return null;
}

export const MEMBERSHIP_BILLING_PERIODS = ['monthly', 'quarterly', 'biannually', 'annually'] as const;
export type MembershipBillingPeriod = (typeof MEMBERSHIP_BILLING_PERIODS)[number];

export type FrequencyLabelInput = {
  type: 'autoplay' | 'subscription' | 'combined_recurring_purchase';
  /** The item's product type: lottery_ticket, raffle_ticket, syndicate_share or membership. */
  productType: string;
  /** Memberships: how often they are billed. */
  billingPeriod?: MembershipBillingPeriod | null;
  minimumJackpotCents?: number | null;
  /** How often the offer is drawn or billed when known (e.g. `monthly`). */
  period?: string | null;
};

/**
 * The frequency the customer reads: a monthly offer shows "Monthly", a raffle "Every draw", a
 * positive minimum jackpot "Jackpots $20 million and over" (the jackpot as its headline), otherwise
 * "Weekly".
 */
export function frequencyLabel(input: FrequencyLabelInput): string {
  if (input.billingPeriod === 'monthly' || input.period === 'monthly') return 'Monthly';
  if (input.productType === 'raffle_ticket') return 'Every draw';
  const minimum = input.minimumJackpotCents;
  if (minimum != null && Number.isSafeInteger(minimum) && minimum > 0)
    return `Jackpots ${jackpotText({ amountCents: minimum }).text} and over`;
  return 'Weekly';
}

const MONTHS_IN: Record<MembershipBillingPeriod, number> = {
  monthly: 1,
  quarterly: 3,
  biannually: 6,
  annually: 12,
};

const PERIOD_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;

function monthIndex(key: string): number {
  const match = PERIOD_KEY.exec(key);
  if (!match) throw new Error(`not a billing period key: ${key}`);
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

function keyOf(index: number): string {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** The Sydney month of an instant as a period key: `2026-12`. */
export function sydneyMonthKey(at: Date): string {
  const parts = sydneyParts(at);
  return keyOf(parts.year * 12 + parts.month - 1);
}

/**
 * The billing period a membership is in at `now`, as the key of the Sydney month it began: periods
 * are counted from the month the membership started (`startedAt`), each `billingPeriod` long.
 */
export function billingPeriodKey(billingPeriod: MembershipBillingPeriod, startedAt: Date, now: Date): string {
  const start = monthIndex(sydneyMonthKey(startedAt));
  const current = monthIndex(sydneyMonthKey(now));
  const length = MONTHS_IN[billingPeriod];
  const elapsed = Math.max(0, current - start);
  return keyOf(start + Math.floor(elapsed / length) * length);
}

/** The billing period after the one keyed `periodKey`: `2026-12` monthly is `2027-01`. */
export function nextBillingPeriod(billingPeriod: MembershipBillingPeriod, periodKey: string): string {
  return keyOf(monthIndex(periodKey) + MONTHS_IN[billingPeriod]);
}
