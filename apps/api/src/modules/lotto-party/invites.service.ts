/**
 * Invite links: the group's owner makes a new one (32 random bytes, only its SHA-256 kept, 14 days), which
 * revokes the group's earlier ones; a signed-in customer with the token sees the group and joins it.
 * An unknown or forged token is 404, a revoked or expired one 410; joining twice changes nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Group, GroupInvite, InviteLink } from '@drawhouse/contract';
import type { Database, DbOrTx } from '@drawhouse/db';
import { groupsRepository } from './groups.repository.ts';
import { oneGroup } from './groups.service.ts';
import { invitesRepository } from './invites.repository.ts';
import { groupNotFound, inviteNotFound, inviteSpent, notGroupOwner } from './lotto-party.errors.ts';
import { inviteView } from './lotto-party.view.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { sessionViews } from './sessions.service.ts';

export const INVITE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored form of a token: its SHA-256 in hex. */
export const inviteTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The storefront page an invite link opens. */
export const invitePath = (token: string) => `/lotto-party/invite/${token}`;

export function createInvitesService(deps: { db: Database; now: () => Date; webBaseUrl: string }) {
  const { db, now, webBaseUrl } = deps;

  /** The invite the token names, live: 404 for a token never made, 410 for a revoked or expired one. */
  async function liveInvite(tx: DbOrTx, token: string) {
    const found = await invitesRepository(tx).inviteByHash(inviteTokenHash(token));
    if (!found) throw inviteNotFound();
    if (found.invite.revokedAt !== null || found.invite.expiresAt <= now()) throw inviteSpent();
    return found;
  }

  return {
    async create(customerId: string, groupId: string): Promise<InviteLink> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + INVITE_DAYS * DAY_MS);
      await db.transaction(async (tx) => {
        // The group row locked: two new links at once still leave exactly one live.
        const group = await groupsRepository(tx).memberGroup(groupId, customerId, true);
        if (!group) throw groupNotFound();
        if (group.ownerId !== customerId)
          throw notGroupOwner("Only the group's owner can make a new invite link.");
        await invitesRepository(tx).replaceInvite(
          { tokenHash: inviteTokenHash(token), groupId: group.id, createdBy: customerId, expiresAt },
          at,
        );
      });
      return { token, url: `${webBaseUrl}${invitePath(token)}`, expiresAt: expiresAt.toISOString() };
    },

    async show(customerId: string, token: string): Promise<GroupInvite> {
      const { invite, group } = await liveInvite(db, token);
      const members = await groupsRepository(db).membersOf([group.id]);
      const [open] = await sessionViews(
        db,
        await sessionsRepository(db).openSessionsOf([group.id]),
        customerId,
      );
      return inviteView(
        group,
        { members, openSession: open ?? null, expiresAt: invite.expiresAt },
        customerId,
      );
    },

    async join(customerId: string, token: string): Promise<Group> {
      const group = await db.transaction(async (tx) => {
        const { group } = await liveInvite(tx, token);
        await groupsRepository(tx).addMember(group.id, customerId);
        return group;
      });
      return oneGroup(db, group, customerId);
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
