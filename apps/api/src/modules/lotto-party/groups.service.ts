/**
 * Groups: creating one (its creator is the owner and first member), the customer's groups, and one
 * group for a member. A customer who is not a member of a group is told it does not exist.
 */
import type { Group, GroupPublicityStatus, LeftGroup, PageInfo } from '@drawhouse/contract';
import type { Database, DbOrTx } from '@drawhouse/db';
import { canMovePublicity, cleanGroupName, groupNameKey, groupNameRefusal } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { type GroupRow, groupsRepository } from './groups.repository.ts';
import {
  duplicateGroupName,
  fieldRefused,
  groupNotFound,
  holdsShares,
  invalidTransition,
  notGroupOwner,
  ownerCannotLeave,
} from './lotto-party.errors.ts';
import { groupView } from './lotto-party.view.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { sessionViews } from './sessions.service.ts';

/** Group answers for `me`: members and each group's open session, read in a few queries. */
export async function groupViews(db: DbOrTx, groups: readonly GroupRow[], me: string): Promise<Group[]> {
  const ids = groups.map((g) => g.id);
  const members = await groupsRepository(db).membersOf(ids);
  const open = await sessionViews(db, await sessionsRepository(db).openSessionsOf(ids), me);
  const openByGroup = new Map(open.map((s) => [s.groupId, s]));
  return groups.map((g) => groupView(g, { members, openSession: openByGroup.get(g.id) ?? null }, me));
}

/** Whether the customer is a member of the group (what a private group's session asks of a buyer). */
export function isMember(db: DbOrTx, groupId: string, customerId: string): Promise<boolean> {
  return groupsRepository(db).isMember(groupId, customerId);
}

/** The group's answer for one of its members. */
export async function oneGroup(db: DbOrTx, group: GroupRow, me: string): Promise<Group> {
  const [view] = await groupViews(db, [group], me);
  if (!view) throw groupNotFound();
  return view;
}

/** Why a group name is refused: blank or out of length is a field error, profanity 422. */
function refuseName(name: string): void {
  const refusal = groupNameRefusal(name);
  if (!refusal) return;
  if (refusal.code === 'contains_profanity') {
    throw new AppError(422, refusal.code, refusal.message, {
      group_name: [{ code: refusal.code, message: refusal.message }],
    });
  }
  throw fieldRefused('group_name', refusal.message, refusal.code);
}

export function createGroupsService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async create(customerId: string, groupName: string): Promise<Group> {
      refuseName(groupName);
      const name = cleanGroupName(groupName);
      const group = await db.transaction(async (tx) => {
        const made = await groupsRepository(tx).createGroup({
          name,
          nameKey: groupNameKey(name),
          ownerId: customerId,
        });
        if (!made.ok) throw duplicateGroupName();
        return made.group;
      });
      return oneGroup(db, group, customerId);
    },

    async list(
      customerId: string,
      page: { limit: number; offset: number },
    ): Promise<{ items: Group[]; pageInfo: PageInfo }> {
      const { groups, total } = await groupsRepository(db).groupsOf(customerId, page);
      return {
        items: await groupViews(db, groups, customerId),
        pageInfo: { offset: page.offset, limit: page.limit, total },
      };
    },

    /**
     * The owner changes who sees the group's sessions: promoted and public groups' open sessions are
     * listed for anyone to join. A member who is not the owner: 403; anyone else: 404.
     */
    async setPublicity(customerId: string, groupId: string, to: GroupPublicityStatus): Promise<Group> {
      const group = await db.transaction(async (tx) => {
        const repo = groupsRepository(tx);
        const found = await repo.memberGroup(groupId, customerId, true);
        if (!found) throw groupNotFound();
        if (found.ownerId !== customerId) throw notGroupOwner();
        const from = found.publicityStatus;
        if (from === to) return found;
        if (!canMovePublicity(from, to))
          throw invalidTransition(`A group cannot go from ${from} to ${to}.`, 'publicity_status');
        await repo.setPublicity(found.id, to);
        return { ...found, publicityStatus: to };
      });
      return oneGroup(db, group, customerId);
    },

    /**
     * A member leaves a group. The owner cannot; nor can a member holding shares in a session not
     * settled yet (its result and any prize are theirs to see); anyone else: 404.
     */
    async leave(customerId: string, groupId: string): Promise<LeftGroup> {
      return db.transaction(async (tx) => {
        const repo = groupsRepository(tx);
        const found = await repo.memberGroup(groupId, customerId, true);
        if (!found) throw groupNotFound();
        if (found.ownerId === customerId) throw ownerCannotLeave();
        if (await repo.holdsLiveShares(found.id, customerId)) throw holdsShares();
        await repo.removeMember(found.id, customerId);
        return { groupId: found.id, left: true as const };
      });
    },

    async get(customerId: string, groupId: string): Promise<Group> {
      const group = await groupsRepository(db).memberGroup(groupId, customerId);
      if (!group) throw groupNotFound();
      return oneGroup(db, group, customerId);
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
