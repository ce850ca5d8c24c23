import type { DepositLimit, Money } from '@drawhouse/contract';
import {
  checkAmountInput,
  formatMoney,
  moneyToCents,
  parseCurrencyInput,
  VALIDATION_MESSAGES,
} from '@drawhouse/domain';

/** Wire money as the customer reads it: { amount: 12.5 } -> "$12.50". */
export function moneyText(money: Money): string {
  return formatMoney(moneyToCents(money), money.currency);
}

/**
 * A transaction's amount as its row shows it: money in "+$10.00", money out "-$5.00", and a cancelled
 * one (nothing moved) without a sign, "$5.00 not charged" or "$5.00 not paid out".
 */
export function transactionAmountText(amount: Money, status: 'posted' | 'pending' | 'voided'): string {
  const text = moneyText({ ...amount, amount: Math.abs(amount.amount) });
  if (status === 'voided') return `${text} ${amount.amount < 0 ? 'not paid out' : 'not charged'}`;
  return amount.amount < 0 ? `-${text}` : `+${text}`;
}

export type AmountBounds = { min?: Money; max?: Money };

/**
 * The amount rules of the wallet forms, checked before the API is called (the API checks them
 * again, with the same messages): required, the currency format, at least the minimum (a cent when
 * none is given) and at most the maximum.
 */
export function amountProblem(text: string, bounds: AmountBounds = {}): string | undefined {
  if (text.trim() === '') return VALIDATION_MESSAGES.required;
  const check = checkAmountInput(text, {
    minCents: bounds.min ? moneyToCents(bounds.min) : undefined,
    maxCents: bounds.max ? moneyToCents(bounds.max) : undefined,
  });
  return check.ok ? undefined : check.message;
}

/** The amount as the API takes it ("12.50"): only for text that passed `amountProblem`. */
export function amountForApi(text: string): string {
  const cents = parseCurrencyInput(text) ?? 0;
  return (cents / 100).toFixed(2);
}

/** "Between $10.00 and $1,000.00." for an amount field's hint. */
export function boundsText(bounds: AmountBounds): string | undefined {
  if (bounds.min && bounds.max) return `Between ${moneyText(bounds.min)} and ${moneyText(bounds.max)}.`;
  if (bounds.max) return `Up to ${moneyText(bounds.max)}.`;
  if (bounds.min) return `At least ${moneyText(bounds.min)}.`;
  return undefined;
}

/**
 * What caps a deposit below the method's own maximum, in words for the amount's hint: the cap of an
 * unverified account, or the weekly deposit limit (with its amount). Undefined when nothing does.
 */
export function depositCapNote(limit: DepositLimit): string | undefined {
  if (limit.unverifiedCap) {
    return `Until your account is verified you can deposit ${moneyText(limit.unverifiedCap.remaining)} more (a cap of ${moneyText(limit.unverifiedCap.limit)}).`;
  }
  if (limit.limit && limit.remaining) {
    return `Your weekly deposit limit is ${moneyText(limit.limit)}: ${moneyText(limit.remaining)} left this week.`;
  }
  return undefined;
}
