/**
 * The ledger: the only file that writes transfers. A transfer is immutable, has a caller-chosen id
 * (derived from the business event, so an event moves money once), and is added to the totals of the
 * customer accounts it touches by a database trigger that also enforces their balance rule. House
 * accounts keep no totals (no shared row is updated by a purchase); their balances are sums.
 */
import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  type DbOrTx,
  eq,
  inArray,
  type LedgerAccountKind,
  ledgerAccounts,
  ledgerTransfers,
  or,
  sql,
  type TransferCode,
} from '@drawhouse/db';

export type CustomerAccountKind = Extract<LedgerAccountKind, 'wallet' | 'promo'>;
export type HouseAccountKind = Exclude<LedgerAccountKind, CustomerAccountKind>;

export type TransferRow = typeof ledgerTransfers.$inferSelect;
export type AccountRow = typeof ledgerAccounts.$inferSelect;

export type TransferInput = {
  id: string;
  debitAccountId: number;
  creditAccountId: number;
  amountCents: number;
  code: TransferCode;
  customerId?: string | null;
  reference?: string | null;
  description?: string;
};

/** Postgres refused a transfer because a customer account would go below zero. */
export class InsufficientBalanceError extends Error {
  constructor() {
    super('a ledger account would go below zero');
    this.name = 'InsufficientBalanceError';
  }
}

/** Postgres refused a change because a customer account would go below zero (its balance check). */
export function isBalanceViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
  const { code, constraint } = cause as { code?: string; constraint?: string };
  return code === '23514' && constraint === 'ledger_accounts_balance_check';
}

/** House account ids never change once made: kept per process after the first lookup. */
const houseAccountIds = new Map<string, number>();

/** House accounts a statement read (committed ones): `houseAccount` answers them without a lookup. */
export function rememberHouseAccounts(accounts: readonly { code: string; id: number }[]): void {
  for (const { code, id } of accounts) houseAccountIds.set(code, id);
}

