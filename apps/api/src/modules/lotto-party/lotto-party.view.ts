/**
 * Rows to the lotto party's wire shapes. Members are shown to each other by first name and last
 * initial ("Sam K."), never by email or full name.
 */
import type { Group, GroupInvite, GroupMember, Session } from '@drawhouse/contract';
import { centsToMoney, cleanGroupName, sharesLeft } from '@drawhouse/domain';
import type { GroupRow, MemberRecord } from './groups.repository.ts';
import type { HoldingRecord, SessionRecord } from './sessions.repository.ts';

/** "Sam K.": the first name and the last name's initial. */
export function displayName(person: { firstname: string; lastname: string }): string {
  const first = person.firstname.trim();
  const initial = Array.from(person.lastname.trim())[0];
  if (!initial) return first;
  return `${first} ${initial.toLocaleUpperCase('en-AU')}.`;
}

const moneyOrNull = (cents: number | null) => (cents === null ? null : centsToMoney(cents));

export function sessionView(
  record: SessionRecord,
  holdings: readonly HoldingRecord[],
  me: string,
  isMember: boolean,
): Session {
  const { session, draw } = record;
  const own = holdings.filter((h) => h.sessionId === session.id);
  const mine = own.find((h) => h.customerId === me);
  return {
    sessionId: session.id,
    groupId: session.groupId,
    groupName: cleanGroupName(record.groupName),
    draw: {
      drawId: draw.id,
      drawNo: draw.drawNo,
      productOfferKey: draw.productOfferKey,
      offerName: record.offerName,
      stopDate: draw.stopAt.toISOString(),
      drawDate: draw.drawAt.toISOString(),
    },
    status: session.status,
    autosessionStatus: session.autosessionStatus,
    sharePrice: centsToMoney(session.sharePriceCents),
    totalShares: session.totalShares,
    sharesSold: session.sharesSold,
    sharesLeft: sharesLeft(session),
    pot: centsToMoney(session.sharesSold * session.sharePriceCents),
    myShares: mine?.shares ?? 0,
    isMember,
    isOwner: record.ownerId === me,
    holdings: own.map((h) => ({ displayName: displayName(h), shares: h.shares, isMe: h.customerId === me })),
    games: session.games ?? null,
    prize: moneyOrNull(session.prizeCents),
    myPrize: moneyOrNull(mine?.prizeCents ?? null),
    myRefund: moneyOrNull(mine?.refundCents ?? null),
    createdAt: session.createdAt.toISOString(),
  };
}

export function memberViews(members: readonly MemberRecord[], groupId: string, me: string): GroupMember[] {
  return members
    .filter((m) => m.groupId === groupId)
    .map((m) => ({ displayName: displayName(m), isOwner: m.role === 'owner', isMe: m.customerId === me }));
}

export function groupView(
  group: GroupRow,
  context: { members: readonly MemberRecord[]; openSession: Session | null },
  me: string,
): Group {
  return {
    groupId: group.id,
    groupName: cleanGroupName(group.name),
    publicityStatus: group.publicityStatus,
    isOwner: group.ownerId === me,
    members: memberViews(context.members, group.id, me),
    openSession: context.openSession,
    createdAt: group.createdAt.toISOString(),
  };
}

export function inviteView(
  group: GroupRow,
  context: { members: readonly MemberRecord[]; openSession: Session | null; expiresAt: Date },
  me: string,
): GroupInvite {
  const members = context.members.filter((m) => m.groupId === group.id);
  const owner = members.find((m) => m.role === 'owner');
  return {
    groupId: group.id,
    groupName: cleanGroupName(group.name),
    ownerName: owner ? displayName(owner) : '',
    memberCount: members.length,
    isMember: members.some((m) => m.customerId === me),
    openSession: context.openSession,
    expiresAt: context.expiresAt.toISOString(),
  };
}
