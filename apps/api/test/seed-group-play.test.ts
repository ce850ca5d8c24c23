/**
 * The demo seed's group play, against a database of its own: the demo customers sign in with the
 * demo password and find their promoted lotto party group with an open session on the soonest
 * Powerball draw; the demo syndicates' draws on sale have sold at least half their shares, so they go
 * ahead at their close; a second start changes nothing, a later one opens the session of the draw
 * then on sale; without `demoCustomers` no customer and no giveaway is seeded.
 */
import {
  count,
  createDb,
  customers,
  DEMO_CUSTOMERS,
  DEMO_GROUP_NAME,
  DEMO_LEGACY_CUSTOMERS,
  DEMO_PASSWORD,
  DEMO_SPEND_LIMIT_CUSTOMER,
  draws,
  eq,
  giveaways,
  lottoPartyGroups,
  lottoPartyMembers,
  lottoPartySessions,
  migrateDatabase,
  openDraws,
  seed,
  syndicateDrawShares,
} from '@drawhouse/db';
import { purchasableDraws, syndicateFillOutcome } from '@drawhouse/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { createAppDeps, createMailDeps } from '../src/deps.ts';
import { call } from './accounts-helpers.ts';
import { freshDatabase } from './fresh-database.ts';

const DAY_MS = 86_400_000;

async function demoDatabase(prefix: string) {
  const url = await freshDatabase(prefix);
  await migrateDatabase(url);
  const handle = createDb(url, { max: 4 });
  afterAll(() => handle.close());
  return handle;
}

async function groupPlayCounts(db: Awaited<ReturnType<typeof demoDatabase>>['db']) {
  const [c] = await db.select({ n: count() }).from(customers);
  const [g] = await db.select({ n: count() }).from(lottoPartyGroups);
  const [m] = await db.select({ n: count() }).from(lottoPartyMembers);
  const [s] = await db.select({ n: count() }).from(lottoPartySessions);
  const [d] = await db.select({ n: count() }).from(syndicateDrawShares);
  return { customers: c?.n, groups: g?.n, members: m?.n, sessions: s?.n, syndicateDraws: d?.n };
}

