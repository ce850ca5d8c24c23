/**
 * Daily Winners on the rewards service: the programme's config, a customer's membership (joining
 * free, from the deposit page, leaving; asked twice, the same answer), unlocking a premium giveaway
 * (pending, resolved by this month's purchase, refused when closed, not a member or not needed), the
 * header dot's visit, the benefits link and its check, the customer's giveaway lists (only their
 * own), a giveaway's public page with its proof and winners, and bad bodies changing nothing.
 */
import { randomUUID } from 'node:crypto';
import { customers, eq, giveawayEntries, giveawayUnlocks, giveawayWinners, memberships } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { drainOutbox, getTestApp, getTestDb } from './helpers.ts';
import { insertTestGiveaway, rewardsCalls } from './membership-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const shop = checkoutCalls(app);

const membershipRow = async (customerId: string) =>
  (await db.select().from(memberships).where(eq(memberships.customerId, customerId)))[0];

describe('the programme', () => {
  it('answers its config with the membership offer’s periods and prices, to anyone', async () => {
    const res = await rewardsCalls(app, null).get('/v4/config');
    expect(res.statusCode, res.body).toBe(200);
    const config = res.json().result;
    expect(config).toMatchObject({
      program_id: 'daily_winners',
      program_url: 'daily-winners',
      membership_offer_key: 'daily-winners',
      page_limit: 9,
    });
    expect(config.premium_offers[0]).toEqual({
      key: 'daily-winners-monthly',
      name: 'Monthly',
      period: 'monthly',
      price: { amount: 10, currency: 'AUD' },
    });
    expect(config.giveaway_types).toContainEqual({ type: 'major', name: 'Major giveaway', tier: 'premium' });
  });

  it('is not offered to a segment without the membership capability', async () => {
    const customer = await newCustomer(app);
    await db.update(customers).set({ segmentName: 'lite' }).where(eq(customers.id, customer.id));
    const res = await rewardsCalls(app, customer).get('/v3/customer');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('membership_program_unavailable');
  });
});

