/**
 * What an attempt to buy a recurring purchase for a draw (or a membership's billing period) comes
 * to. A `soft_failure` (not enough funds yet, a spend limit or the precommitment reached) is tried
 * again at the next sweep while the draw is on sale; a `hard_failure` (account closed or not
 * verified, offer withdrawn, sold out, the draw closed, an entry that no longer fits its offer) is final for that draw and told once; a draw
 * whose jackpot is under the customer's minimum is `skipped`.
 */
import { PRE_ORDER_SOFT_FAILURES } from './pre-order-charge.ts';
import type { WinNotice } from './win-notice.ts';

export const RECURRING_SOFT_FAILURES = PRE_ORDER_SOFT_FAILURES;
export const RECURRING_HARD_FAILURES = [
  'account_closed',
  'verification_required',
  'offer_withdrawn',
  'sold_out',
  'draw_closed',
  'entry_unavailable',
] as const;
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
  verification_required: 'Your account needs verifying before we can buy it. Nothing was charged.',
  offer_withdrawn: 'It is no longer on sale. Nothing was charged.',
  sold_out: 'The draw has sold out. Nothing was charged.',
  draw_closed: 'The draw closed before it could be bought. Nothing was charged.',
  entry_unavailable: 'Its entry can no longer be bought as it was. Nothing was charged.',
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
  verification_required: { id: 'verify', text: 'Verify my account', link: '/my-account/verify' },
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
