/**
 * The minimum jackpot an item may carry: only a lottery item with autoplay enabled takes one, in
 * Australian dollars, under the domain's minimum jackpot rule. A refusal is 422 `validation_error` on
 * `minimum_jackpot_amount` with the rule's words, before anything is written.
 */
import type { CartItemBody } from '@drawhouse/contract';
import { DEFAULT_CURRENCY, minimumJackpotRefusal, moneyToCents } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';

export const MINIMUM_JACKPOT_MESSAGES = {
  autoplayOnly: 'A minimum jackpot goes with Autoplay: choose Autoplay to set one.',
  lotteryOnly: 'Only a lottery autoplay takes a minimum jackpot.',
  currency: `The minimum jackpot must be in ${DEFAULT_CURRENCY}.`,
} as const;

const refused = (message: string) =>
  new AppError(422, 'validation_error', message, {
    minimum_jackpot_amount: [{ code: 'invalid', message }],
  });

/** The minimum jackpot of an item body in cents, undefined when none was sent; throws a 422. */
export function minimumJackpotOf(body: CartItemBody): number | undefined {
  if (body.kind === 'membership' || body.kind === 'lotto_party') return undefined;
  const amount = body.minimumJackpotAmount;
  if (amount === undefined || amount === null) return undefined;
  if (body.kind !== 'lottery') throw refused(MINIMUM_JACKPOT_MESSAGES.lotteryOnly);
  const recurring = body.recurringPurchase;
  if (recurring?.type !== 'autoplay' || !recurring.enabled) {
    throw refused(MINIMUM_JACKPOT_MESSAGES.autoplayOnly);
  }
  if (amount.currency !== DEFAULT_CURRENCY) throw refused(MINIMUM_JACKPOT_MESSAGES.currency);
  let cents: number;
  try {
    cents = moneyToCents(amount);
  } catch {
    cents = Number.NaN;
  }
  const refusal = minimumJackpotRefusal(cents);
  if (refusal !== null) throw refused(refusal);
  return cents;
}