export function ledgerQueries(db: DbOrTx) {
  async function insertTransfers(rows: (typeof ledgerTransfers.$inferInsert)[]): Promise<string[]> {
    if (rows.length === 0) return [];
    try {
      const inserted = await db
        .insert(ledgerTransfers)
        .values(rows)
        .onConflictDoNothing({ target: ledgerTransfers.id })
        .returning({ id: ledgerTransfers.id });
      return inserted.map((r) => r.id);
    } catch (error) {
      if (isBalanceViolation(error)) throw new InsufficientBalanceError();
      throw error;
    }
  }

  const self = {
    /** The customer's accounts as they stand, read only (none before their first money moves). */
    async accountsAsTheyStand(customerId: string): Promise<AccountRow[]> {
      return db
        .select()
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.customerId, customerId))
        .orderBy(asc(ledgerAccounts.id));
    },

    /** The customer's wallet and promo accounts, made on first use. */
    async customerAccounts(customerId: string): Promise<Record<CustomerAccountKind, AccountRow>> {
      const existing = await db
        .select()
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.customerId, customerId));
      if (existing.length < 2) {
        await db
          .insert(ledgerAccounts)
          .values(
            (['wallet', 'promo'] as const).map((kind) => ({
              kind,
              customerId,
              tracksTotals: true,
              debitsMustNotExceedCredits: true,
            })),
          )
          .onConflictDoNothing();
        return self.customerAccounts(customerId);
      }
      const byKind = Object.fromEntries(existing.map((a) => [a.kind, a]));
      return { wallet: byKind.wallet as AccountRow, promo: byKind.promo as AccountRow };
    },

    /**
     * Locks the customer's accounts until the transaction ends (wallet before promo: id order). Every
     * use case that spends or holds a customer's money takes this lock first, so balance and limit
     * checks made after it cannot be raced by another spend of the same customer.
     */
    async lockCustomer(customerId: string): Promise<Record<CustomerAccountKind, AccountRow>> {
      const lock = () =>
        db
          .select()
          .from(ledgerAccounts)
          .where(eq(ledgerAccounts.customerId, customerId))
          .orderBy(asc(ledgerAccounts.id))
          .for('update');
      let rows = await lock();
      if (rows.length < 2) {
        await self.customerAccounts(customerId);
        rows = await lock();
      }
      const byKind = Object.fromEntries(rows.map((a) => [a.kind, a]));
      return { wallet: byKind.wallet as AccountRow, promo: byKind.promo as AccountRow };
    },

    /**
     * `lockCustomer` for several customers at once (a batch of recurring purchases): every account of
     * theirs locked in one statement in account id order, the order every other lock takes too, so
     * batches and single purchases never wait on each other in a cycle. Answers each customer's accounts.
     */
    async lockCustomers(
      customerIds: readonly string[],
    ): Promise<Map<string, Record<CustomerAccountKind, AccountRow>>> {
      const lock = () =>
        db
          .select()
          .from(ledgerAccounts)
          .where(inArray(ledgerAccounts.customerId, [...customerIds]))
          .orderBy(asc(ledgerAccounts.id))
          .for('update');
      const group = (rows: AccountRow[]) => {
        const found = new Map<string, Partial<Record<CustomerAccountKind, AccountRow>>>();
        for (const row of rows) {
          if (!row.customerId || (row.kind !== 'wallet' && row.kind !== 'promo')) continue;
          found.set(row.customerId, { ...found.get(row.customerId), [row.kind]: row });
        }
        return found;
      };
      if (customerIds.length === 0) return new Map();
      let found = group(await lock());
      const missing = customerIds.filter((id) => !found.get(id)?.wallet || !found.get(id)?.promo);
      if (missing.length > 0) {
        for (const id of missing) await self.customerAccounts(id);
        found = group(await lock());
      }
      const accounts = new Map<string, Record<CustomerAccountKind, AccountRow>>();
      for (const [id, { wallet, promo }] of found) if (wallet && promo) accounts.set(id, { wallet, promo });
      return accounts;
    },

    /**
     * A house account by kind and name (`sales` + `lottery_ticket`), made on first use. Only an id
     * that was there before is kept for the process: one made now belongs to the caller's
     * transaction, which may still roll back.
     */
    async houseAccount(kind: HouseAccountKind, name?: string): Promise<number> {
      const code = name ? `${kind}:${name}` : kind;
      const known = houseAccountIds.get(code);
      if (known !== undefined) return known;
      const [made] = await db
        .insert(ledgerAccounts)
        .values({ kind, code, tracksTotals: false })
        .onConflictDoNothing()
        .returning({ id: ledgerAccounts.id });
      if (made) return made.id;
      const [row] = await db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.code, code));
      if (!row) throw new Error(`house account ${code} could not be made`);
      houseAccountIds.set(code, row.id);
      return row.id;
    },

    /**
     * Posts transfers. Ids already present are skipped (the event already moved its money); answers
     * the ids inserted now. Throws InsufficientBalanceError when a customer account would overdraw
     * (the transaction must then roll back).
     */
    post: (transfers: TransferInput[]) =>
      insertTransfers(transfers.map((t) => ({ ...t, flag: 'posted' as const }))),

    /** Holds money: a pending transfer, later posted or voided once (`settle`). */
    hold: (transfer: TransferInput) => insertTransfers([{ ...transfer, flag: 'pending' as const }]),

    /**
     * Posts or voids a pending transfer, exactly once: answers false when it was settled already
     * (by this or the other action).
     */
    async settle(pendingId: string, action: 'post' | 'void'): Promise<boolean> {
      const [held] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, pendingId));
      if (held?.flag !== 'pending' || !held) throw new Error(`no pending transfer ${pendingId}`);
      const [settled] = await db
        .select({ id: ledgerTransfers.id })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.pendingId, pendingId));
      if (settled) return false;
      try {
        const ids = await db
          .insert(ledgerTransfers)
          .values({
            id: randomUUID(),
            debitAccountId: held.debitAccountId,
            creditAccountId: held.creditAccountId,
            amountCents: held.amountCents,
            flag: action === 'post' ? 'post_pending' : 'void_pending',
            pendingId,
            code: held.code,
            customerId: held.customerId,
            reference: held.reference,
            description: held.description,
          })
          .onConflictDoNothing()
          .returning({ id: ledgerTransfers.id });
        return ids.length === 1;
      } catch (error) {
        if (isBalanceViolation(error)) throw new InsufficientBalanceError();
        throw error;
      }
    },

    /** Balance of a house account (credits - debits, posted), summed from its transfers. */
    async houseBalance(accountId: number): Promise<number> {
      const [row] = await db
        .select({
          cents: sql<string>`coalesce(sum(case when ${ledgerTransfers.creditAccountId} = ${accountId} then ${ledgerTransfers.amountCents} else -${ledgerTransfers.amountCents} end), 0)`,
        })
        .from(ledgerTransfers)
        .where(
          and(
            or(eq(ledgerTransfers.debitAccountId, accountId), eq(ledgerTransfers.creditAccountId, accountId)),
            inArray(ledgerTransfers.flag, ['posted', 'post_pending']),
          ),
        );
      return Number(row?.cents ?? 0);
    },
  };
  return self;
}

export type LedgerQueries = ReturnType<typeof ledgerQueries>;
