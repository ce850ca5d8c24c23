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
};

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
    paid: {
      title: `Withdrawal of ${amount} paid`,
      message: `Your withdrawal of ${amount} has been paid to ${to}. Banks usually show it within 1 to 3 business days.`,
    },
    rejected: {
      title: `Withdrawal of ${amount} declined`,
      message: `We could not pay your withdrawal of ${amount} to ${to}${
        args.reason?.trim() ? `: ${args.reason.trim()}` : ''
      }. The money is back in your wallet.`,
    },
    failed: {
      title: `Withdrawal of ${amount} not paid`,
      message: `Your bank refused the payment of ${amount} to ${to}${
        args.reason?.trim() ? `: ${args.reason.trim()}` : ''
      }. The money is back in your wallet: please check the account's details, or add another one, and withdraw again.`,
    },
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
