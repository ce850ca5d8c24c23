/**
 * The demo's group play: three demo customers, a promoted lotto party group owned by the first with
 * the other two as members, and an open session on the soonest Powerball draw on sale. Only for the
 * local demo (`demoCustomers`): the customers sign in with a password everyone knows.
 *
 * Runs on every start and only inserts what is missing, so a demo started a week later gets a session
 * on the draw then on sale; a group of that name owned by someone else is left alone. The session
 * holds no shares: shares need a paid checkout (ledger transfers), which the seed does not fake.
 */
import { groupNameKey, purchasableDraws } from '@drawhouse/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { openDraws } from '../open-draws.ts';
import {
  customers,
  gameTypes,
  lottoPartyGroups,
  lottoPartyMembers,
  lottoPartySessions,
} from '../schema/index.ts';

/** The demo customers' password (argon2id of `DEMO_PASSWORD`, hashed once: the seed has no argon2). */
export const DEMO_PASSWORD = 'drawhouse-demo';
const DEMO_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$wfjhg7Nsphx5e42rXIdrKw$xd0f3Gb8nIJJRPWEaTLgue78Bm7dpx1Wnkp8Kp/csPY';

/** The main demo customer first: the group's owner. */
export const DEMO_CUSTOMERS = [
  { email: 'demo@example.com', firstname: 'Sam', lastname: 'Carter', suburb: 'Newtown', postcode: '2042' },
  { email: 'priya@example.com', firstname: 'Priya', lastname: 'Nair', suburb: 'Glebe', postcode: '2037' },
  { email: 'tom@example.com', firstname: 'Tom', lastname: 'Walsh', suburb: 'Marrickville', postcode: '2204' },
] as const;

export const DEMO_GROUP_NAME = 'Friday Powerball Crew';
export const DEMO_SESSION = { offerKey: 'powerball', sharePriceCents: 500, totalShares: 20 } as const;

export async function seedLottoParty(tx: DbOrTx, now: Date): Promise<void> {
  const ids = await seedDemoCustomers(tx, now);
  const [ownerId, ...memberIds] = ids;
  if (!ownerId) return;
  const nameKey = groupNameKey(DEMO_GROUP_NAME);
  await tx
    .insert(lottoPartyGroups)
    .values({ name: DEMO_GROUP_NAME, nameKey, publicityStatus: 'promoted', ownerId, createdAt: now })
    .onConflictDoNothing();
  const [group] = await tx.select().from(lottoPartyGroups).where(eq(lottoPartyGroups.nameKey, nameKey));
  if (group?.ownerId !== ownerId) return;
  await tx
    .insert(lottoPartyMembers)
    .values([
      { groupId: group.id, customerId: ownerId, role: 'owner' as const, joinedAt: now },
      ...memberIds.map((customerId) => ({
        groupId: group.id,
        customerId,
        role: 'member' as const,
        joinedAt: now,
      })),
    ])
    .onConflictDoNothing();

  const [soonest] = purchasableDraws(await openDraws(tx, [DEMO_SESSION.offerKey], now), now);
  const [gameType] = await tx
    .select({ gameOffer: gameTypes.defaultGameOffer })
    .from(gameTypes)
    .where(and(eq(gameTypes.productOfferKey, DEMO_SESSION.offerKey), eq(gameTypes.key, 'standard')));
  if (!soonest || !gameType) return;
  // One session per group and draw (a unique index): an existing one stays as it is.
  await tx
    .insert(lottoPartySessions)
    .values({
      groupId: group.id,
      drawId: soonest.draw.id,
      productOfferKey: DEMO_SESSION.offerKey,
      gameOffer: gameType.gameOffer,
      sharePriceCents: DEMO_SESSION.sharePriceCents,
      totalShares: DEMO_SESSION.totalShares,
      createdBy: ownerId,
      createdAt: now,
    })
    .onConflictDoNothing();
}

type DemoCustomer = {
  email: string;
  firstname: string;
  lastname: string;
  suburb: string;
  postcode: string;
  /** NSW unless named. */
  state?: string;
};

/** The demo customers' ids in the list's order; an existing account of that email is kept as it is. */
export async function seedDemoCustomers(
  tx: DbOrTx,
  now: Date,
  list: readonly DemoCustomer[] = DEMO_CUSTOMERS,
): Promise<string[]> {
  const emails = list.map((c) => c.email);
  await tx
    .insert(customers)
    .values(
      list.map((c) => ({
        state: 'NSW',
        ...c,
        passwordHash: DEMO_PASSWORD_HASH,
        dateOfBirth: '1988-06-15',
        phone: '0412345678',
        address: '1 King St',
        country: 'AU',
        emailConfirmedAt: now,
        termsAcceptedAt: now,
      })),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(inArray(sql`lower(${customers.email})`, emails));
  return emails.flatMap((email) => rows.find((r) => r.email.toLowerCase() === email)?.id ?? []);
}
