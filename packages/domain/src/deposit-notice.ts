/**
 * What a customer is told of a deposit once it ends (a feed entry and a mail with the same words):
 * money added to the balance, or a deposit that did not go through because it was left unfinished.
 * Which deposits are told is the payments module's choice; the words are here.
 */
import { formatMoney } from './money.ts';
import type { WinNotice } from './win-notice.ts';

export const DEPOSIT_NOTICE_ICON = 'wallet';

export type DepositNoticeArgs = {
  amountCents: number;
  /** How it was paid, as the customer reads it ("Visa ending 4242", "PayPal", "BPAY"). */
  method: string;
} & ({ outcome: 'added'; purchaseFailed?: boolean } | { outcome: 'expired' });

export function depositNotice(args: DepositNoticeArgs): WinNotice {
  const amount = formatMoney(args.amountCents);
  if (args.outcome === 'expired') {
    return {
      title: `Your deposit of ${amount} did not go through`,
      icon: DEPOSIT_NOTICE_ICON,
      message: `The payment by ${args.method} was not completed in time, so nothing was charged. You can add funds again at any time.`,
      isAutoDismissed: false,
      actions: [{ id: 'add-funds', text: 'Add funds', link: '/my-account/deposit', deepLink: null }],
    };
  }
  const why = args.purchaseFailed
    ? ' Your purchase could not be completed, so the money stays in your balance.'
    : ' It is ready to play.';
  return {
    title: `${amount} added to your balance`,
    icon: DEPOSIT_NOTICE_ICON,
    message: `Your deposit of ${amount} by ${args.method} is in your balance.${why}`,
    isAutoDismissed: true,
    actions: [
      { id: 'transactions', text: 'See my transactions', link: '/my-account/transactions', deepLink: null },
    ],
  };
}
