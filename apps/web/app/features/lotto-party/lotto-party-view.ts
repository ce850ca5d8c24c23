/**
 * What the lotto party pages show of a session and a group: texts made once here from the API's
 * answers, so the components only lay them out.
 */
import type { Group, LottoPartyConfig, Money, Session, SessionOrder } from '@drawhouse/contract';
import {
  canMovePublicity,
  formatDrawDate,
  formatMoney,
  GROUP_PUBLICITY_STATUSES,
  moneyToCents,
} from '@drawhouse/domain';

export const TICKET_LOAD_FAILED = 'We were unable to load your Lotto Party ticket. Please try again later.';
export const AUTOSESSION_EDIT_FAILED = 'Sorry, looks like we failed to edit the ticket. Please try again.';

export function moneyText(money: Money): string {
  return formatMoney(moneyToCents(money), money.currency);
}

const STATUS_TEXT: Record<Session['status'], string> = {
  open: 'Open: shares on sale until the draw closes',
  closed: 'Closed: the entry is in the draw',
  paid: 'Drawn: results are in',
  cancelled: 'Cancelled: every share refunded',
};

export const AUTOSESSION_TEXT: Record<Session['autosessionStatus'], string> = {
  on: 'On: a new session opens for the next draw when this one closes',
  paused: 'Paused: no new session opens until it is on again',
  off: 'Off: no new session opens',
};

export type GameView = { key: string; lines: { label: string; numbers: string }[] };

export type SessionView = {
  id: string;
  groupId: string;
  groupName: string;
  offerName: string;
  productOfferKey: string;
  drawText: string;
  stopText: string;
  status: Session['status'];
  statusText: string;
  autosessionStatus: Session['autosessionStatus'];
  autosessionText: string;
  sharePriceText: string;
  sharePriceCents: number;
  sharesText: string;
  sharesLeft: number;
  potText: string;
  myShares: number;
  /** The viewer is in the group (a public group's session is shown to others too). */
  isMember: boolean;
  /** The viewer owns the group: only the owner changes the autosession or makes an invite link. */
  isOwner: boolean;
  myPartText: string;
  holdings: { name: string; shares: number; isMe: boolean }[];
  games: GameView[];
  resultText: string | null;
};

function gameViews(games: Session['games']): GameView[] {
  return (games ?? []).map((game, index) => ({
    key: String(index),
    lines: Object.entries(game).map(([label, numbers]) => ({
      label: label === 'numbers' ? 'Numbers' : label.charAt(0).toUpperCase() + label.slice(1),
      numbers: numbers.join(', '),
    })),
  }));
}

function resultText(session: Session): string | null {
  if (session.status === 'cancelled') {
    return session.myRefund
      ? `Refunded to you: ${moneyText(session.myRefund)}.`
      : 'Every share was refunded.';
  }
  if (session.status !== 'paid') return null;
  const prize = session.prize ? moneyToCents(session.prize) : 0;
  if (prize === 0) return 'No prize this time.';
  const mine = session.myPrize ? ` Your part: ${moneyText(session.myPrize)}.` : '';
  return `The entry won ${formatMoney(prize)}.${mine}`;
}

export function sessionView(session: Session): SessionView {
  const sharePriceCents = moneyToCents(session.sharePrice);
  const myCostCents = session.myShares * sharePriceCents;
  return {
    id: session.sessionId,
    groupId: session.groupId,
    groupName: session.groupName,
    offerName: session.draw.offerName,
    productOfferKey: session.draw.productOfferKey,
    drawText: `Draw ${session.draw.drawNo}, ${formatDrawDate(new Date(session.draw.drawDate))}`,
    stopText: formatDrawDate(new Date(session.draw.stopDate)),
    status: session.status,
    statusText: STATUS_TEXT[session.status],
    autosessionStatus: session.autosessionStatus,
    autosessionText: AUTOSESSION_TEXT[session.autosessionStatus],
    sharePriceText: moneyText(session.sharePrice),
    sharePriceCents,
    sharesText: `${session.sharesSold} of ${session.totalShares} shares sold`,
    sharesLeft: session.sharesLeft,
    potText: moneyText(session.pot),
    myShares: session.myShares,
    isMember: session.isMember,
    isOwner: session.isOwner,
    myPartText:
      session.myShares === 0
        ? 'You hold no shares yet.'
        : `You hold ${shareCount(session.myShares)} (${formatMoney(myCostCents)}).`,
    holdings: session.holdings.map((h) => ({ name: h.displayName, shares: h.shares, isMe: h.isMe })),
    games: gameViews(session.games),
    resultText: resultText(session),
  };
}

