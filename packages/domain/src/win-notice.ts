/**
 * The notifications feed entry that tells a customer about a win (the Notification entity: title,
 * icon, message, actions, isAutoDismissed). Every win is announced, however small, and stays until
 * the customer dismisses it.
 *
 * - A cash prize names its amount; a held prize (over the approval threshold) says it is being
 *   approved rather than that it is in the wallet.
 * - A raffle prize that is not cash names the prize.
 * - The one action opens the ticket.
 */
import { formatMoney } from './money.ts';

export type NoticeAction = { id: string; text: string; link: string | null; deepLink: string | null };

export type WinNotice = {
  title: string;
  icon: string;
  message: string;
  isAutoDismissed: boolean;
  actions: NoticeAction[];
};

export type WinNoticeArgs = {
  /** The lottery or raffle, as customers know it ("Powerball"). */
  offerName: string;
  drawNo: number;
  /** Cents won; null for a prize that is not cash. */
  prizeCents: number | null;
  /** The prize's name (a raffle prize, "Toyota RAV4"). */
  prizeName?: string | null;
  /** Where the ticket is shown ("/my-account/ticket/..."). */
  ticketPath: string;
  /** The prize waits for approval before it is paid. */
  held?: boolean;
};

export const WIN_NOTICE_ICON = 'trophy';

export function winNotice(args: WinNoticeArgs): WinNotice {
  const name = args.prizeName?.trim() || null;
  const amount = args.prizeCents === null ? null : formatMoney(args.prizeCents);
  const what = amount ?? name ?? 'a prize';
  const won = amount && name ? `${amount} (${name})` : what;
  let after: string;
  if (amount === null)
    after = name ? 'We will contact you to arrange your prize.' : 'We will contact you about your prize.';
  else if (args.held) after = 'The prize is being approved and will be paid into your wallet once it is.';
  else after = 'It is in your wallet.';
  return {
    title: `You won ${what}!`,
    icon: WIN_NOTICE_ICON,
    message: `${args.offerName} draw ${args.drawNo}: your ticket won ${won}. ${after}`,
    isAutoDismissed: false,
    actions: [{ id: 'view-ticket', text: 'View ticket', link: args.ticketPath, deepLink: null }],
  };
}
