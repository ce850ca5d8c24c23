/**
 * The one way Drawhouse prints a count or a large number to customers: en-AU with thousands
 * separators ("81,235 tickets", "1 in 134,490,400"). Draw numbers, order numbers and ticket numbers
 * are identifiers, not quantities: they stay plain ("Draw 1234") so they read the same as in a result
 * list or a support call.
 */

/** The locale of every number and amount Drawhouse prints (money.ts formats amounts in it too). */
export const DEFAULT_LOCALE = 'en-AU';

const formatters = new Map<number, Intl.NumberFormat>();

/** 81235 -> "81,235"; at most `fractionDigits` decimals (none by default, rounded). */
export function formatCount(value: number, fractionDigits = 0): string {
  let formatter = formatters.get(fractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat(DEFAULT_LOCALE, { maximumFractionDigits: fractionDigits });
    formatters.set(fractionDigits, formatter);
  }
  return formatter.format(value);
}

/** "1 ticket", "81,235 tickets": a count and its noun, singular for exactly one. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