export function shareCount(n: number): string {
  return `${n} ${n === 1 ? 'share' : 'shares'}`;
}

export type GroupView = {
  id: string;
  name: string;
  memberText: string;
  members: { name: string; isOwner: boolean; isMe: boolean }[];
  isOwner: boolean;
  publicity: Group['publicityStatus'];
  publicityText: string;
  openSession: SessionView | null;
};

export function groupView(group: Group): GroupView {
  const count = group.members.length;
  return {
    id: group.groupId,
    name: group.groupName,
    memberText: `${count} ${count === 1 ? 'member' : 'members'}`,
    members: group.members.map((m) => ({ name: m.displayName, isOwner: m.isOwner, isMe: m.isMe })),
    isOwner: group.isOwner,
    publicity: group.publicityStatus,
    publicityText: PUBLICITY_TEXT[group.publicityStatus],
    openSession: group.openSession ? sessionView(group.openSession) : null,
  };
}

export const PUBLICITY_TEXT: Record<Group['publicityStatus'], string> = {
  private: 'Private: only members and people with an invite link see its sessions.',
  promoted: 'Promoted: its open sessions are listed on Play together for anyone to join.',
  public: 'Public: listed on Play together, and anyone who finds a session can join it.',
};

export const PUBLICITY_ACTION: Record<Group['publicityStatus'], string> = {
  private: 'Make private',
  promoted: 'Promote on Play together',
  public: 'Make public',
};

export const PUBLICITY_EDIT_FAILED = "Sorry, we couldn't change who sees this group. Please try again.";

/** The publicity moves the owner can make from where it is (the domain's table). */
export function publicityChoices(status: Group['publicityStatus']): Group['publicityStatus'][] {
  return GROUP_PUBLICITY_STATUSES.filter((to) => canMovePublicity(status, to));
}

/** The autosession moves a member can make from where it is (the domain's table, seen from the page). */
export function autosessionChoices(status: Session['autosessionStatus']): Session['autosessionStatus'][] {
  if (status === 'on') return ['paused', 'off'];
  if (status === 'paused') return ['on', 'off'];
  return ['on'];
}

export const AUTOSESSION_ACTION: Record<Session['autosessionStatus'], string> = {
  on: 'Turn autosession on',
  paused: 'Pause autosession',
  off: 'Turn autosession off',
};

/** The invite page's path for a token. */
export const invitePath = (token: string) => `/lotto-party/invite/${encodeURIComponent(token)}`;

/** The draws the creation modal offers: the configuration's, only this offer's when one is named. */
export function drawChoices(
  draws: readonly LottoPartyConfig['draws'][number][],
  productOfferKey?: string,
): { drawId: string; label: string; gamePriceText: string }[] {
  return draws
    .filter((d) => productOfferKey === undefined || d.productOfferKey === productOfferKey)
    .map((d) => ({
      drawId: d.drawId,
      label: `${d.offerName} draw ${d.drawNo}, ${formatDrawDate(new Date(d.drawDate))}`,
      gamePriceText: moneyText(d.gamePrice),
    }));
}

export type OrderView = { id: string; text: string; outcome: string | null };

/** A member's orders of shares in a session: when, how many, what they cost, and any refund or prize. */
export function orderViews(orders: readonly SessionOrder[]): OrderView[] {
  return orders.map((o) => {
    const parts = [
      o.refund && moneyToCents(o.refund) > 0 ? `refunded ${moneyText(o.refund)}` : null,
      o.prize && moneyToCents(o.prize) > 0 ? `won ${moneyText(o.prize)}` : null,
    ].filter((p): p is string => p !== null);
    return {
      id: o.id,
      text: `${formatDrawDate(new Date(o.createdAt))}: ${shareCount(o.numShares)} for ${moneyText(o.total)}`,
      outcome: parts.length > 0 ? `${parts.join(', ').replace(/^./, (c) => c.toUpperCase())}.` : null,
    };
  });
}
