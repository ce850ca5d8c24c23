/**
 * Apple and Google sign-in's tables (social_identities, social_sign_in_requests): part of the
 * accounts module's queries (accounts.repository.ts), so a use case writes them in its transaction.
 */
import {
  and,
  type DbOrTx,
  eq,
  gt,
  isNull,
  lt,
  type SocialProfile,
  socialIdentities,
  socialSignInRequests,
} from '@drawhouse/db';
import type { SocialProviderName } from '@drawhouse/domain';

export type SocialIdentityRow = typeof socialIdentities.$inferSelect;
export type SocialRequestRow = typeof socialSignInRequests.$inferSelect;

export function socialSignInQueries(db: DbOrTx) {
  return {
    async insertSocialRequest(values: typeof socialSignInRequests.$inferInsert): Promise<void> {
      await db.insert(socialSignInRequests).values(values);
    },

    async socialRequestByState(state: string): Promise<SocialRequestRow | undefined> {
      const [row] = await db.select().from(socialSignInRequests).where(eq(socialSignInRequests.state, state));
      return row;
    },

    /** Marks the request's answer used; false when it was used (or expired) meanwhile. */
    async useSocialRequest(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(socialSignInRequests)
        .set({ usedAt: now })
        .where(
          and(
            eq(socialSignInRequests.id, id),
            isNull(socialSignInRequests.usedAt),
            gt(socialSignInRequests.expiresAt, now),
          ),
        )
        .returning({ id: socialSignInRequests.id });
      return rows.length > 0;
    },

    /** Keeps the answer for the sign-up or the password sign-in that follows. */
    async setSocialPending(
      id: string,
      pending: { tokenHash: string; profile: SocialProfile; until: Date; customerId: string | null },
    ): Promise<void> {
      await db
        .update(socialSignInRequests)
        .set({
          pendingTokenHash: pending.tokenHash,
          pendingProfile: pending.profile,
          pendingUntil: pending.until,
          customerId: pending.customerId,
        })
        .where(eq(socialSignInRequests.id, id));
    },

    /** A pending answer neither completed nor expired. */
    async livePending(tokenHash: string, now: Date): Promise<SocialRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(socialSignInRequests)
        .where(
          and(
            eq(socialSignInRequests.pendingTokenHash, tokenHash),
            isNull(socialSignInRequests.completedAt),
            gt(socialSignInRequests.pendingUntil, now),
          ),
        );
      return row;
    },

    /** Marks a pending answer completed; false when it was meanwhile. */
    async completePending(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(socialSignInRequests)
        .set({ completedAt: now })
        .where(and(eq(socialSignInRequests.id, id), isNull(socialSignInRequests.completedAt)))
        .returning({ id: socialSignInRequests.id });
      return rows.length > 0;
    },

    /** Forgets requests that expired before `before`; answers how many. */
    async pruneSocialRequests(before: Date): Promise<number> {
      const rows = await db
        .delete(socialSignInRequests)
        .where(and(lt(socialSignInRequests.expiresAt, before), lt(socialSignInRequests.createdAt, before)))
        .returning({ id: socialSignInRequests.id });
      return rows.length;
    },

    async socialIdentity(
      provider: SocialProviderName,
      subject: string,
    ): Promise<SocialIdentityRow | undefined> {
      const [row] = await db
        .select()
        .from(socialIdentities)
        .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
      return row;
    },

    socialIdentitiesOf(customerId: string): Promise<SocialIdentityRow[]> {
      return db
        .select()
        .from(socialIdentities)
        .where(eq(socialIdentities.customerId, customerId))
        .orderBy(socialIdentities.provider);
    },

    /** Links the account; false when the customer already has one of this provider or it is someone's. */
    async insertSocialIdentity(values: {
      provider: SocialProviderName;
      subject: string;
      email: string | null;
      customerId: string;
      linkedAt: Date;
    }): Promise<boolean> {
      const rows = await db
        .insert(socialIdentities)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: socialIdentities.id });
      return rows.length > 0;
    },

    async deleteSocialIdentity(customerId: string, provider: SocialProviderName): Promise<boolean> {
      const rows = await db
        .delete(socialIdentities)
        .where(and(eq(socialIdentities.customerId, customerId), eq(socialIdentities.provider, provider)))
        .returning({ id: socialIdentities.id });
      return rows.length > 0;
    },
  };
}
