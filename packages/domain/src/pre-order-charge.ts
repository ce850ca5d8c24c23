/**
 * A pre-order is charged when its draw becomes the one on sale. What a refusal means for it: a
 * `soft_failure` (not enough funds, a spend limit or the precommitment reached, the account on hold) is tried again while
 * the draw is on sale, since the customer can add funds or the period can turn (a break, an older
 * account to move in or a spend limit to set are recorded under their own codes); a `hard_failure`
 * (sold out, the offer withdrawn, the account closed, the draw closed before it could be charged) is
 * final. The customer is told once per reason, in the notifications feed and by email.
 */
import { formatMoney } from './money.ts';
import type { NoticeAction, WinNotice } from './win-notice.ts';

export const PRE_ORDER_SOFT_FAILURES = [
  'insufficient_funds',
  'spend_limit',
  'precommitment_limit',
  'global_spend_limit',
  'account_on_hold',
] as const;
/**
 * What the customer's standing refuses (ADR 085): recorded under its own code as a soft failure,
 * tried again while the draw is on sale; a break's is told to no one (they asked to be left alone).
 */
export const PRE_ORDER_STANDING_FAILURES = [
  'take_a_break',
  'self_excluded',
  'migration_required',
  'spend_limit_required',
] as const;
export const PRE_ORDER_HARD_FAILURES = [
  'sold_out',
  'offer_withdrawn',
  'account_closed',
  'draw_closed',
] as const;
export type PreOrderFailureReason =
  | (typeof PRE_ORDER_SOFT_FAILURES)[number]
  | (typeof PRE_ORDER_STANDING_FAILURES)[number]
  | (typeof PRE_ORDER_HARD_FAILURES)[number];

export function isPreOrderFailureReason(code: string): code is PreOrderFailureReason {
  return (
    [
      ...PRE_ORDER_SOFT_FAILURES,
      ...PRE_ORDER_STANDING_FAILURES,
      ...PRE_ORDER_HARD_FAILURES,
    ] as readonly string[]
  ).includes(code);
}

export function preOrderFailureStatus(reason: PreOrderFailureReason): 'soft_failure' | 'hard_failure' {
  return (PRE_ORDER_HARD_FAILURES as readonly string[]).includes(reason) ? 'hard_failure' : 'soft_failure';
}

export const PRE_ORDER_NOTICE_ICON = 'alert';

/** Why nothing was bought while support holds the account (pre-orders and recurring purchases alike). */
export const ACCOUNT_ON_HOLD =
  'Your account is on hold, so nothing was charged. Contact us to lift the hold; we will try again while the draw is on sale.';

/**
 * What the account's state says of a purchase made for a customer while they are away: a closed
 * account refuses it for good; an account support has put on hold (locked) only waits, so lifting
 * the hold lets the next sweep buy it, and nothing the customer set up is cancelled.
 */
export function accountRefusal(status: string): 'account_closed' | 'account_on_hold' | null {
  if (status === 'closed') return 'account_closed';
  if (status === 'locked') return 'account_on_hold';
  return null;
}

const WHAT_NEXT: Record<PreOrderFailureReason, string> = {
  insufficient_funds:
    'Your balance is not enough to pay for it. Add funds before the draw closes and we will try again.',
  spend_limit: 'It would pass your spend limit. We will try again while the draw is on sale.',
  precommitment_limit: 'It would pass your precommitment. We will try again while the draw is on sale.',
  global_spend_limit: "It would pass Drawhouse's spend limit. We will try again while the draw is on sale.",
  sold_out: 'The draw has sold out. Nothing was charged.',
  offer_withdrawn: 'It is no longer on sale. Nothing was charged.',
  account_closed: 'Your account is closed. Nothing was charged.',
  account_on_hold: ACCOUNT_ON_HOLD,
  draw_closed: 'The draw closed before it could be bought. Nothing was charged.',
  take_a_break: 'You are taking a break, so nothing was charged.',
  self_excluded: 'You have excluded yourself, so nothing was charged.',
  migration_required:
    'Move your older account to Drawhouse first; we will try again while the draw is on sale.',
  spend_limit_required: 'Set a spend limit first; we will try again while the draw is on sale.',
};

/** Where the customer can act on a refusal: add funds, read a limit, or see the tickets. */
function actionOf(reason: PreOrderFailureReason): NoticeAction {
  const to = (id: string, text: string, link: string) => ({ id, text, link, deepLink: null });
  if (reason === 'insufficient_funds') return to('add-funds', 'Add funds', '/my-account/deposit');
  if (reason === 'spend_limit' || reason === 'global_spend_limit' || reason === 'spend_limit_required')
    return to('spend-limits', 'See my spend limits', '/my-account/spend-limits');
  if (reason === 'precommitment_limit')
    return to('precommitment', 'See my precommitment', '/my-account/precommitment-limit');
  if (reason === 'account_on_hold') return to('contact-us', 'Contact us', '/about/contact-us');
  if (reason === 'migration_required') return to('migration', 'Move my older account', '/my-account');
  return to('upcoming-tickets', 'See my tickets', '/my-account/upcoming-tickets');
}

/** The feed entry (and mail) telling a customer why a pre-order was not bought. */
export function preOrderFailureNotice(args: {
  description: string;
  drawNo: number;
  reason: PreOrderFailureReason;
}): WinNotice {
  const soft = preOrderFailureStatus(args.reason) === 'soft_failure';
  return {
    title: soft ? 'Your pre-order is waiting' : 'Your pre-order was not bought',
    icon: PRE_ORDER_NOTICE_ICON,
    message: `${args.description}, draw ${args.drawNo}: ${WHAT_NEXT[args.reason]}`,
    isAutoDismissed: false,
    actions: [actionOf(args.reason)],
  };
}

/** The feed entry telling a customer a pre-order was bought when its draw opened. */
export function preOrderBoughtNotice(args: {
  description: string;
  drawNo: number;
  amountCents: number;
  receiptPath: string;
}): WinNotice {
  return {
    title: 'Your pre-order is bought',
    icon: 'ticket',
    message: `${args.description}, draw ${args.drawNo}: bought for ${formatMoney(args.amountCents)} now that the draw is on sale. Good luck!`,
    isAutoDismissed: true,
    actions: [{ id: 'receipt', text: 'See my receipt', link: args.receiptPath, deepLink: null }],
  };
}
