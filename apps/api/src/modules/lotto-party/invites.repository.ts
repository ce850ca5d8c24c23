/**
 * Invite tokens of a group, kept by their hash: a new one revokes the group's earlier ones, and a
 * token's hash finds its invite with its group.
 */
import { and, type DbOrTx, eq, isNull, lottoPartyGroups, lottoPartyInvites } from '@drawhouse/db';

export type InviteRow = typeof lottoPartyInvites.$inferSelect;

export function invitesRepository(db: DbOrTx) {
  return {
    /** A new invite token of the group; the group's earlier tokens are revoked with it. */
    async replaceInvite(
      values: { tokenHash: string; groupId: string; createdBy: string; expiresAt: Date },
      now: Date,
    ) {
      await db
        .update(lottoPartyInvites)
        .set({ revokedAt: now })
        .where(and(eq(lottoPartyInvites.groupId, values.groupId), isNull(lottoPartyInvites.revokedAt)));
      const [invite] = await db
        .insert(lottoPartyInvites)
        .values({ ...values, createdAt: now })
        .returning();
      if (!invite) throw new Error('the invite was not written');
      return invite;
    },

    /** An invite by its token's hash, with its group. */
    async inviteByHash(tokenHash: string) {
      const [row] = await db
        .select({ invite: lottoPartyInvites, group: lottoPartyGroups })
        .from(lottoPartyInvites)
        .innerJoin(lottoPartyGroups, eq(lottoPartyGroups.id, lottoPartyInvites.groupId))
        .where(eq(lottoPartyInvites.tokenHash, tokenHash))
        .limit(1);
      return row;
    },
  };
}

export type InvitesRepository = ReturnType<typeof invitesRepository>;
