/** Operators, their back office sessions and their invitations. */
import {
  and,
  asc,
  type DbOrTx,
  eq,
  gt,
  isNull,
  lte,
  type OperatorRole,
  operatorInvitations,
  operatorSessions,
  operators,
  or,
  sql,
} from '@drawhouse/db';

export type OperatorRow = typeof operators.$inferSelect;
export type OperatorSessionRow = typeof operatorSessions.$inferSelect;
export type InvitationRow = typeof operatorInvitations.$inferSelect;

export function operatorsRepository(db: DbOrTx) {
  return {
    async insertOperator(values: {
      name: string;
      tokenHash: string;
      roles: OperatorRole[];
      email?: string;
      passwordHash?: string;
      totpSecret?: string;
    }): Promise<string | undefined> {
      const rows = await db
        .insert(operators)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: operators.id });
      return rows[0]?.id;
    },

    async operatorById(id: string): Promise<OperatorRow | undefined> {
      const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
      return row;
    },

    async operatorByEmail(email: string): Promise<OperatorRow | undefined> {
      const [row] = await db.select().from(operators).where(eq(operators.email, email)).limit(1);
      return row;
    },

    async list(): Promise<OperatorRow[]> {
      return db.select().from(operators).orderBy(asc(operators.name));
    },

    /**
     * Counts a sign-in attempt before anything is checked, so parallel guesses cannot slip past the
     * lock: the attempt's number, or undefined while the operator is locked. The `max`-th attempt in
     * a row locks the operator until `lockUntil` (the count starts again after it).
     */
    async claimSignInAttempt(
      id: string,
      now: Date,
      max: number,
      lockUntil: Date,
    ): Promise<number | undefined> {
      const [row] = await db
        .update(operators)
        .set({
          failedSignIns: sql`case when ${operators.failedSignIns} + 1 >= ${max} then 0 else ${operators.failedSignIns} + 1 end`,
          lockedUntil: sql`case when ${operators.failedSignIns} + 1 >= ${max} then ${lockUntil.toISOString()}::timestamptz else null end`,
        })
        .where(and(eq(operators.id, id), or(isNull(operators.lockedUntil), lte(operators.lockedUntil, now))))
        .returning({ locked: operators.lockedUntil, failed: operators.failedSignIns });
      if (!row) return undefined;
      return row.locked ? max : row.failed;
    },

    /** A right password and code: the count starts again and the code's time step is spent. */
    async signedIn(id: string, now: Date, totpStep: number): Promise<boolean> {
      const rows = await db
        .update(operators)
        .set({ failedSignIns: 0, lockedUntil: null, lastTotpStep: totpStep, lastSignInAt: now })
        .where(
          and(
            eq(operators.id, id),
            or(isNull(operators.lastTotpStep), sql`${operators.lastTotpStep} < ${totpStep}`),
          ),
        )
        .returning({ id: operators.id });
      return rows.length === 1;
    },

    async update(
      id: string,
      values: Partial<
        Pick<OperatorRow, 'roles' | 'disabledAt' | 'totpSecret' | 'lastTotpStep' | 'lastSignInAt'>
      >,
    ) {
      const [row] = await db.update(operators).set(values).where(eq(operators.id, id)).returning();
      return row;
    },

    async insertSession(values: typeof operatorSessions.$inferInsert): Promise<OperatorSessionRow> {
      const [row] = await db.insert(operatorSessions).values(values).returning();
      if (!row) throw new Error('the session was not written');
      return row;
    },

    async sessionById(id: string): Promise<OperatorSessionRow | undefined> {
      const [row] = await db.select().from(operatorSessions).where(eq(operatorSessions.id, id)).limit(1);
      return row;
    },

    async touchSession(id: string, now: Date): Promise<void> {
      await db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, id));
    },

    async revokeSession(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.revokedAt)))
        .returning({ id: operatorSessions.id });
      return rows.length === 1;
    },

    /** Ends every live session of an operator (disabled, roles changed, locked out by an admin). */
    async revokeSessionsOf(operatorId: string, now: Date): Promise<number> {
      const rows = await db
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(operatorSessions.operatorId, operatorId),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, now),
          ),
        )
        .returning({ id: operatorSessions.id });
      return rows.length;
    },

    async liveSessionsOf(operatorId: string, now: Date, idleSince: Date): Promise<OperatorSessionRow[]> {
      return db
        .select()
        .from(operatorSessions)
        .where(
          and(
            eq(operatorSessions.operatorId, operatorId),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, now),
            gt(operatorSessions.lastSeenAt, idleSince),
          ),
        )
        .orderBy(asc(operatorSessions.createdAt));
    },

    async insertInvitation(values: typeof operatorInvitations.$inferInsert): Promise<InvitationRow> {
      const [row] = await db.insert(operatorInvitations).values(values).returning();
      if (!row) throw new Error('the invitation was not written');
      return row;
    },

    async invitationBySecretHash(secretHash: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(operatorInvitations)
        .where(eq(operatorInvitations.secretHash, secretHash))
        .limit(1);
      return row;
    },

    async updateInvitation(id: string, values: Partial<InvitationRow>): Promise<void> {
      await db.update(operatorInvitations).set(values).where(eq(operatorInvitations.id, id));
    },

    /** Marks an invitation accepted once: false when it was accepted (or revoked) meanwhile. */
    async acceptInvitation(id: string, operatorId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(operatorInvitations)
        .set({ acceptedAt: now, operatorId })
        .where(
          and(
            eq(operatorInvitations.id, id),
            isNull(operatorInvitations.acceptedAt),
            isNull(operatorInvitations.revokedAt),
          ),
        )
        .returning({ id: operatorInvitations.id });
      return rows.length === 1;
    },

    async pendingInvitations(now: Date): Promise<InvitationRow[]> {
      return db
        .select()
        .from(operatorInvitations)
        .where(
          and(
            isNull(operatorInvitations.acceptedAt),
            isNull(operatorInvitations.revokedAt),
            gt(operatorInvitations.expiresAt, now),
          ),
        )
        .orderBy(asc(operatorInvitations.createdAt));
    },
  };
}

export type OperatorsRepository = ReturnType<typeof operatorsRepository>;
