/**
 * An amount a customer typed (a deposit, a withdrawal, a limit): major units as a JSON number or as
 * form text. One reading and one set of messages for every call that takes one.
 */
import { type Cents, moneyToCents, parseCurrencyInput } from './money.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';

/**
 * Cents of an amount, or null when it does not follow the currency format (more than two decimals,
 * not a finite number, text with a sign or letters). A negative number reads as negative cents: the
 * minimum rule refuses it with its own message.
 */
export function parseAmountInput(value: number | string): Cents | null {
  if (typeof value === 'string') return parseCurrencyInput(value);
  try {
    return moneyToCents({ amount: value, currency: 'AUD' });
  } catch {
    return null;
  }
}

/** Amount text in messages: 1 -> "0.01", 2500 -> "25.00". */
export function amountText(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export type AmountBounds = { minCents?: Cents; maxCents?: Cents };

export type AmountCheck =
  | { ok: true; cents: Cents }
  | { ok: false; code: 'invalid_amount' | 'amount_too_small' | 'amount_too_large'; message: string };

/**
 * Reads an amount and checks it against a minimum (default one cent) and an optional maximum, with
 * the customer's messages: the currency format, "equal to or greater than", "equal to or less than".
 */
export function checkAmountInput(value: number | string, bounds: AmountBounds = {}): AmountCheck {
  const cents = parseAmountInput(value);
  if (cents === null) return { ok: false, code: 'invalid_amount', message: VALIDATION_MESSAGES.currency };
  const min = bounds.minCents ?? 1;
  if (cents < min) {
    return { ok: false, code: 'amount_too_small', message: VALIDATION_MESSAGES.minimum(amountText(min)) };
  }
  if (bounds.maxCents !== undefined && cents > bounds.maxCents) {
    return {
      ok: false,
      code: 'amount_too_large',
      message: VALIDATION_MESSAGES.maximum(amountText(Math.max(0, bounds.maxCents))),
    };
  }
  return { ok: true, cents };
}
