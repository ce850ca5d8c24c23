/**
 * A customer's withdrawal: the smallest amount taken, the one move the customer makes themselves
 * (cancel while it is still requested), and what the customer is told at each step (a feed entry
 * and a mail with the same words).
 */
import { formatMoney } from './money.ts';
import type { WinNotice } from './win-notice.ts';

/** The smallest withdrawal: $10.00 (a bank transfer for less costs more than it moves). */
export const WITHDRAWAL_MINIMUM_CENTS = 1000;

export type WithdrawalState =
  | 'requested'
  | 'approved'
  | 'paying'
  | 'paid'
  | 'rejected'
  | 'failed'
  | 'cancelled';

/** The customer can cancel a withdrawal only while it waits for the operator. */
export const customerCanCancelWithdrawal = (status: WithdrawalState): boolean => status === 'requested';

export const WITHDRAWAL_NOTICE_ICON = 'bank';

export type WithdrawalNoticeArgs = {
  status: WithdrawalState;
  amountCents: number;
  /** Where the money goes, masked ("BSB 062-000 ****5678"). */
  fundDisplay: string;
  /** Why it was rejected. */
  reason: string | null;
  /** The withdrawal's page ("/my-account/withdraw/details/{id}"). */
  detailPath: string;
  /** Closed loop: the parts refunded to cards ("Visa ending 4242"), told with a paid or failed one. */
  cardLegs?: { display: string; amountCents: number }[];
  /** Paid by an instant payment (PayID / NPP): in the account in seconds. */
  instant?: boolean;
};

/** "$20.00 back to Visa ending 4242 and $5.00 back to Apple Pay". */
function cardLegsText(legs: { display: string; amountCents: number }[]): string {
  return legs.map((leg) => `${formatMoney(leg.amountCents)} back to ${leg.display}`).join(' and ');
}

function paidMessage(args: WithdrawalNoticeArgs, amount: string): string {
  const legs = args.cardLegs ?? [];
  const cardCents = legs.reduce((sum, leg) => sum + leg.amountCents, 0);
  const accountCents = args.amountCents - cardCents;
  const arrival = args.instant
    ? 'by an instant payment: it is in your account now'
    : 'banks usually show it within 1 to 3 business days';
  if (legs.length === 0) {
    return args.instant
      ? `Your withdrawal of ${amount} has been paid to ${args.fundDisplay} ${arrival}.`
      : `Your withdrawal of ${amount} has been paid to ${args.fundDisplay}. Banks usually show it within 1 to 3 business days.`;
  }
  const cards = `${cardLegsText(legs)} (money deposited by card and not played goes back to the card; refunds show within 5 business days)`;
  return accountCents > 0
    ? `Your withdrawal of ${amount} has been paid: ${cards}, and ${formatMoney(accountCents)} to ${args.fundDisplay}, ${arrival}.`
    : `Your withdrawal of ${amount} has been paid: ${cards}.`;
}

function failedMessage(args: WithdrawalNoticeArgs, amount: string): string {
  const legs = args.cardLegs ?? [];
  const cardCents = legs.reduce((sum, leg) => sum + leg.amountCents, 0);
  const why = args.reason?.trim() ? `: ${args.reason.trim()}` : '';
  const back =
    legs.length === 0
      ? 'The money is back in your wallet'
      : `${cardLegsText(legs)} as a card refund; the other ${formatMoney(args.amountCents - cardCents)} is back in your wallet`;
  return `Your bank refused the payment of your withdrawal of ${amount} to ${args.fundDisplay}${why}. ${back}: please check the account's details, or add another one, and withdraw again.`;
}

/** What the customer is told when a withdrawal reaches `status`. */
export function withdrawalNotice(args: WithdrawalNoticeArgs): WinNotice {
  const amount = formatMoney(args.amountCents);
  const to = args.fundDisplay;
  const said: Record<WithdrawalState, { title: string; message: string }> = {
    requested: {
      title: `Withdrawal of ${amount} requested`,
      message: `We have your request to withdraw ${amount} to ${to}. The money is held in your wallet until we approve it; you can cancel it until then.`,
    },
    approved: {
      title: `Withdrawal of ${amount} approved`,
      message: `Your withdrawal of ${amount} to ${to} is approved and on its way.`,
    },
    paying: {
      title: `Withdrawal of ${amount} approved`,
      message: `Your withdrawal of ${amount} to ${to} is approved and being paid.`,
    },
    paid: { title: `Withdrawal of ${amount} paid`, message: paidMessage(args, amount) },
    rejected: {
      title: `Withdrawal of ${amount} declined`,
      message: `We could not pay your withdrawal of ${amount} to ${to}${
        args.reason?.trim() ? `: ${args.reason.trim()}` : ''
      }. The money is back in your wallet.`,
    },
    failed: { title: `Withdrawal of ${amount} not paid`, message: failedMessage(args, amount) },
    cancelled: {
      title: `Withdrawal of ${amount} cancelled`,
      message: `You cancelled your withdrawal of ${amount} to ${to}. The money is back in your wallet.`,
    },
  };
  return {
    ...said[args.status],
    icon: WITHDRAWAL_NOTICE_ICON,
    isAutoDismissed: false,
    actions: [{ id: 'view-withdrawal', text: 'View withdrawal', link: args.detailPath, deepLink: null }],
  };
}
