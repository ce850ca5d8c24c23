/**
 * Responsible-gambling limit arithmetic: periods, what a limit allows, what a change does. Amounts
 * are integer cents; instants are UTC Dates; calendar periods follow the Sydney clock.
 */
import { SYDNEY_TIME_ZONE, zonedParts, zonedTimeToUtc } from './draw-schedule.ts';
import { type Cents, formatMoney } from './money.ts';

export type LimitPeriod = 'daily' | 'weekly' | 'monthly';

const DAY_MS = 86_400_000;

/** A raise or removal of a limit takes effect this long after it is asked for. */
export const LIMIT_INCREASE_DELAY_MS = 7 * DAY_MS;
/** The weekly deposit limit counts deposits of any 7 days: a rolling window. */
export const DEPOSIT_LIMIT_WINDOW_MS = 7 * DAY_MS;

/**
 * How much a spend passes a limit by: amount - (limit - spent). Positive means refused; zero or less
 * means it fits (a spend that lands exactly on the limit is allowed).
 */
export function exceededAmount(amount: Cents, limit: Cents, spent: Cents): Cents {
  return amount - (limit - spent);
}

/** What is left under a limit, never below zero. */
export function remainingUnder(limit: Cents, spent: Cents): Cents {
  return Math.max(0, limit - spent);
}

/**
 * The calendar period holding `now` on the Sydney clock: a day from midnight, a week from Monday
 * midnight, a month from the 1st at midnight; `end` is when the next begins.
 */
export function calendarPeriod(
  period: LimitPeriod,
  now: Date,
  timeZone: string = SYDNEY_TIME_ZONE,
): { start: Date; end: Date } {
  // The period holding `now` is one: the last one worked out is answered again while it lasts.
  const key = `${timeZone} ${period}`;
  const known = lastPeriods.get(key);
  if (known && known.start <= now && now < known.end) {
    return { start: new Date(known.start), end: new Date(known.end) };
  }
  const found = periodHolding(period, now, timeZone);
  lastPeriods.set(key, found);
  return { start: new Date(found.start), end: new Date(found.end) };
}

const lastPeriods = new Map<string, { start: Date; end: Date }>();

function periodHolding(period: LimitPeriod, now: Date, timeZone: string): { start: Date; end: Date } {
  const p = zonedParts(now, timeZone);
  if (period === 'monthly') {
    const next = p.month === 12 ? { y: p.year + 1, m: 1 } : { y: p.year, m: p.month + 1 };
    return {
      start: zonedTimeToUtc(p.year, p.month, 1, 0, 0, timeZone),
      end: zonedTimeToUtc(next.y, next.m, 1, 0, 0, timeZone),
    };
  }
  // Calendar arithmetic on a UTC date avoids daylight saving: only the final instants use the zone.
  const back = period === 'weekly' ? (p.weekday + 6) % 7 : 0;
  const first = new Date(Date.UTC(p.year, p.month - 1, p.day - back));
  const after = new Date(first.getTime() + (period === 'weekly' ? 7 : 1) * DAY_MS);
  const at = (d: Date) =>
    zonedTimeToUtc(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), 0, 0, timeZone);
  return { start: at(first), end: at(after) };
}

