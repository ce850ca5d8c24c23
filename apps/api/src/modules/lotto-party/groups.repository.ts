/**
 * Groups and their members: a group made with its owner as first member, a member's group (locked
 * when a use case changes it), who is a member of which group, a member's live holdings (what
 * leaving asks), joining and leaving, a customer's groups and the members of groups with their
 * names, and a group's publicity. Reads a member makes are bound to the member, so another
 * customer's group is simply not found.
 */
import {
  and,
  asc,
  count,
  customers,
  type DbOrTx,
  desc,
  eq,
  inArray,
  lottoPartyGroups,
  lottoPartyMembers,
  lottoPartySessions,
  lottoPartyShares,
  sql,
} from '@drawhouse/db';
import { isUuid } from '../results/index.ts';

export type GroupRow = typeof lottoPartyGroups.$inferSelect;

export type MemberRecord = {
  groupId: string;
  customerId: string;
  role: 'owner' | 'member';
  firstname: string;
  lastname: string;
};

/** Whether the error (or one it was caused by) is a unique violation of this index. */
export function isUniqueViolationOf(error: unknown, index: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const pg = e as Error & { code?: unknown; constraint?: unknown };
    if (pg.code === '23505' && pg.constraint === index) return true;
  }
  return false;
}

export function groupsRepository(db: DbOrTx) {
  return {
    /**
     * A new private group with its owner as its first member. `duplicate` when another group has the
     * same name key (the unique index decides, so two creators racing cannot both have it).
     */
    async createGroup(values: { name: string; nameKey: string; ownerId: string }) {
      try {
        const [group] = await db
          .insert(lottoPartyGroups)
          .values({ ...values, publicityStatus: 'private' })
          .returning();
        if (!group) throw new Error('the group was not written');
        await db
          .insert(lottoPartyMembers)
          .values({ groupId: group.id, customerId: values.ownerId, role: 'owner' });
        return { ok: true as const, group };
      } catch (error) {
        if (isUniqueViolationOf(error, 'lotto_party_groups_name_key')) return { ok: false as const };
        throw error;
      }
    },

    /** The group when the customer is one of its members (`lock` holds the group row). */
    async memberGroup(groupId: string, customerId: string, lock = false) {
      if (!isUuid(groupId)) return undefined;
      const query = db
        .select({ group: lottoPartyGroups })
        .from(lottoPartyGroups)
        .innerJoin(
          lottoPartyMembers,
          and(
            eq(lottoPartyMembers.groupId, lottoPartyGroups.id),
            eq(lottoPartyMembers.customerId, customerId),
          ),
        )
        .where(eq(lottoPartyGroups.id, groupId))
        .limit(1);
      const [row] = lock ? await query.for('update', { of: lottoPartyGroups }) : await query;
      return row?.group;
    },

    async isMember(groupId: string, customerId: string): Promise<boolean> {
      if (!isUuid(groupId)) return false;
      const [row] = await db
        .select({ groupId: lottoPartyMembers.groupId })
        .from(lottoPartyMembers)
        .where(and(eq(lottoPartyMembers.groupId, groupId), eq(lottoPartyMembers.customerId, customerId)))
        .limit(1);
      return row !== undefined;
    },

    /** Which of `groupIds` the customer is a member of. */
    async groupsAmong(groupIds: readonly string[], customerId: string): Promise<Set<string>> {
      const ids = [...new Set(groupIds)];
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ groupId: lottoPartyMembers.groupId })
        .from(lottoPartyMembers)
        .where(and(inArray(lottoPartyMembers.groupId, ids), eq(lottoPartyMembers.customerId, customerId)));
      return new Set(rows.map((r) => r.groupId));
    },

    /** Whether the customer holds shares in one of the group's sessions not settled yet (open or closed). */
    async holdsLiveShares(groupId: string, customerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: lottoPartyShares.id })
        .from(lottoPartyShares)
        .innerJoin(lottoPartySessions, eq(lottoPartySessions.id, lottoPartyShares.sessionId))
        .where(
          and(
            eq(lottoPartySessions.groupId, groupId),
            eq(lottoPartyShares.customerId, customerId),
            inArray(lottoPartySessions.status, ['open', 'closed']),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async removeMember(groupId: string, customerId: string): Promise<void> {
      await db
        .delete(lottoPartyMembers)
        .where(and(eq(lottoPartyMembers.groupId, groupId), eq(lottoPartyMembers.customerId, customerId)));
    },

    /** Adds a member; one already in stays as they were. */
    async addMember(groupId: string, customerId: string): Promise<void> {
      await db
        .insert(lottoPartyMembers)
        .values({ groupId, customerId, role: 'member' })
        .onConflictDoNothing({ target: [lottoPartyMembers.groupId, lottoPartyMembers.customerId] });
    },

    /** A page of the customer's groups, newest first. */
    async groupsOf(customerId: string, page: { limit: number; offset: number }) {
      const where = eq(lottoPartyMembers.customerId, customerId);
      const rows = await db
        .select({ group: lottoPartyGroups })
        .from(lottoPartyGroups)
        .innerJoin(lottoPartyMembers, eq(lottoPartyMembers.groupId, lottoPartyGroups.id))
        .where(where)
        .orderBy(desc(lottoPartyGroups.createdAt), desc(lottoPartyGroups.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ n: count() }).from(lottoPartyMembers).where(where);
      return { groups: rows.map((r) => r.group), total: total?.n ?? 0 };
    },

    /** The members of these groups with their names, owners first, then by joining. */
    async membersOf(groupIds: readonly string[]): Promise<MemberRecord[]> {
      if (groupIds.length === 0) return [];
      return db
        .select({
          groupId: lottoPartyMembers.groupId,
          customerId: lottoPartyMembers.customerId,
          role: lottoPartyMembers.role,
          firstname: customers.firstname,
          lastname: customers.lastname,
        })
        .from(lottoPartyMembers)
        .innerJoin(customers, eq(customers.id, lottoPartyMembers.customerId))
        .where(inArray(lottoPartyMembers.groupId, [...groupIds]))
        .orderBy(sql`${lottoPartyMembers.role} = 'owner' desc`, asc(lottoPartyMembers.joinedAt));
    },

    async setPublicity(groupId: string, status: GroupRow['publicityStatus']) {
      await db
        .update(lottoPartyGroups)
        .set({ publicityStatus: status })
        .where(eq(lottoPartyGroups.id, groupId));
    },
  };
}

export type GroupsRepository = ReturnType<typeof groupsRepository>;
