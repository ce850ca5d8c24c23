/** Devices, sessions and refresh tokens of customers: the accounts module's session rows. */
import {
  and,
  authSessions,
  clientOf,
  customerDevices,
  customers,
  type DbOrTx,
  eq,
  isNull,
  ne,
  or,
  refreshTokens,
  rowFromJson,
  run,
  statement,
} from '@drawhouse/db';

export type DeviceRow = typeof customerDevices.$inferSelect;
export type SessionRow = typeof authSessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** A session with its customer, in one statement prepared once: what every signed-in request reads. */
const SESSION_WITH_CUSTOMER = statement<{ session: unknown; customer: unknown }>(
  'session-with-customer',
  `select row_to_json(s) as session, row_to_json(c) as customer
  from auth_sessions s join customers c on c.id = s.customer_id where s.id = $1::uuid`,
);

export function sessionQueries(db: DbOrTx) {
  return {
    /** A session and its customer (undefined when there is no such session). */
    async sessionWithCustomer(
      id: string,
    ): Promise<{ session: SessionRow; customer: typeof customers.$inferSelect } | undefined> {
      const [row] = await run(clientOf(db), SESSION_WITH_CUSTOMER, [id]);
      if (!row) return undefined;
      return {
        session: rowFromJson(authSessions, row.session),
        customer: rowFromJson(customers, row.customer),
      };
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
  };
}
