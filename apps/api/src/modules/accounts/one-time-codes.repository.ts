/**
 * One-time tokens (email codes, links), sign-in challenges and the per-key failure throttles: the
 * accounts module's short-lived secrets and counters.
 */
import {
  and,
  authThrottles,
  type DbOrTx,
  desc,
  eq,
  gt,
  isNull,
  lte,
  type OneTimeTokenPurpose,
  oneTimeTokens,
  signInChallenges,
  sql,
} from '@drawhouse/db';

export type SignInChallengeRow = typeof signInChallenges.$inferSelect;

export type ThrottleRule = { max: number; windowMs: number; blockMs: number };

export function oneTimeCodeQueries(db: DbOrTx) {
  return {
    async insertOneTimeToken(values: typeof oneTimeTokens.$inferInsert): Promise<void> {
      await db.insert(oneTimeTokens).values(values);
    },

    /** The customer of a live (unused, unexpired) token, without using it. */
    async liveOneTimeToken(
      purpose: OneTimeTokenPurpose,
      tokenHash: string,
      now: Date,
    ): Promise<{ id: string; customerId: string; sessionId: string | null } | undefined> {
      const [row] = await db
        .select({
          id: oneTimeTokens.id,
          customerId: oneTimeTokens.customerId,
          sessionId: oneTimeTokens.sessionId,
        })
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.purpose, purpose),
            eq(oneTimeTokens.tokenHash, tokenHash),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Uses a live token once: the customer it belongs to, or undefined when it is unknown, used or
     * expired. `customerId` narrows the search to one customer (codes).
     */
    async useOneTimeToken(
      purpose: OneTimeTokenPurpose,
      tokenHash: string,
      now: Date,
      customerId?: string,
    ): Promise<string | undefined> {
      const [row] = await db
        .update(oneTimeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(oneTimeTokens.purpose, purpose),
            eq(oneTimeTokens.tokenHash, tokenHash),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, now),
            customerId ? eq(oneTimeTokens.customerId, customerId) : undefined,
          ),
        )
        .returning({ customerId: oneTimeTokens.customerId });
      return row?.customerId;
    },

    /** Ends every live token of a purpose for a customer (a new code replaces the old one). */
    async retireOneTimeTokens(customerId: string, purpose: OneTimeTokenPurpose, now: Date): Promise<void> {
      await db
        .update(oneTimeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(oneTimeTokens.customerId, customerId),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
          ),
        );
    },

    /** When the newest live token of a purpose was made for a customer. */
    async lastLiveOneTimeTokenAt(
      customerId: string,
      purpose: OneTimeTokenPurpose,
      now: Date,
    ): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: oneTimeTokens.createdAt })
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.customerId, customerId),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, now),
          ),
        )
        .orderBy(desc(oneTimeTokens.createdAt))
        .limit(1);
      return row?.createdAt;
    },

    /** Stores a sign-in challenge (its hash), and forgets the ones that expired: they read as unknown. */
    async insertSignInChallenge(values: typeof signInChallenges.$inferInsert, now: Date): Promise<void> {
      await db.delete(signInChallenges).where(lte(signInChallenges.expiresAt, now));
      await db.insert(signInChallenges).values(values);
    },

    async signInChallenge(challengeHash: string): Promise<SignInChallengeRow | undefined> {
      const [row] = await db
        .select()
        .from(signInChallenges)
        .where(eq(signInChallenges.challengeHash, challengeHash))
        .limit(1);
      return row;
    },

    /** Uses a live challenge once; false when it was used (a parallel answer won) or has expired. */
    async useSignInChallenge(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(signInChallenges)
        .set({ usedAt: now })
        .where(
          and(
            eq(signInChallenges.id, id),
            isNull(signInChallenges.usedAt),
            gt(signInChallenges.expiresAt, now),
          ),
        )
        .returning({ id: signInChallenges.id });
      return rows.length === 1;
    },

    /** When the key is blocked until a later time than now, that time. */
    async throttleBlockedUntil(key: string, now: Date): Promise<Date | undefined> {
      const [row] = await db
        .select({ blockedUntil: authThrottles.blockedUntil })
        .from(authThrottles)
        .where(eq(authThrottles.key, key))
        .limit(1);
      const until = row?.blockedUntil;
      return until && until.getTime() > now.getTime() ? until : undefined;
    },

    /**
     * Counts one failure against `key` in a fixed window; reaching `max` blocks the key for
     * `blockMs` (and starts a new window). Returns the block end when this failure caused one.
     */
    async recordThrottleFailure(key: string, now: Date, rule: ThrottleRule): Promise<Date | undefined> {
      const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
      const blockedUntil = new Date(now.getTime() + rule.blockMs).toISOString();
      const nowIso = now.toISOString();
      const fresh = sql`${authThrottles.windowStartedAt} < ${windowStart}::timestamptz`;
      const count = sql`case when ${fresh} then 1 else ${authThrottles.failures} + 1 end`;
      const [row] = await db
        .insert(authThrottles)
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: authThrottles.key,
          set: {
            failures: sql`case when ${count} >= ${rule.max} then 0 else ${count} end`,
            windowStartedAt: sql`case when ${fresh} or ${count} >= ${rule.max} then ${nowIso}::timestamptz else ${authThrottles.windowStartedAt} end`,
            blockedUntil: sql`case when ${count} >= ${rule.max} then ${blockedUntil}::timestamptz else ${authThrottles.blockedUntil} end`,
          },
        })
        .returning({ failures: authThrottles.failures, blockedUntil: authThrottles.blockedUntil });
      const until = row?.blockedUntil;
      return until && until.getTime() > now.getTime() ? until : undefined;
    },

    async clearThrottle(key: string): Promise<void> {
      await db.delete(authThrottles).where(eq(authThrottles.key, key));
    },
  };
}

/**
 * The per-key failure throttle (sign-in, reset mails) for another module that counts wrong answers
 * to a secret: payments counts a saved card's wrong security codes with it (`csc:<fund id>`).
 */
export function failureThrottle(db: DbOrTx) {
  const q = oneTimeCodeQueries(db);
  return {
    blockedUntil: q.throttleBlockedUntil,
    recordFailure: q.recordThrottleFailure,
    clear: q.clearThrottle,
  };
}