describe('joining and leaving', () => {
  it('joins free, answers the same when asked again, and leaves saying what was lost', async () => {
    const customer = await newCustomer(app);
    const calls = rewardsCalls(app, customer);
    const open = await insertTestGiveaway(db);
    const before = (await calls.get('/v3/customer')).json().result;
    expect(before).toMatchObject({
      status: 'non-member',
      tier: 'free',
      eligibility: 'eligible',
      entries: [],
    });
    expect(before.show_dot).toBe(true);

    const joined = await calls.join();
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().result).toMatchObject({ status: 'member', tier: 'free', changed: true });
    expect(joined.json().result.entries).toContainEqual(
      expect.objectContaining({ id: open.id, entry_status: 'unlocked' }),
    );
    const row = await membershipRow(customer.id);
    expect(row?.joinedAt).toBeInstanceOf(Date);

    const again = await calls.join();
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toMatchObject({ status: 'member', changed: false });
    expect((await membershipRow(customer.id))?.joinedAt).toEqual(row?.joinedAt);

    const left = await calls.leave();
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().result).toMatchObject({ status: 'non-member', changed: true, entries: [] });
    expect(left.json().result.lost).toContain('Entries in the daily giveaways from tomorrow on.');
    expect((await calls.leave()).json().result).toMatchObject({ changed: false, lost: [] });
  });

  it('waits for a deposit when joining from the deposit page', async () => {
    const customer = await newCustomer(app);
    const calls = rewardsCalls(app, customer);
    const res = await calls.join('deposit');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.status).toBe('pending-deposit');
    expect((await calls.join('deposit')).json().result).toMatchObject({
      status: 'pending-deposit',
      changed: false,
    });
  });

  it('never lets a locked account join: it is not signed in, and nothing is written', async () => {
    const customer = await newCustomer(app);
    const calls = rewardsCalls(app, customer);
    await db.update(customers).set({ status: 'locked' }).where(eq(customers.id, customer.id));
    expect((await calls.get('/v3/customer')).statusCode).toBe(401);
    expect((await calls.join()).statusCode).toBe(401);
    expect(await membershipRow(customer.id)).toBeUndefined();
  });

  it('answers bad bodies with field errors and changes nothing', async () => {
    const customer = await newCustomer(app);
    const calls = rewardsCalls(app, customer);
    const bodies = [
      { membership_program: 'other', membership_status: 'member' },
      { membership_program: 'daily_winners', membership_status: 'gold' },
      { membership_program: 'daily_winners', membership_status: 'member', metadata: { join: 'card' } },
      { membership_program: 'daily_winners', membership_status: 'member', metadata: { other: 1 } },
      {},
    ];
    for (const body of bodies) {
      const res = await calls.put('/membership', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      expect(Object.keys(res.json().errors ?? {}).length).toBeGreaterThan(0);
    }
    expect(await membershipRow(customer.id)).toBeUndefined();
  });

  it('refuses an API version before 3.2 for the membership change', async () => {
    const customer = await newCustomer(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/rewards/membership',
      headers: { authorization: `Bearer ${customer.access_token}`, 'x-api-version': '1.0' },
      payload: { membership_program: 'daily_winners', membership_status: 'member' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('unsupported_version');
  });
});

describe('unlocking a premium giveaway', () => {
  it('is pending without a purchase this month, and resolved by the next purchase', async () => {
    const customer = await newCustomer(app);
    const calls = rewardsCalls(app, customer);
    await calls.join();
    const major = await insertTestGiveaway(db, { type: 'major' });
    const listed = (await calls.get('/v3/customer')).json().result;
    expect(listed.entries).toContainEqual(
      expect.objectContaining({ id: major.id, entry_status: 'locked', unlock: null }),
    );
    expect(listed.show_dot).toBe(true);

    const res = await calls.put(`/v3/draws/${major.id}`, { entry_status: 'unlocked' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ id: major.id, entry_status: 'locked', unlock: 'pending' });
    // Asked again: the same pending unlock.
    expect(
      (await calls.put(`/v3/draws/${major.id}`, { entry_status: 'unlocked' })).json().result.unlock,
    ).toBe('pending');

    await fundWallet(db, customer.id, 10_000);
    expect((await shop.add(customer.access_token, PB_ITEM)).statusCode).toBe(200);
    const due = dueCents(await shop.cart(customer.access_token));
    const bought = await shop.purchase(customer.access_token, { expected_total: aud(due) });
    expect(bought.statusCode, bought.body).toBe(200);
    await drainOutbox(app);

    const [unlock] = await db
      .select()
      .from(giveawayUnlocks)
      .where(eq(giveawayUnlocks.customerId, customer.id));
    expect(unlock).toMatchObject({ giveawayId: major.id, state: 'resolved' });
    const after = (await calls.get('/v3/customer')).json().result;
    expect(after.entries).toContainEqual(
      expect.objectContaining({ id: major.id, entry_status: 'unlocked', unlock: 'resolved' }),
    );
  });

  it('is resolved at once after a purchase this month', async () => {
    const customer = await newCustomer(app);
    const calls = rewardsCalls(app, customer);
    await calls.join();
    await fundWallet(db, customer.id, 10_000);
    await shop.add(customer.access_token, PB_ITEM);
    const due = dueCents(await shop.cart(customer.access_token));
    expect((await shop.purchase(customer.access_token, { expected_total: aud(due) })).statusCode).toBe(200);
    const monthly = await insertTestGiveaway(db, { type: 'monthly' });
    const res = await calls.put(`/v3/draws/${monthly.id}`, { entry_status: 'unlocked' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ entry_status: 'unlocked', unlock: 'resolved' });
  });

  it('refuses a closed giveaway, a non-member and an entry already open, writing nothing', async () => {
    const member = await newCustomer(app);
    await rewardsCalls(app, member).join();
    const stranger = await newCustomer(app);
    const major = await insertTestGiveaway(db, { type: 'major' });
    const closed = await insertTestGiveaway(db, {
      type: 'major',
      opensAt: new Date(Date.now() - 48 * 3_600_000),
      closesAt: new Date(Date.now() - 3_600_000),
    });
    const daily = await insertTestGiveaway(db, { type: 'daily' });
    const cases: [typeof member, string, number, string][] = [
      [member, closed.id, 409, 'unlock_closed'],
      [stranger, major.id, 422, 'unlock_not_member'],
      [member, daily.id, 409, 'unlock_not_needed'],
    ];
    for (const [who, id, status, code] of cases) {
      const res = await rewardsCalls(app, who).put(`/v3/draws/${id}`, { entry_status: 'unlocked' });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message).toMatch(/\./);
    }
    for (const who of [member, stranger]) {
      expect(await db.select().from(giveawayUnlocks).where(eq(giveawayUnlocks.customerId, who.id))).toEqual(
        [],
      );
    }
  });

  it('answers 404 for an unknown id or one that is not an id, and 400 for a bad body', async () => {
    const customer = await newCustomer(app);
    const calls = rewardsCalls(app, customer);
    await calls.join();
    for (const id of [randomUUID(), 'not-an-id']) {
      const res = await calls.put(`/v3/draws/${id}`, { entry_status: 'unlocked' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('giveaway_not_found');
    }
    const major = await insertTestGiveaway(db, { type: 'major' });
    const bad = await calls.put(`/v3/draws/${major.id}`, { entry_status: 'guaranteed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.entry_status).toBeDefined();
    expect(
      await db.select().from(giveawayUnlocks).where(eq(giveawayUnlocks.customerId, customer.id)),
    ).toEqual([]);
  });
});

describe('the header dot', () => {
  it('shows for a non-member until they visit the programme’s page', async () => {
    const customer = await newCustomer(app);
    const calls = rewardsCalls(app, customer);
    expect((await calls.get('/v3/customer')).json().result.show_dot).toBe(true);
    const visited = await calls.post('/v3/customer/visited');
    expect(visited.statusCode, visited.body).toBe(200);
    expect(visited.json().result).toMatchObject({ status: 'non-member', show_dot: false });
    expect((await membershipRow(customer.id))?.visitedAt).toBeInstanceOf(Date);
  });
});

describe('benefits', () => {
  it('links to the benefits page with a signed token the page checks, and refuses an altered one', async () => {
    const customer = await newCustomer(app);
    const res = await rewardsCalls(app, customer).get('/v3/benefits');
    expect(res.statusCode, res.body).toBe(200);
    const { sso_url: ssoUrl, benefits } = res.json().result;
    expect(benefits.length).toBeGreaterThan(0);
    const url = new URL(ssoUrl);
    expect(url.pathname).toBe('/daily-winners/benefits');
    const token = url.searchParams.get('token') ?? '';
    const session = await rewardsCalls(app, null).get(
      `/v3/benefits/session?token=${encodeURIComponent(token)}`,
    );
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().result).toMatchObject({ status: 'non-member', tier: 'free' });

    // The page's own check, signed in: the customer's live link opens it, another customer's does not.
    const mine = await rewardsCalls(app, customer).get(`/v3/benefits?token=${encodeURIComponent(token)}`);
    expect(mine.statusCode, mine.body).toBe(200);
    const other = await newCustomer(app);
    const theirs = await rewardsCalls(app, other).get(`/v3/benefits?token=${encodeURIComponent(token)}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('benefits_link_invalid');
    const forged = `${other.id}${token.slice(token.indexOf('.'))}`;
    for (const bad of [forged, `${token}x`, 'nonsense']) {
      const refused = await rewardsCalls(app, null).get(
        `/v3/benefits/session?token=${encodeURIComponent(bad)}`,
      );
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe('benefits_link_invalid');
    }
  });
});

describe('giveaway lists', () => {
  it('lists only the customer’s own closed entries, with entry number and prize, paged by 9', async () => {
    const alice = await newCustomer(app);
    const bob = await newCustomer(app);
    await rewardsCalls(app, alice).join();
    await rewardsCalls(app, bob).join();
    const drawn = await insertTestGiveaway(db, {
      type: 'daily',
      opensAt: new Date(Date.now() - 48 * 3_600_000),
      closesAt: new Date(Date.now() - 24 * 3_600_000),
      status: 'drawn',
      entries: 2,
      winningEntries: [2],
      drawnAt: new Date(),
    });
    await db.insert(giveawayEntries).values([
      { giveawayId: drawn.id, customerId: alice.id, entryNumber: 1, entryStatus: 'unlocked' },
      { giveawayId: drawn.id, customerId: bob.id, entryNumber: 2, entryStatus: 'unlocked' },
    ]);
    await db.insert(giveawayWinners).values({
      giveawayId: drawn.id,
      prizeIndex: 0,
      customerId: bob.id,
      entryNumber: 2,
      title: 'Cash',
      amountCents: 10_000,
      kind: 'cash',
    });

    const aliceClosed = await rewardsCalls(app, alice).get('/v3/giveaways?state=closed');
    expect(aliceClosed.statusCode, aliceClosed.body).toBe(200);
    expect(aliceClosed.json().page_info).toEqual({ offset: 0, limit: 9, total: 1 });
    expect(aliceClosed.json().result).toEqual([
      expect.objectContaining({ id: drawn.id, entry_number: 1, won: null, state: 'drawn' }),
    ]);
    const bobClosed = (await rewardsCalls(app, bob).get('/v3/giveaways?state=closed')).json().result;
    expect(bobClosed).toEqual([
      expect.objectContaining({
        id: drawn.id,
        entry_number: 2,
        won: { title: 'Cash', amount: { amount: 100, currency: 'AUD' }, kind: 'cash' },
      }),
    ]);

    const open = await insertTestGiveaway(db);
    const current = (await rewardsCalls(app, alice).get('/v3/giveaways?state=current&limit=50')).json();
    expect(current.result.map((g: { id: string }) => g.id)).toContain(open.id);
    const stranger = await newCustomer(app);
    const none = (await rewardsCalls(app, stranger).get('/v3/giveaways?state=current')).json();
    expect(none).toMatchObject({ result: [], page_info: { total: 0 } });
    const bad = await rewardsCalls(app, alice).get('/v3/giveaways?state=everything&limit=0');
    expect(bad.statusCode).toBe(400);
  });

  it('shows a giveaway in public with its commitment, and the seed and winners once drawn', async () => {
    const winner = await newCustomer(app);
    const shy = await newCustomer(app);
    await db
      .update(customers)
      .set({ winnerPublicity: 'first_name_suburb' })
      .where(eq(customers.id, winner.id));
    const drawn = await insertTestGiveaway(db, {
      type: 'special',
      opensAt: new Date(Date.now() - 48 * 3_600_000),
      closesAt: new Date(Date.now() - 24 * 3_600_000),
      status: 'drawn',
      entries: 2,
      winningEntries: [1, 2],
      drawnAt: new Date(),
      prizes: [
        { title: 'First', amountCents: 5_000, kind: 'cash' },
        { title: 'Second', amountCents: 1_000, kind: 'credit' },
      ],
    });
    await db.insert(giveawayEntries).values([
      { giveawayId: drawn.id, customerId: winner.id, entryNumber: 1, entryStatus: 'unlocked' },
      { giveawayId: drawn.id, customerId: shy.id, entryNumber: 2, entryStatus: 'unlocked' },
    ]);
    await db.insert(giveawayWinners).values([
      {
        giveawayId: drawn.id,
        prizeIndex: 0,
        customerId: winner.id,
        entryNumber: 1,
        title: 'First',
        amountCents: 5_000,
        kind: 'cash',
      },
      {
        giveawayId: drawn.id,
        prizeIndex: 1,
        customerId: shy.id,
        entryNumber: 2,
        title: 'Second',
        amountCents: 1_000,
        kind: 'credit',
      },
    ]);
    const [row] = await db.select().from(customers).where(eq(customers.id, winner.id));
    const res = await rewardsCalls(app, null).get(`/v3/giveaways/special/${drawn.number}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().result;
    expect(detail.proof).toMatchObject({
      commitment: drawn.commitment,
      seed: drawn.seed.toString('hex'),
      entries: 2,
      winning_entries: [1, 2],
    });
    expect(detail.winners).toEqual([
      expect.objectContaining({ first_name: row?.firstname, suburb: row?.suburb, entry_number: 1 }),
      expect.objectContaining({ first_name: 'A member', suburb: null, state: null, entry_number: 2 }),
    ]);

    const open = await insertTestGiveaway(db, { type: 'preview' });
    const openDetail = (await rewardsCalls(app, null).get(`/v3/giveaways/preview/${open.number}`)).json()
      .result;
    expect(openDetail.proof.commitment).toBe(open.commitment);
    expect(openDetail.proof.seed).toBeUndefined();
    expect(openDetail.winners).toEqual([]);

    for (const url of [
      '/v3/giveaways/lucky/1',
      '/v3/giveaways/special/999999999',
      '/v3/giveaways/special/x',
    ]) {
      const missing = await rewardsCalls(app, null).get(url);
      expect(missing.statusCode, url).toBe(404);
    }

    const winners = (await rewardsCalls(app, null).get('/v3/winners?limit=50')).json();
    expect(winners.page_info.total).toBeGreaterThanOrEqual(2);
    expect(
      winners.result.filter(
        (w: { giveaway_type: string; giveaway_number: number }) =>
          w.giveaway_type === drawn.type && w.giveaway_number === drawn.number,
      ),
    ).toHaveLength(2);

    const draws = (await rewardsCalls(app, null).get('/v3/draws')).json().result;
    expect(draws.map((g: { id: string }) => g.id)).toContain(open.id);
    expect(draws.map((g: { id: string }) => g.id)).not.toContain(drawn.id);
  });
});
