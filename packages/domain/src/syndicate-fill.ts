/**
 * Whether a public syndicate goes ahead for a draw, decided when the draw closes from the shares sold
 * for that draw. At least half the shares sold: it goes ahead and Drawhouse buys the unsold shares
 * (their part of any prize stays with Drawhouse). Fewer than half (none included): it is cancelled
 * for that draw, no entry is bought, and every share is refunded in full to its buyer's wallet.
 */
import { formatMoney } from './money.ts';
import type { WinNotice } from './win-notice.ts';

export type SyndicateFillOutcome = 'completed_by_house' | 'cancelled';

/** What the syndicate play screen shows before anyone buys. */
export const SYNDICATE_FILL_RULE =
  'If fewer than half the shares are sold by the close, the syndicate is cancelled for that draw and every share is refunded in full (what promotional credit paid comes back as credit). If at least half are sold, it goes ahead and Drawhouse buys the shares left unsold.';

/** The rule: at least half of `total` sold goes ahead (the house completes it), else cancelled. */
export function syndicateFillOutcome(counts: { sold: number; total: number }): SyndicateFillOutcome {
  const { sold, total } = counts;
  if (!Number.isSafeInteger(total) || total < 1)
    throw new RangeError(`total shares must be 1 or more: ${total}`);
  if (!Number.isSafeInteger(sold) || sold < 0 || sold > total)
    throw new RangeError(`shares sold must be whole, between 0 and ${total}: ${sold}`);
  // sold / total >= 1/2 without fractions: an odd total needs the larger half (7 of 13).
  return sold * 2 >= total ? 'completed_by_house' : 'cancelled';
}

/** The fewest shares that must be sold for a syndicate of `total` shares to go ahead. */
export const syndicateSharesNeeded = (total: number): number => Math.ceil(total / 2);

// Money back in the wallet: the feed shows its wallet icon.
export const SYNDICATE_CANCELLED_ICON = 'wallet';

/** The feed entry (and mail text) telling a share's buyer the syndicate was cancelled and refunded. */
export function syndicateCancelledNotice(args: {
  offerName: string;
  drawNo: number;
  refundCents: number;
  ticketPath: string;
}): WinNotice {
  return {
    title: `${args.offerName} draw ${args.drawNo} was cancelled`,
    icon: SYNDICATE_CANCELLED_ICON,
    message: `Fewer than half the shares of ${args.offerName} were sold for draw ${args.drawNo}, so the syndicate did not go ahead. Your ${formatMoney(args.refundCents)} has been refunded in full.`,
    isAutoDismissed: false,
    actions: [{ id: 'view-ticket', text: 'View ticket', link: args.ticketPath, deepLink: null }],
  };
}
