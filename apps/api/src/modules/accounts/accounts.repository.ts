/** The accounts module's reads and writes. The only files of the module that touch Drizzle. */
import {
  and,
  authSessions,
  authThrottles,
  customerDevices,
  customers,
  customerTwoFactor,
  type Database,
  type DbOrTx,
  desc,
  eq,
  gt,
  isNull,
  ledgerAccounts,
  lte,
  ne,
  type OneTimeTokenPurpose,
  oneTimeTokens,
  or,
  refreshTokens,
  signInChallenges,
  sql,
} from '@drawhouse/db';

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerInsert = typeof customers.$inferInsert;
export type CustomerPatch = Partial<Omit<CustomerInsert, 'id' | 'createdAt'>>;
export type TwoFactorRow = typeof customerTwoFactor.$inferSelect;
export type DeviceRow = typeof customerDevices.$inferSelect;
export type SessionRow = typeof authSessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type SignInChallengeRow = typeof signInChallenges.$inferSelect;

export type ThrottleRule = { max: number; windowMs: number; blockMs: number };

/** Another customer already has the email (the unique index on lower(email)). */
export class EmailTakenError extends Error {
  constructor() {
    super('email taken');
    this.name = 'EmailTakenError';
  }
}

function isEmailConflict(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const pg = e as Error & { code?: unknown; constraint?: unknown };
    if (pg.code === '23505' && pg.constraint === 'customers_email_key') return true;
  }
  return false;
}

