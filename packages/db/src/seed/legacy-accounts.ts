/**
 * Accounts of the older shop, keyed to Drawhouse customers, waiting to be moved in (account
 * migration). `insertLegacyAccount` is the factory the demo seed and the tests share; the demo seeds
 * two customers (password `DEMO_PASSWORD`): Olivia may move hers when she likes, Harry's deadline has
 * passed, so he must move it before buying, depositing or withdrawing. Each holds a Powerball ticket
 * the older shop sold for an upcoming draw, which moves with the account.
 */
import { purchasableDraws } from '@drawhouse/domain';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { openDraws } from '../open-draws.ts';
import {
  customers,
  legacyAccounts,
  legacyBalances,
  legacyTickets,
  type StoredGame,
} from '../schema/index.ts';
import { seedDemoCustomers } from './lotto-party.ts';

/** A ticket the older shop sold: the entry as sold and the price paid. */
export type NewLegacyTicket = Omit<
  typeof legacyTickets.$inferInsert,
  'id' | 'legacyAccountId' | 'outcome' | 'orderId' | 'movedAt'
>;

export type NewLegacyAccount = {
  customerId: string;
  legacyRef: string;
  mustMigrateBy?: Date | null;
  heldReason?: string | null;
  cashCents?: number;
  promoCents?: number;
  tickets?: readonly NewLegacyTicket[];
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
  const tickets = account.tickets ?? [];
  if (tickets.length > 0) {
    await db.insert(legacyTickets).values(tickets.map((t) => ({ ...t, legacyAccountId: row.id })));
  }
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

/** What the older shop charged for a standard Powerball game, as Drawhouse does. */
const POWERBALL_GAME_CENTS = 155;

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
  const [next] = purchasableDraws(await openDraws(tx, ['powerball'], now), now);
  const powerball = (legacyRef: string, games: StoredGame[]): NewLegacyTicket[] =>
    next
      ? [
          {
            legacyRef,
            productOfferKey: 'powerball',
            gameType: 'standard',
            gameOffer: 'powerball-standard',
            games,
            drawNo: next.draw.drawNo,
            priceCents: POWERBALL_GAME_CENTS * games.length,
          },
        ]
      : [];
  if (olivia) {
    await insertLegacyAccount(tx, {
      customerId: olivia,
      legacyRef: 'LC-100234',
      cashCents: 4250,
      promoCents: 500,
      tickets: powerball('LT-5500187', [
        { numbers: [4, 9, 13, 21, 26, 30, 34], powerball: [11] },
        { numbers: [2, 7, 15, 18, 23, 29, 33], powerball: [5] },
      ]),
    });
  }
  if (harry) {
    await insertLegacyAccount(tx, {
      customerId: harry,
      legacyRef: 'LC-100871',
      mustMigrateBy: HARD_DEADLINE,
      cashCents: 12000,
      tickets: powerball('LT-5500342', [{ numbers: [1, 6, 12, 17, 24, 28, 35], powerball: [19] }]),
    });
  }
}
