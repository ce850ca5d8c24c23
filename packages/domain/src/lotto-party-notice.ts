/**
 * What a lotto party session's members are told in the feed (and by email when money is credited):
 * the close (the entry bought and any refund of what the pot could not spend), a cancelled session
 * (every share refunded) and the result (the member's part of the prize, or no win).
 */
import { formatMoney } from './money.ts';
import type { WinNotice } from './win-notice.ts';

/** The feed's icon of a lotto party notice that is about neither money nor a ticket (shown as the bell). */
export const LOTTO_PARTY_NOTICE_ICON = 'users';

/** Where a session is shown. */
export const lottoPartySessionPath = (sessionId: string) => `/lotto-party/session/${sessionId}`;

const seeSession = (sessionId: string) => ({
  id: 'session',
  text: 'See the session',
  link: lottoPartySessionPath(sessionId),
  deepLink: null,
});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type SessionArgs = { sessionId: string; groupName: string; offerName: string; drawNo: number };

/** The pot bought the entry; `refundCents` is the member's part of what it could not spend. */
export function lottoPartyClosedNotice(
  args: SessionArgs & { games: number; refundCents: number },
): WinNotice {
  const refund =
    args.refundCents > 0
      ? ` ${formatMoney(args.refundCents)} the pot could not spend is back in your wallet.`
      : '';
  return {
    title: `${args.groupName}: your entry is in`,
    icon: 'ticket',
    message: `${args.offerName} draw ${args.drawNo}: the pot bought ${plural(args.games, 'game', 'games')}.${refund} Good luck!`,
    isAutoDismissed: true,
    actions: [seeSession(args.sessionId)],
  };
}

/** Too little was sold for one game: the session is cancelled and the member's shares refunded in full. */
export function lottoPartyCancelledNotice(args: SessionArgs & { refundCents: number }): WinNotice {
  return {
    title: `${args.groupName}: session cancelled`,
    icon: 'wallet',
    message: `${args.offerName} draw ${args.drawNo}: not enough shares were sold to buy a game, so the session was cancelled and ${formatMoney(args.refundCents)} is back in your wallet.`,
    isAutoDismissed: false,
    actions: [seeSession(args.sessionId)],
  };
}

/**
 * The entry won a prize over the approval threshold: it waits for Drawhouse's check before it is
 * split by shares into the members' wallets (the result notice follows then).
 */
export function lottoPartyHeldNotice(args: SessionArgs & { prizeCents: number }): WinNotice {
  return {
    title: `${args.groupName} won!`,
    icon: 'trophy',
    message: `${args.offerName} draw ${args.drawNo}: the session's games won ${formatMoney(args.prizeCents)}. A prize this size is checked by our team before it is paid; your part will be in your wallet once it is approved.`,
    isAutoDismissed: false,
    actions: [seeSession(args.sessionId)],
  };
}

/** The entry's result: the member's part of the prize (0: no win). */
export function lottoPartyResultNotice(args: SessionArgs & { prizeCents: number }): WinNotice {
  const won = args.prizeCents > 0;
  return {
    title: won ? `${args.groupName} won!` : `${args.groupName}: no win this time`,
    icon: won ? 'trophy' : 'ticket',
    message: won
      ? `${args.offerName} draw ${args.drawNo}: your shares won ${formatMoney(args.prizeCents)}, now in your wallet.`
      : `${args.offerName} draw ${args.drawNo}: the session's games did not win a prize.`,
    isAutoDismissed: !won,
    actions: [seeSession(args.sessionId)],
  };
}
