/**
 * Money. Inside Drawhouse every amount is an integer number of cents; on the wire it is
 * `{ amount, currency }` in major units with at most two decimals. Arithmetic happens on cents
 * only; these functions are the only crossings.
 */
import type { Money } from '@drawhouse/contract';
import { DEFAULT_LOCALE } from './number-format.ts';

export type { Money };

/** An integer number of minor units (cents). */
export type Cents = number;

export const DEFAULT_CURRENCY = 'AUD';

/** True for a safe integer (the only values that are valid cents). */
export function isCents(value: number): boolean {
  return Number.isSafeInteger(value);
}

function assertCents(cents: number, what = 'cents'): void {
  if (!isCents(cents)) throw new RangeError(`${what} must be a safe integer, got ${cents}`);
}

/** Cents to wire money: 1250 -> { amount: 12.5, currency: 'AUD' }. Throws RangeError for non-integers. */
export function centsToMoney(cents: Cents, currency: string = DEFAULT_CURRENCY): Money {
  assertCents(cents);
  // cents / 100 is the double nearest to the decimal value, which is what JSON carries.
  const amount = cents / 100;
  return { amount: amount === 0 ? 0 : amount, currency };
}

/**
 * Wire money to cents: { amount: 12.5 } -> 1250. Throws RangeError when the amount is not finite,
 * has more than two decimals (1.005) or is too large to count in cents exactly. Negative amounts are
 * allowed (a refund or a ledger debit); the caller decides whether they make sense.
 */
export function moneyToCents(m: Money): Cents {
  const { amount } = m;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) {
    throw new RangeError(`money amount must be a finite number, got ${String(amount)}`);
  }
  const cents = Math.round(amount * 100);
  if (!isCents(cents)) throw new RangeError(`money amount is too large: ${amount}`);
  // A decimal with at most two places parses to the double nearest n/100, and n/100 computed by
  // division is that same double; anything else (1.005, 0.1 + 0.2) has more than two decimals.
  if (cents / 100 !== amount) {
    throw new RangeError(`money amount must have at most 2 decimals, got ${amount}`);
  }
  return cents === 0 ? 0 : cents;
}

const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(locale: string, currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Currency text with two decimals: 123450 -> "$1,234.50". */
export function formatMoney(
  cents: Cents,
  currency: string = DEFAULT_CURRENCY,
  locale: string = DEFAULT_LOCALE,
): string {
  assertCents(cents);
  return currencyFormatter(locale, currency, 2).format(cents / 100);
}

/**
 * Jackpot text with zero decimals: 2000000000 -> "$20,000,000". Decision: stray cents are dropped
 * (truncated toward zero), never rounded up, so a prize is never shown larger than it is.
 */
export function formatJackpot(
  cents: Cents,
  currency: string = DEFAULT_CURRENCY,
  locale: string = DEFAULT_LOCALE,
): string {
  assertCents(cents);
  const dollars = Math.trunc(cents / 100);
  return currencyFormatter(locale, currency, 0).format(dollars === 0 ? 0 : dollars);
}

const CURRENCY_INPUT = /^\$?(?:(\d{1,3}(?:,\d{3})+)|(\d*))(?:\.(\d{1,2}))?$/;

/**
 * Parses what a customer typed in an amount field into cents, or null when it does not follow
 * "Amount must follow format e.g: 1.50" (at most two decimals).
 *
 * Accepted: "1.50", "1.5", "1", "0.01", ".5", "$10", "1,234.50" (thousands separators only in
 * groups of three), surrounding spaces. Rejected: more than two decimals ("1.505"), a trailing point
 * ("1."), signs ("-1", "+1"), exponents ("1e3"), letters, several points, the empty string, and
 * values too large to count in cents exactly. "0" parses to 0: a minimum is a separate rule.
 */
export function parseCurrencyInput(text: string): Cents | null {
  const match = CURRENCY_INPUT.exec(text.trim());
  if (!match) return null;
  const [, grouped, plain, decimals] = match;
  const wholeText = grouped !== undefined ? grouped.replaceAll(',', '') : (plain ?? '');
  if (wholeText === '' && decimals === undefined) return null;
  const whole = wholeText === '' ? 0 : Number(wholeText);
  const fraction = decimals === undefined ? 0 : Number(decimals.padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return isCents(cents) ? cents : null;
}
