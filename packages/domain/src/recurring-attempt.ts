/**
 * What an attempt to buy a recurring purchase for a draw (or a membership's billing period) comes
 * to. A `soft_failure` (not enough funds yet, a spend limit, the precommitment or the deposit limit
 * reached, the account on hold, the saved card declined or its gateway unreachable) is tried again at the next sweep
 * while the draw is on sale; a `hard_failure` (account closed or not verified, offer withdrawn, sold
 * out, the draw closed, an entry that no longer fits its offer, the saved card expired, removed or
 * asking for a 3-D Secure check) is final for that draw and told once; a draw whose jackpot is
 * under the customer's minimum is `skipped`.
 */
import { ACCOUNT_ON_HOLD, PRE_ORDER_SOFT_FAILURES } from './pre-order-charge.ts';
import type { WinNotice } from './win-notice.ts';

/** Refusals of the saved card chosen as the recurring purchase method that may pass by the next try. */
export const RECURRING_CARD_SOFT_FAILURES = [
  'card_declined',
  'gateway_unavailable',
  'deposit_limit',
] as const;
/** Refusals of the saved card that only the customer can mend (another card, the card again). */
export const RECURRING_CARD_HARD_FAILURES = [
  'card_expired',
  'payment_method_unavailable',
  'authentication_required',
] as const;

export const RECURRING_SOFT_FAILURES = [...PRE_ORDER_SOFT_FAILURES, ...RECURRING_CARD_SOFT_FAILURES] as const;
export const RECURRING_HARD_FAILURES = [
  'account_closed',
  'verification_required',
  'offer_withdrawn',
  'sold_out',
  'draw_closed',
  'entry_unavailable',
  ...RECURRING_CARD_HARD_FAILURES,
] as const;
export type RecurringCardFailureReason =
  | (typeof RECURRING_CARD_SOFT_FAILURES)[number]
  | (typeof RECURRING_CARD_HARD_FAILURES)[number];
export type RecurringFailureReason =
  | (typeof RECURRING_SOFT_FAILURES)[number]
  | (typeof RECURRING_HARD_FAILURES)[number];

export const BELOW_MINIMUM_JACKPOT = 'below_minimum_jackpot';

export function isRecurringFailureReason(code: string): code is RecurringFailureReason {
  return ([...RECURRING_SOFT_FAILURES, ...RECURRING_HARD_FAILURES] as readonly string[]).includes(code);
}

export function recurringFailureStatus(reason: RecurringFailureReason): 'soft_failure' | 'hard_failure' {
  return (RECURRING_SOFT_FAILURES as readonly string[]).includes(reason) ? 'soft_failure' : 'hard_failure';
}

/** Whether the draw's jackpot is under the customer's minimum (an unknown jackpot is under any). */
export function belowMinimumJackpot(jackpotCents: number | null, minimumCents: number | null): boolean {
  if (minimumCents === null || minimumCents <= 0) return false;
  return jackpotCents === null || jackpotCents < minimumCents;
}

const WHY: Record<RecurringFailureReason, string> = {
  insufficient_funds:
    'Your balance is not enough to pay for it. Add funds before the draw closes and we will try again.',
  spend_limit: 'It would pass your spend limit. We will try again while the draw is on sale.',
  precommitment_limit: 'It would pass your precommitment. We will try again while the draw is on sale.',
  global_spend_limit: "It would pass Drawhouse's spend limit. We will try again while the draw is on sale.",
  account_closed: 'Your account is closed. Nothing was charged.',
  account_on_hold: ACCOUNT_ON_HOLD,
  verification_required: 'Your account needs verifying before we can buy it. Nothing was charged.',
  offer_withdrawn: 'It is no longer on sale. Nothing was charged.',
  sold_out: 'The draw has sold out. Nothing was charged.',
  draw_closed: 'The draw closed before it could be bought. Nothing was charged.',
  entry_unavailable: 'Its entry can no longer be bought as it was. Nothing was charged.',
  card_declined:
    'Your saved card was declined. We will try it again while the draw is on sale, or you can add funds.',
  gateway_unavailable:
    'We could not reach the card payment service. We will try your card again while the draw is on sale.',
  deposit_limit:
    'Charging your card would pass your deposit limit. We will try again while the draw is on sale, or you can add funds another way.',
  card_expired:
    'The card you chose for recurring purchases has expired. Nothing was charged: add a new card and choose it, or choose the wallet.',
  payment_method_unavailable:
    'The card you chose for recurring purchases is no longer saved. Nothing was charged: choose another card or the wallet.',
  authentication_required:
    'Your bank asked for a 3-D Secure check, which cannot be done while you are away. Nothing was charged: add funds, or choose another card or the wallet.',
};

/** Where the recurring purchase method is chosen (the recurring purchases page). */
const METHOD_LINK = {
  id: 'recurring-purchase-method',
  text: 'Choose how to pay',
  link: '/my-account/recurring-purchases/1',
};

const LINKS: Partial<Record<RecurringFailureReason, { id: string; text: string; link: string }>> = {
  insufficient_funds: { id: 'add-funds', text: 'Add funds', link: '/my-account/deposit' },
  spend_limit: { id: 'spend-limits', text: 'See my spend limits', link: '/my-account/spend-limits' },
  global_spend_limit: { id: 'spend-limits', text: 'See my spend limits', link: '/my-account/spend-limits' },
  precommitment_limit: {
    id: 'precommitment',
    text: 'See my precommitment',
    link: '/my-account/precommitment-limit',
  },
  account_on_hold: { id: 'contact-us', text: 'Contact us', link: '/about/contact-us' },
  verification_required: { id: 'verify', text: 'Verify my account', link: '/my-account/verify' },
  card_declined: { id: 'add-funds', text: 'Add funds', link: '/my-account/deposit' },
  gateway_unavailable: { id: 'add-funds', text: 'Add funds', link: '/my-account/deposit' },
  deposit_limit: { id: 'spend-limits', text: 'See my deposit limit', link: '/my-account/spend-limits' },
  card_expired: { id: 'cards', text: 'See my cards', link: '/my-account/cards-and-accounts' },
  payment_method_unavailable: METHOD_LINK,
  authentication_required: METHOD_LINK,
};

/** The feed entry (and mail) telling a customer why a recurring purchase was not bought for a draw. */
export function recurringFailureNotice(args: {
  description: string;
  drawNo: number | null;
  reason: RecurringFailureReason;
}): WinNotice {
  const soft = recurringFailureStatus(args.reason) === 'soft_failure';
  const action = LINKS[args.reason] ?? {
    id: 'recurring-purchases',
    text: 'See my recurring purchases',
    link: '/my-account/recurring-purchases/1',
  };
  const which = args.drawNo === null ? args.description : `${args.description}, draw ${args.drawNo}`;
  return {
    title: soft ? 'Your recurring purchase is waiting' : 'Your recurring purchase was not bought',
    icon: 'alert',
    message: `${which}: ${WHY[args.reason]}`,
    isAutoDismissed: false,
    actions: [{ ...action, deepLink: null }],
  };
}
