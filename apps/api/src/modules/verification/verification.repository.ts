/**
 * The verification module's reads and writes: a customer's attempts (only ever their own), the
 * customer row an attempt verifies, and their first deposit (when verification falls due). The
 * only file of the module that touches Drizzle.
 */
import {
  and,
  asc,
  count,
  customers,
  type DbOrTx,
  deposits,
  eq,
  gte,
  isNull,
  sql,
  type VerificationOutcome,
  type VerificationSourceMatch,
  verificationAttempts,
} from '@drawhouse/db';
import type { AttemptSummary, VerificationMethod } from '@drawhouse/domain';

export type AttemptRow = typeof verificationAttempts.$inferSelect;

export type NewAttempt = {
  customerId: string;
  /** A method customers are offered, or `operator` (an operator's `customer:verify`). */
  method: VerificationMethod | 'operator';
  providerReference: string;
  now: Date;
} & (
  | { status: 'in_progress' }
  | {
      status: 'completed';
      outcome: VerificationOutcome;
      reason: string | null;
      sources: VerificationSourceMatch[];
    }
);

export function verificationRepository(db: DbOrTx) {
  return {
    /** The customer's attempts as the methods' statuses read them, oldest first. */
    async summaries(customerId: string): Promise<AttemptSummary[]> {
      const rows = await db
        .select({
          method: verificationAttempts.method,
          status: verificationAttempts.status,
          outcome: verificationAttempts.outcome,
        })
        .from(verificationAttempts)
        .where(eq(verificationAttempts.customerId, customerId))
        .orderBy(asc(verificationAttempts.createdAt));
      return rows.map((r) => ({ ...r, method: r.method as VerificationMethod }));
    },

    /** Attempts the customer started since `since`. */
    async startedSince(customerId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(verificationAttempts)
        .where(
          and(eq(verificationAttempts.customerId, customerId), gte(verificationAttempts.createdAt, since)),
        );
      return row?.n ?? 0;
    },

    async inProgress(customerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: verificationAttempts.id })
        .from(verificationAttempts)
        .where(
          and(
            eq(verificationAttempts.customerId, customerId),
            eq(verificationAttempts.status, 'in_progress'),
          ),
        );
      return row !== undefined;
    },

    async attempt(id: string): Promise<AttemptRow | undefined> {
      const [row] = await db.select().from(verificationAttempts).where(eq(verificationAttempts.id, id));
      return row;
    },

    /** Locks the customer's row until the transaction ends: their attempts start one at a time. */
    async lockCustomer(customerId: string): Promise<{ verifiedAt: Date | null } | undefined> {
      const [row] = await db
        .select({ verifiedAt: customers.verifiedAt })
        .from(customers)
        .where(eq(customers.id, customerId))
        // Holds off changes of the row, not rows referring to it (accounts.repository's lockedCustomer).
        .for('no key update');
      return row;
    },

    async insert(attempt: NewAttempt): Promise<AttemptRow> {
      const { now, ...rest } = attempt;
      const [row] = await db
        .insert(verificationAttempts)
        .values({ ...rest, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('verification attempt not written');
      return row;
    },

    /** Completes an attempt still in progress; undefined when it was completed already. */
    async complete(
      id: string,
      result: { outcome: VerificationOutcome; reason: string | null; sources: VerificationSourceMatch[] },
      now: Date,
    ): Promise<AttemptRow | undefined> {
      const [row] = await db
        .update(verificationAttempts)
        .set({ status: 'completed', ...result, updatedAt: now })
        .where(and(eq(verificationAttempts.id, id), eq(verificationAttempts.status, 'in_progress')))
        .returning();
      return row;
    },

    /** Marks the customer verified; false when they were verified already. */
    /** Locks the customer with this email (any case) until the transaction ends. */
    async lockCustomerByEmail(email: string) {
      const [row] = await db
        .select({ id: customers.id, email: customers.email, verifiedAt: customers.verifiedAt })
        .from(customers)
        .where(eq(sql`lower(${customers.email})`, email.trim().toLowerCase()))
        .for('no key update');
      return row;
    },

    async markVerified(customerId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(customers)
        .set({ verifiedAt: now })
        .where(and(eq(customers.id, customerId), isNull(customers.verifiedAt)))
        .returning({ id: customers.id });
      return rows.length > 0;
    },

    async firstDepositAt(customerId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: deposits.createdAt })
        .from(deposits)
        .where(and(eq(deposits.customerId, customerId), eq(deposits.status, 'succeeded')))
        .orderBy(asc(deposits.createdAt))
        .limit(1);
      return row?.at ?? null;
    },

    /** Who to tell, how to address them, and the date of birth a late answer is decided with. */
    async customerToTell(customerId: string) {
      const [row] = await db
        .select({
          email: customers.email,
          firstname: customers.firstname,
          dateOfBirth: customers.dateOfBirth,
        })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row;
    },
  };
}
