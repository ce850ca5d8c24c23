/**
 * The feed entry (and mail, in the same words) that tells a Daily Winners member they won a
 * giveaway's prize: cash is in the wallet, credit is promotional credit to play with. The one action
 * opens the giveaway's page with its winners and proof.
 */
import { formatMoney } from './money.ts';
import type { WinNotice } from './win-notice.ts';
import { WIN_NOTICE_ICON } from './win-notice.ts';

export function giveawayWinNotice(args: {
  giveawayTitle: string;
  prizeTitle: string;
  amountCents: number;
  kind: 'cash' | 'credit';
  giveawayPath: string;
}): WinNotice {
  const amount = formatMoney(args.amountCents);
  const where =
    args.kind === 'cash'
      ? `${amount} is in your wallet.`
      : `${amount} of promotional credit is in your account, ready for your next tickets.`;
  return {
    title: `You won ${amount} in Daily Winners!`,
    icon: WIN_NOTICE_ICON,
    message: `${args.giveawayTitle}: your entry won ${args.prizeTitle}. ${where}`,
    isAutoDismissed: false,
    actions: [{ id: 'view-giveaway', text: 'See the winners', link: args.giveawayPath, deepLink: null }],
  };
}
