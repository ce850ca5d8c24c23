/**
 * The accounts module's reads and writes: customers and their second factor here, sessions and
 * one-time codes in their own files, put together as one set of queries. The only files of the
 * module that touch Drizzle.
 */
import {
  and,
  customers,
  customerTwoFactor,
  type Database,
  type DbOrTx,
  eq,
  isNull,
  ledgerAccounts,
  lte,
  or,
  sql,
} from '@drawhouse/db';
import { type MailContent, requestMail } from '../notifications/index.ts';
import { type EventType, emit, type OutboxEvents } from '../outbox/index.ts';
import { legacyQueries } from './migration.repository.ts';
import { oneTimeCodeQueries } from './one-time-codes.repository.ts';
import { sessionQueries } from './sessions.repository.ts';
import { socialSignInQueries } from './social-sign-in/social-sign-in.repository.ts';

export type { SignInChallengeRow, ThrottleRule } from './one-time-codes.repository.ts';
export { failureThrottle } from './one-time-codes.repository.ts';
export type { DeviceRow, RefreshTokenRow, SessionRow } from './sessions.repository.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerInsert = typeof customers.$inferInsert;
export type CustomerPatch = Partial<Omit<CustomerInsert, 'id' | 'createdAt'>>;
export type TwoFactorRow = typeof customerTwoFactor.$inferSelect;

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

function customerQueries(db: DbOrTx) {
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

    /**
     * The customer, locked until the transaction ends (a follow-up that must see the latest email).
     * `no key update`: it waits for and holds off changes of the row, but not the key-share locks that
     * rows referring to the customer take (a ledger transfer, an order), so a follow-up locking two
     * customers never deadlocks with a purchase or a refund writing for both.
     */
    async lockedCustomer(id: string): Promise<CustomerRow | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).for('no key update');
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
  };
}

/** Every query of the module, and the outbox writes of a use case, on one connection or transaction. */
function queries(db: DbOrTx) {
  return {
    ...customerQueries(db),
    ...sessionQueries(db),
    ...oneTimeCodeQueries(db),
    ...legacyQueries(db),
    ...socialSignInQueries(db),
    /** Records an event in this transaction (modules/outbox): its subscribers follow once it commits. */
    emit: <T extends EventType>(type: T, aggregateId: string, payload: OutboxEvents[T]) =>
      emit(db, type, aggregateId, payload),
    /** Requests a mail sent once this transaction commits (one that holds a code or a link). */
    requestMail: (about: string, to: string, mail: MailContent) => requestMail(db, about, to, mail),
  };
}

export type AccountsQueries = ReturnType<typeof queries>;
export type AccountsRepository = AccountsQueries & {
  /** Runs `work` in one transaction; everything it does through the given repository commits or none. */
  transaction: <T>(work: (tx: AccountsQueries) => Promise<T>) => Promise<T>;
};

/** The module's queries in a transaction the caller holds (an outbox subscriber's). */
export const accountsQueries = (tx: DbOrTx): AccountsQueries => queries(tx);

export function createAccountsRepository(db: Database): AccountsRepository {
  return {
    ...queries(db),
    transaction: (work) => db.transaction((tx) => work(queries(tx))),
  };
}