/** The Sydney calendar day (YYYY-MM-DD) of an instant: the day a spend is counted on. */
export function calendarDay(at: Date, timeZone: string = SYDNEY_TIME_ZONE): string {
  // Asked mostly of period starts, the same few instants again and again.
  const key = `${timeZone} ${at.getTime()}`;
  const known = dayOfInstant.get(key);
  if (known !== undefined) return known;
  const p = zonedParts(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${String(p.year).padStart(4, '0')}-${two(p.month)}-${two(p.day)}`;
  if (dayOfInstant.size >= 1000) dayOfInstant.clear();
  dayOfInstant.set(key, day);
  return day;
}

const dayOfInstant = new Map<string, string>();

/** Spend on one calendar day (a refund makes it less, perhaps below zero). */
export type SpendDay = { day: string; cents: Cents };

/**
 * What was spent in each period, from spend by day: the days from each period's first day on (a
 * period that begins at a Sydney midnight, as `calendarPeriod`'s do).
 */
export function spentFromDays(days: readonly SpendDay[], periodStarts: readonly Date[]): Cents[] {
  return periodStarts.map((start) => {
    const first = calendarDay(start);
    return days.reduce((sum, d) => (d.day >= first ? sum + d.cents : sum), 0);
  });
}

/** A stored limit: the amount in force (null: none), and a raise or removal waiting until `pendingFrom`. */
export type StoredLimit = {
  amountCents: Cents | null;
  pendingAmountCents: Cents | null;
  pendingRemoval: boolean;
  pendingFrom: Date | null;
};

/** The limit in force at `now`: a waiting raise or removal counts once its time has come. */
export function limitInForce(stored: StoredLimit | undefined, now: Date): Cents | null {
  if (!stored) return null;
  if (stored.pendingFrom && stored.pendingFrom.getTime() <= now.getTime()) {
    return stored.pendingRemoval ? null : stored.pendingAmountCents;
  }
  return stored.amountCents;
}

/** The raise or removal still waiting at `now`, if any. */
export function limitWaiting(
  stored: StoredLimit | undefined,
  now: Date,
): { amountCents: Cents | null; from: Date } | null {
  if (!stored?.pendingFrom || stored.pendingFrom.getTime() <= now.getTime()) return null;
  return { amountCents: stored.pendingRemoval ? null : stored.pendingAmountCents, from: stored.pendingFrom };
}

/**
 * What asking for `requested` (null: remove the limit) does to a limit whose stored state is
 * `stored`: a tighter limit (or a first one) applies at once and drops any waiting raise; a looser
 * one (a raise, or a removal) waits LIMIT_INCREASE_DELAY_MS while the current one stays in force.
 */
export function changeLimit(
  stored: StoredLimit | undefined,
  requested: Cents | null,
  now: Date,
): StoredLimit {
  const current = limitInForce(stored, now);
  const tighter = requested !== null && (current === null || requested <= current);
  if (tighter)
    return { amountCents: requested, pendingAmountCents: null, pendingRemoval: false, pendingFrom: null };
  if (current === null) {
    // Removing a limit that is not in force: nothing to wait for.
    return { amountCents: null, pendingAmountCents: null, pendingRemoval: false, pendingFrom: null };
  }
  return {
    amountCents: current,
    pendingAmountCents: requested,
    pendingRemoval: requested === null,
    pendingFrom: new Date(now.getTime() + LIMIT_INCREASE_DELAY_MS),
  };
}

/** The refusal codes of spending and depositing, each with its own message. */
export type LimitRefusalCode =
  | 'spend_limit'
  | 'global_spend_limit'
  | 'precommitment_limit'
  | 'deposit_limit'
  | 'verify_account_required';

const PERIOD_WORDS: Record<LimitPeriod, { name: string; when: string }> = {
  daily: { name: 'daily', when: 'today' },
  weekly: { name: 'weekly', when: 'this week' },
  monthly: { name: 'monthly', when: 'this month' },
};

/** A limit a spend or deposit was checked against. */
export type LimitCheck = {
  code: LimitRefusalCode;
  /** The spend limit's period (spend and system limits). */
  period?: LimitPeriod;
  limit: Cents;
  used: Cents;
};

/** The customer-facing words of a refusal: which limit, its amount, what was used, by how much it passes. */
export function limitRefusalMessage(check: LimitCheck, amount: Cents): string {
  const over = formatMoney(exceededAmount(amount, check.limit, check.used));
  const limit = formatMoney(check.limit);
  const used = formatMoney(check.used);
  const left = formatMoney(remainingUnder(check.limit, check.used));
  switch (check.code) {
    case 'spend_limit':
    case 'global_spend_limit': {
      const words = PERIOD_WORDS[check.period ?? 'daily'];
      const whose =
        check.code === 'spend_limit'
          ? `your ${words.name} spend limit`
          : `the ${words.name} spend limit for every account`;
      return `This purchase of ${formatMoney(amount)} is ${over} over ${whose} of ${limit}: you have spent ${used} ${words.when}, so ${left} is left.`;
    }
    case 'precommitment_limit':
      return `This purchase of ${formatMoney(amount)} is ${over} over your precommitment limit of ${limit} a month: you have spent ${used} this month, so ${left} is left.`;
    case 'deposit_limit':
      return `This deposit of ${formatMoney(amount)} is ${over} over your weekly deposit limit of ${limit}: you have deposited ${used} in the last 7 days, so ${left} is left.`;
    case 'verify_account_required':
      return `Please verify your account to deposit more: until it is verified deposits are capped at ${limit} in total, you have deposited ${used}, so ${left} is left.`;
  }
}

/**
 * The first limit a spend or deposit of `amount` passes, or undefined when it fits them all. Checks
 * are taken in the order given (tightest first is the caller's business).
 */
export function firstLimitPassed(checks: readonly LimitCheck[], amount: Cents): LimitCheck | undefined {
  return checks.find((check) => exceededAmount(amount, check.limit, check.used) > 0);
}
