/**
 * Accounts of the older shop, keyed to Drawhouse customers, waiting to be moved in (account
 * migration). `insertLegacyAccount` is the factory the demo seed and the tests share; the demo seeds
 * two customers (password `DEMO_PASSWORD`): Olivia may move hers when she likes, Harry's deadline has
 * passed, so he must move it before buying, depositing or withdrawing.
 */
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { customers, legacyAccounts, legacyBalances } from '../schema/index.ts';
import { seedDemoCustomers } from './lotto-party.ts';

export type NewLegacyAccount = {
  customerId: string;
  legacyRef: string;
  mustMigrateBy?: Date | null;
  heldReason?: string | null;
  cashCents?: number;
  promoCents?: number;
};

/** An older account with its balances; an account of that reference already there is kept. */
export async function insertLegacyAccount(
  db: DbOrTx,
  account: NewLegacyAccount,
): Promise<string | undefined> {
  const [row] = await db
    .insert(legacyAccounts)
    .values({
      customerId: account.customerId,
      legacyRef: account.legacyRef,
      mustMigrateBy: account.mustMigrateBy ?? null,
      heldReason: account.heldReason ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: legacyAccounts.id });
  if (!row) return undefined;
  await db.insert(legacyBalances).values([
    { legacyAccountId: row.id, kind: 'cash' as const, amountCents: account.cashCents ?? 0 },
    { legacyAccountId: row.id, kind: 'promo' as const, amountCents: account.promoCents ?? 0 },
  ]);
  return row.id;
}

export const DEMO_LEGACY_CUSTOMERS = [
  {
    email: 'olivia@example.com',
    firstname: 'Olivia',
    lastname: 'Grant',
    suburb: 'Leichhardt',
    postcode: '2040',
  },
  { email: 'harry@example.com', firstname: 'Harry', lastname: 'Lee', suburb: 'Ashfield', postcode: '2131' },
] as const;

/** Harry's deadline: long past, so his older account blocks money until it is moved. */
const HARD_DEADLINE = new Date('2026-01-01T00:00:00Z');

export async function seedLegacyAccounts(tx: DbOrTx, now: Date): Promise<void> {
  await seedDemoCustomers(tx, now, DEMO_LEGACY_CUSTOMERS);
  const rows = await tx
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(
      inArray(
        sql`lower(${customers.email})`,
        DEMO_LEGACY_CUSTOMERS.map((c) => c.email),
      ),
    );
  const idOf = (email: string) => rows.find((r) => r.email.toLowerCase() === email)?.id;
  const olivia = idOf('olivia@example.com');
  const harry = idOf('harry@example.com');
  if (olivia) {
    await insertLegacyAccount(tx, {
      customerId: olivia,
      legacyRef: 'LC-100234',
      cashCents: 4250,
      promoCents: 500,
    });
  }
  if (harry) {
    await insertLegacyAccount(tx, {
      customerId: harry,
      legacyRef: 'LC-100871',
      mustMigrateBy: HARD_DEADLINE,
      cashCents: 12000,
    });
  }
}