describe('demo seed: group play', () => {
  it('gives the demo customer a promoted group with two members and an open session on the soonest Powerball draw', async () => {
    const handle = await demoDatabase('groupplay');
    const { db } = handle;
    const now = new Date();
    expect(await seed(db, { now, demoCustomers: true })).toBe(true);

    const config = testConfig();
    const mail = await createMailDeps(config);
    const app = await buildApp(createAppDeps(handle, config, mail));
    await app.ready();
    afterAll(async () => {
      await app.close();
      await mail.mailCatcher?.stop();
    });

    const [owner, ...others] = DEMO_CUSTOMERS;
    const signIn = await call(app, '/v2/login', { body: { email: owner.email, password: DEMO_PASSWORD } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const token = signIn.json().result.access_token as string;
    const wrong = await call(app, '/v2/login', {
      body: { email: owner.email, password: 'not-the-password' },
    });
    expect(wrong.statusCode).not.toBe(200);

    const groups = await call(app, '/social/v3/group', { token });
    expect(groups.statusCode, groups.body).toBe(200);
    const [group, ...more] = groups.json().result;
    expect(more).toHaveLength(0);
    expect(group).toMatchObject({
      group_name: DEMO_GROUP_NAME,
      publicity_status: 'promoted',
      is_owner: true,
    });
    expect(group.members.map((m: { display_name: string }) => m.display_name).sort()).toEqual(
      DEMO_CUSTOMERS.map((c) => `${c.firstname} ${c.lastname[0]}.`).sort(),
    );

    const [soonest] = purchasableDraws(await openDraws(db, ['powerball'], now), now);
    expect(group.open_session).toMatchObject({
      status: 'open',
      shares_sold: 0,
      draw: { draw_id: soonest?.draw.id, product_offer_key: 'powerball' },
    });

    // A member signs in too, and anyone discovers the promoted group's session.
    const member = await call(app, '/v2/login', {
      body: { email: others[0]?.email, password: DEMO_PASSWORD },
    });
    expect(member.statusCode, member.body).toBe(200);
    const found = await call(app, `/social/v3/session/discover/draw/${soonest?.draw.id}`, {
      token: member.json().result.access_token,
    });
    expect(found.json().result.map((s: { session_id: string }) => s.session_id)).toEqual([
      group.open_session.session_id,
    ]);

    // Olivia's older account holds a Powerball ticket for that draw, waiting to move in with it.
    const olivia = await call(app, '/v2/login', {
      body: { email: 'olivia@example.com', password: DEMO_PASSWORD },
    });
    const moving = await call(app, '/v2/migration/migrate', {
      token: olivia.json().result.access_token,
      body: {},
    });
    expect(moving.statusCode, moving.body).toBe(202);
    expect(moving.json().result.tickets).toEqual([
      expect.objectContaining({ lottery: 'powerball', draw_no: soonest?.draw.drawNo, status: 'waiting' }),
    ]);
  });

  it("sells at least half of every demo syndicate draw on sale, never over a draw's own count, and a second start changes nothing", async () => {
    const { db } = await demoDatabase('syndshares');
    const now = new Date();
    await seed(db, { now, demoCustomers: true });
    for (const key of ['powerball-syndicate', 'oz-lotto-syndicate']) {
      const onSale = await openDraws(db, [key], now);
      expect(onSale.length).toBeGreaterThan(0);
      for (const draw of onSale) {
        const [row] = await db
          .select()
          .from(syndicateDrawShares)
          .where(eq(syndicateDrawShares.drawId, draw.id));
        if (!row) throw new Error(`no count for ${key} ${draw.drawNo}`);
        expect(syndicateFillOutcome({ sold: row.sharesSold, total: row.totalShares })).toBe(
          'completed_by_house',
        );
        expect(row.sharesSold).toBeLessThan(row.totalShares);
      }
    }

    // A draw that sold shares of its own keeps its count.
    const [sold] = await openDraws(db, ['oz-lotto-syndicate'], now);
    if (!sold) throw new Error('no oz lotto syndicate draw');
    await db
      .update(syndicateDrawShares)
      .set({ sharesSold: 29 })
      .where(eq(syndicateDrawShares.drawId, sold.id));
    const before = await groupPlayCounts(db);
    expect(await seed(db, { now, demoCustomers: true })).toBe(false);
    expect(await groupPlayCounts(db)).toEqual(before);
    const [kept] = await db.select().from(syndicateDrawShares).where(eq(syndicateDrawShares.drawId, sold.id));
    expect(kept?.sharesSold).toBe(29);

    // A start nine days on: the draws then on sale get counts, the group a session on the soonest.
    const later = new Date(now.getTime() + 9 * DAY_MS);
    await seed(db, { now: later, demoCustomers: true });
    for (const draw of await openDraws(db, ['powerball-syndicate'], later)) {
      const [row] = await db
        .select()
        .from(syndicateDrawShares)
        .where(eq(syndicateDrawShares.drawId, draw.id));
      expect(row?.sharesSold).toBeGreaterThanOrEqual((row?.totalShares ?? 0) / 2);
    }
    const [soonest] = purchasableDraws(await openDraws(db, ['powerball'], later), later);
    const sessions = await db
      .select({ drawId: lottoPartySessions.drawId })
      .from(lottoPartySessions)
      .innerJoin(draws, eq(draws.id, lottoPartySessions.drawId));
    expect(sessions.map((s) => s.drawId)).toContain(soonest?.draw.id);
    // The demo customers, those with an account of the older shop to move in, and Sadie (asked for a spend limit).
    expect((await groupPlayCounts(db)).customers).toBe(
      DEMO_CUSTOMERS.length + DEMO_LEGACY_CUSTOMERS.length + 1,
    );
    expect(
      await db.select().from(customers).where(eq(customers.email, DEMO_SPEND_LIMIT_CUSTOMER.email)),
    ).toHaveLength(1);
  });

  it('seeds no customer, no group and no giveaway (its prizes would be paid) without demoCustomers', async () => {
    const { db } = await demoDatabase('nodemo');
    await seed(db, { now: new Date() });
    await seed(db, { now: new Date(Date.now() + 3 * DAY_MS) });
    const counts = await groupPlayCounts(db);
    expect(counts).toMatchObject({ customers: 0, groups: 0, sessions: 0 });
    expect(counts.syndicateDraws).toBeGreaterThan(0);
    const [g] = await db.select({ n: count() }).from(giveaways);
    expect(g?.n).toBe(0);
  });
});
