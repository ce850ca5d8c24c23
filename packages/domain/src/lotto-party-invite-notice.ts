/**
 * What a group's members are told when one of them opens a session and asks for everyone to be
 * invited: who opened it, on which draw, and where to buy shares.
 */
import { LOTTO_PARTY_NOTICE_ICON, lottoPartySessionPath } from './lotto-party-notice.ts';
import type { WinNotice } from './win-notice.ts';

export function lottoPartyOpenedNotice(args: {
  sessionId: string;
  groupName: string;
  offerName: string;
  drawNo: number;
  /** The opener as members see them ("Sam K."). */
  openedBy: string;
}): WinNotice {
  return {
    title: `${args.groupName}: a new session`,
    icon: LOTTO_PARTY_NOTICE_ICON,
    message: `${args.openedBy} opened a session on ${args.offerName} draw ${args.drawNo}. Buy your shares before the draw closes.`,
    isAutoDismissed: false,
    actions: [
      { id: 'session', text: 'Buy shares', link: lottoPartySessionPath(args.sessionId), deepLink: null },
    ],
  };
}
