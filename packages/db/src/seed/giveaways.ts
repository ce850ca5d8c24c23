/**
 * The demo's Daily Winners giveaways: a month of daily giveaways (one closing each Sydney evening,
 * from 15 days before the seed's clock to 15 days after), a major one that closed a week ago and a
 * monthly one closing in 20 days; it also makes the demo customers members:
 * the first premium (a paid annual period), the second free, the third free with the major giveaway
 * unlocked. Past giveaways are closed and drawn by the engine's own functions (`closeGiveaway`,
 * `drawGiveaway`), so their proofs check out; a drawn giveaway with winners is paid by the API's
 * minute sweep through the ledger (the seed does not fake ledger transfers), one without is marked
 * paid here. Only the local demo's own database gets them (a deployment's sweep would pay their
 * prizes). Runs on every start: all of it when there is no giveaway yet; later starts add the daily
 * giveaways of the next 15 evenings that are missing.
 */
import { GIVEAWAY_TYPE_NAMES, type GiveawayType } from '@drawhouse/domain';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import {
  customers,
  giveaways,
  giveawayUnlocks,
  giveawayWinners,
  membershipPeriods,
  memberships,
} from '../schema/index.ts';
import { sydneyEveningAfter } from './draws.ts';
import { closeGiveaway, drawGiveaway, insertGiveaway, type NewGiveaway } from './giveaway-draws.ts';
import { DEMO_CUSTOMERS } from './lotto-party.ts';

const DAY_MS = 86_400_000;
const DAILY_DAYS = 15;

type Prize = NewGiveaway['prizes'][number];
const cash = (dollars: number): Prize => ({
  title: `$${dollars} cash`,
  amountCents: dollars * 100,
  kind: 'cash',
});
const credit = (dollars: number): Prize => ({
  title: `$${dollars} ticket credit`,
  amountCents: dollars * 100,
  kind: 'credit',
});

function giveaway(
  type: GiveawayType,
  title: string,
  opensAt: Date,
  closesAt: Date,
  prizes: Prize[],
): NewGiveaway {
  return {
    type,
    title,
    description: `${GIVEAWAY_TYPE_NAMES[type]} for Daily Winners members. No purchase needed to enter.`,
    pill: prizes[0]?.title ?? null,
    permits: 'NSW Permit No. TP/00000 (demo)',
    opensAt,
    closesAt,
    prizes,
    images: [],
    createdBy: null,
  };
}

/** The daily giveaway closing on the Sydney evening `day` days from `now`: its prizes vary by day. */
function dailyGiveaway(now: Date, day: number): NewGiveaway {
  const closesAt = sydneyEveningAfter(now, day);
  const prizes = day % 3 === 0 ? [cash(100), credit(20)] : [day % 2 === 0 ? cash(50) : credit(25)];
  return giveaway(
    'daily',
    `Daily Winners: ${prizes[0]?.title}`,
    new Date(closesAt.getTime() - DAY_MS),
    closesAt,
    prizes,
  );
}

/**
 * The local demo started again later: a daily giveaway for each of the next Sydney evenings that has
 * none (the engine's sweep closes, draws and pays the ones that have passed meanwhile).
 */
async function topUpDailyGiveaways(tx: DbOrTx, now: Date): Promise<void> {
  const upcoming = await tx
    .select({ closesAt: giveaways.closesAt })
    .from(giveaways)
    .where(and(eq(giveaways.type, 'daily'), gt(giveaways.closesAt, now)));
  const taken = new Set(upcoming.map((g) => g.closesAt.getTime()));
  for (let day = 0; day <= DAILY_DAYS; day++) {
    const next = dailyGiveaway(now, day);
    if (next.closesAt > now && !taken.has(next.closesAt.getTime())) await insertGiveaway(tx, next);
  }
}

export async function seedGiveaways(tx: DbOrTx, now: Date): Promise<void> {
  const [any] = await tx.select({ id: giveaways.id }).from(giveaways).limit(1);
  if (any) {
    await topUpDailyGiveaways(tx, now);
    return;
  }
  await seedDemoMembers(tx, now);

  const made: NewGiveaway[] = [];
  for (let day = -DAILY_DAYS; day <= DAILY_DAYS; day++) made.push(dailyGiveaway(now, day));
  const majorCloses = sydneyEveningAfter(now, -7);
  made.push(
    giveaway(
      'major',
      'Major giveaway: $5,000 cash',
      new Date(majorCloses.getTime() - 28 * DAY_MS),
      majorCloses,
      [cash(5000), cash(500), credit(100)],
    ),
  );
  const monthlyCloses = sydneyEveningAfter(now, 20);
  made.push(
    giveaway(
      'monthly',
      'Monthly giveaway: $1,000 cash',
      new Date(now.getTime() - 10 * DAY_MS),
      monthlyCloses,
      [cash(1000), credit(50)],
    ),
  );
  made.sort((a, b) => a.closesAt.getTime() - b.closesAt.getTime());

  const [, , third] = await demoCustomerIds(tx);
  for (const v of made) {
    const row = await insertGiveaway(tx, v);
    if (third && v.type === 'major') {
      await tx.insert(giveawayUnlocks).values({
        giveawayId: row.id,
        customerId: third,
        state: 'resolved',
        requestedAt: new Date(v.closesAt.getTime() - 3 * DAY_MS),
        resolvedAt: new Date(v.closesAt.getTime() - 2 * DAY_MS),
      });
    }
    if (v.closesAt > now) continue;
    // Closed a minute after its close time and drawn a minute later, as the sweep would have.
    await closeGiveaway(tx, row.id, new Date(v.closesAt.getTime() + 60_000));
    await drawGiveaway(tx, row.id, new Date(v.closesAt.getTime() + 120_000));
    await tx
      .update(giveaways)
      .set({ status: 'paid', paidAt: sql`${giveaways.drawnAt}` })
      .where(
        and(
          eq(giveaways.id, row.id),
          sql`not exists (select 1 from ${giveawayWinners} w where w.giveaway_id = ${row.id})`,
        ),
      );
  }
}

async function demoCustomerIds(tx: DbOrTx): Promise<string[]> {
  const emails = DEMO_CUSTOMERS.map((c) => c.email);
  const rows = await tx
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(inArray(sql`lower(${customers.email})`, emails));
  return emails.flatMap((email) => rows.find((r) => r.email.toLowerCase() === email)?.id ?? []);
}

/** The demo customers as members (kept as they are when they have a membership already). */
async function seedDemoMembers(tx: DbOrTx, now: Date): Promise<void> {
  const [premium, ...free] = await demoCustomerIds(tx);
  if (!premium) return;
  const joinedAt = new Date(now.getTime() - 60 * DAY_MS);
  const startsAt = new Date(now.getTime() - 30 * DAY_MS);
  const premiumUntil = new Date(startsAt.getTime() + 365 * DAY_MS);
  await tx
    .insert(memberships)
    .values([
      { customerId: premium, status: 'member' as const, premiumUntil, joinedAt },
      ...free.map((customerId, i) => ({
        customerId,
        status: 'member' as const,
        joinedAt: new Date(joinedAt.getTime() + (i + 1) * DAY_MS),
      })),
    ])
    .onConflictDoNothing();
  await tx
    .insert(membershipPeriods)
    .values({
      customerId: premium,
      source: 'seed:demo-premium',
      period: 'annually',
      startsAt,
      endsAt: premiumUntil,
    })
    .onConflictDoNothing();
}