function queries(db: DbOrTx) {
  return {
    async customerByEmail(email: string): Promise<CustomerRow | undefined> {
      const [row] = await db
        .select()
        .from(customers)
        .where(sql`lower(${customers.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    async customerById(id: string): Promise<CustomerRow | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
      return row;
    },

    /** The new customer, or undefined when the email is already taken (whatever its case). */
    async insertCustomer(values: CustomerInsert): Promise<CustomerRow | undefined> {
      const [row] = await db.insert(customers).values(values).onConflictDoNothing().returning();
      return row;
    },

    /** The saved row; `email_taken` when a new email belongs to another customer (a race the caller lost). */
    async updateCustomer(id: string, patch: CustomerPatch, now: Date): Promise<CustomerRow | undefined> {
      try {
        const [row] = await db
          .update(customers)
          .set({ ...patch, updatedAt: now })
          .where(eq(customers.id, id))
          .returning();
        return row;
      } catch (error) {
        if (isEmailConflict(error)) throw new EmailTakenError();
        throw error;
      }
    },

    async twoFactor(customerId: string): Promise<TwoFactorRow | undefined> {
      const [row] = await db
        .select()
        .from(customerTwoFactor)
        .where(eq(customerTwoFactor.customerId, customerId))
        .limit(1);
      return row;
    },

    async saveTwoFactor(
      customerId: string,
      values: Partial<Omit<TwoFactorRow, 'customerId'>>,
      now: Date,
    ): Promise<TwoFactorRow> {
      const set = { ...values, updatedAt: now };
      const [row] = await db
        .insert(customerTwoFactor)
        .values({ customerId, ...set })
        .onConflictDoUpdate({ target: customerTwoFactor.customerId, set })
        .returning();
      if (!row) throw new Error('two-factor row not saved');
      return row;
    },

    /**
     * Counts one code attempt before the code is checked, so parallel guesses never get past the lock:
     * the attempt that reaches `max` sets the lock itself (a right code then lifts it). Answers the
     * attempt's number, or undefined while the second factor is locked.
     */
    async claimCodeAttempt(
      customerId: string,
      now: Date,
      max: number,
      lockMs: number,
    ): Promise<number | undefined> {
      const nowIso = now.toISOString();
      const lockedUntil = new Date(now.getTime() + lockMs).toISOString();
      const next = sql`${customers.twoFactorFailedCount} + 1`;
      const [row] = await db
        .update(customers)
        .set({
          twoFactorFailedCount: sql`case when ${next} >= ${max} then 0 else ${next} end`,
          twoFactorLockedUntil: sql`case when ${next} >= ${max} then ${lockedUntil}::timestamptz else null end`,
        })
        .where(
          and(
            eq(customers.id, customerId),
            or(
              isNull(customers.twoFactorLockedUntil),
              lte(customers.twoFactorLockedUntil, sql`${nowIso}::timestamptz`),
            ),
          ),
        )
        .returning({ failed: customers.twoFactorFailedCount, lockedUntil: customers.twoFactorLockedUntil });
      if (!row) return undefined;
      return row.lockedUntil ? max : row.failed;
    },

    async clearTwoFactorFailures(customerId: string): Promise<void> {
      await db
        .update(customers)
        .set({ twoFactorFailedCount: 0, twoFactorLockedUntil: null })
        .where(eq(customers.id, customerId));
    },

    async device(customerId: string, fingerprintHash: string): Promise<DeviceRow | undefined> {
      const [row] = await db
        .select()
        .from(customerDevices)
        .where(
          and(
            eq(customerDevices.customerId, customerId),
            eq(customerDevices.fingerprintHash, fingerprintHash),
          ),
        )
        .limit(1);
      return row;
    },

    async insertDevice(customerId: string, fingerprintHash: string, now: Date): Promise<DeviceRow> {
      const [row] = await db
        .insert(customerDevices)
        .values({ customerId, fingerprintHash, firstSeenAt: now, lastSeenAt: now })
        .returning();
      if (!row) throw new Error('device not saved');
      return row;
    },

    async touchDevice(id: string, now: Date, passedTwoFactor: boolean): Promise<void> {
      await db
        .update(customerDevices)
        .set({ lastSeenAt: now, ...(passedTwoFactor ? { twoFactorPassedAt: now } : {}) })
        .where(eq(customerDevices.id, id));
    },

    async insertSession(values: typeof authSessions.$inferInsert): Promise<SessionRow> {
      const [row] = await db.insert(authSessions).values(values).returning();
      if (!row) throw new Error('session not saved');
      return row;
    },

    async session(id: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(authSessions).where(eq(authSessions.id, id)).limit(1);
      return row;
    },

    async touchSession(id: string, now: Date): Promise<void> {
      await db.update(authSessions).set({ lastUsedAt: now }).where(eq(authSessions.id, id));
    },

    async elevateSession(id: string, now: Date): Promise<void> {
      await db.update(authSessions).set({ elevatedAt: now }).where(eq(authSessions.id, id));
    },

    /**
     * Revokes a session and every session of its family: the first session and those that joined it
     * through a transfer token.
     */
    async revokeSessionFamily(id: string, reason: string, now: Date): Promise<void> {
      const [row] = await db
        .select({ familySessionId: authSessions.familySessionId })
        .from(authSessions)
        .where(eq(authSessions.id, id))
        .limit(1);
      const root = row?.familySessionId ?? id;
      await db
        .update(authSessions)
        .set({ revokedAt: now, revokeReason: reason })
        .where(
          and(
            or(eq(authSessions.id, root), eq(authSessions.familySessionId, root)),
            isNull(authSessions.revokedAt),
          ),
        );
    },

    /**
     * Revokes every live session of a customer, except `keepSessionId` when given, and forgets which
     * devices passed the second factor: after a password change or reset, every device proves itself again.
     */
    async revokeCustomerSessions(
      customerId: string,
      reason: string,
      now: Date,
      keepSessionId?: string,
    ): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: now, revokeReason: reason })
        .where(
          and(
            eq(authSessions.customerId, customerId),
            isNull(authSessions.revokedAt),
            keepSessionId ? ne(authSessions.id, keepSessionId) : undefined,
          ),
        );
      await db
        .update(customerDevices)
        .set({ twoFactorPassedAt: null })
        .where(eq(customerDevices.customerId, customerId));
    },

    /** The customer's ledger accounts (wallet and promo) with their totals: the overview's balances. */
    async walletAccounts(customerId: string) {
      return db
        .select({
          kind: ledgerAccounts.kind,
          creditsPosted: ledgerAccounts.creditsPosted,
          debitsPosted: ledgerAccounts.debitsPosted,
          debitsPending: ledgerAccounts.debitsPending,
        })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.customerId, customerId));
    },

    async insertRefreshToken(values: typeof refreshTokens.$inferInsert): Promise<void> {
      await db.insert(refreshTokens).values(values);
    },

    async refreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** Marks a refresh token used; false when it already was (a concurrent or repeated use). */
    async useRefreshToken(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    async retireRefreshFamily(familyId: string, now: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.usedAt)));
    },

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
  const q = queries(db);
  return {
    blockedUntil: q.throttleBlockedUntil,
    recordFailure: q.recordThrottleFailure,
    clear: q.clearThrottle,
  };
}

export type AccountsQueries = ReturnType<typeof queries>;
export type AccountsRepository = AccountsQueries & {
  /** Runs `work` in one transaction; everything it does through the given repository commits or none. */
  transaction: <T>(work: (tx: AccountsQueries) => Promise<T>) => Promise<T>;
};

export function createAccountsRepository(db: Database): AccountsRepository {
  return {
    ...queries(db),
    transaction: (work) => db.transaction((tx) => work(queries(tx))),
  };
}
