/**
 * The customer's recurring purchases calls: autoplays, subscriptions and combined purchases (lists,
 * details, status changes by the table, minimum jackpot, quick pick, subscription edits priced by the
 * catalogue), scheduled purchases and their cancel, payment resolutions and the recurring purchase
 * method. Rows are written directly; every refusal is checked to leave the row as it was.
 */
import { randomUUID } from 'node:crypto';
import {
  eq,
  funds,
  gameOfferPrices,
  openDraws,
  recurringPurchaseAttempts,
  recurringPurchases,
  scheduledPurchases,
} from '@drawhouse/db';
import { entryPriceCents } from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { lotteryPayload } from './cart-helpers.ts';
import { fundWallet } from './checkout-helpers.ts';
import { insertTicket } from './draws-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();

type Method = 'GET' | 'POST' | 'PATCH';
const as = (customer: TestCustomer, method: Method, url: string, body?: unknown) =>
  call(app, url, { token: customer.access_token, method, ...(body !== undefined ? { body } : {}) });
const form = (customer: TestCustomer, url: string, fields: Record<string, string>) =>
  call(app, url, {
    token: customer.access_token,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

const DAY = 86_400_000;
type RecurringInsert = typeof recurringPurchases.$inferInsert;

async function autoplay(customerId: string, overrides: Partial<RecurringInsert> = {}) {
  const [row] = await db
    .insert(recurringPurchases)
    .values({
      customerId,
      type: 'autoplay',
      productType: 'lottery_ticket',
      productOfferKey: 'powerball',
      payload: lotteryPayload(),
      unitPriceCents: 135,
      ...overrides,
    })
    .returning();
  return row!;
}

const raffleSubscription = (customerId: string, overrides: Partial<RecurringInsert> = {}) =>
  autoplay(customerId, {
    type: 'subscription',
    productType: 'raffle_ticket',
    productOfferKey: 'coastal-prize-home',
    payload: {
      numTickets: 10,
      causeKey: 'coastal-kids',
      description: 'Coastal Prize Home: 10 tickets',
      purchaseStatus: 'open',
      drawDate: new Date(Date.now() + 30 * DAY).toISOString(),
    },
    unitPriceCents: 5_000,
    ...overrides,
  });

const membership = (customerId: string) =>
  autoplay(customerId, {
    type: 'subscription',
    productType: 'membership',
    productOfferKey: 'daily-winners',
    payload: {
      description: 'Daily Winners Club: Monthly membership',
      gameType: 'deferred',
      membershipProgram: 'daily-winners',
      membershipOffer: 'daily-winners-monthly',
      membershipOfferName: 'Monthly',
    },
    billingPeriod: 'monthly',
    unitPriceCents: 1_000,
  });

const rowOf = async (id: string) =>
  (await db.select().from(recurringPurchases).where(eq(recurringPurchases.id, id)))[0]!;

/** Calls `refused` and checks its status and that the row did not change. */
async function refusedUnchanged(
  id: string,
  status: number,
  refused: () => Promise<{ statusCode: number; body: string }>,
) {
  const before = await rowOf(id);
  const res = await refused();
  expect(res.statusCode, res.body).toBe(status);
  expect(JSON.parse(res.body).error.status).toBe(status);
  expect(await rowOf(id)).toEqual(before);
  return JSON.parse(res.body);
}

describe('reading recurring purchases', () => {
  it('needs a signed-in customer', async () => {
    for (const url of [
      '/v2/autoplay',
      '/v2/subscriptions',
      '/v2/scheduled-purchases',
      '/v2/payment_resolutions',
    ]) {
      expect((await call(app, url)).statusCode, url).toBe(401);
    }
  });

  it("lists autoplays, subscriptions and all of them, only the customer's, with pages and filters", async () => {
    const alice = await newCustomer(app);
    const bob = await newCustomer(app);
    const play = await autoplay(alice.id, { minimumJackpotCents: 2_000_000_000 });
    const raffle = await raffleSubscription(alice.id);
    const member = await membership(alice.id);
    await autoplay(bob.id);

    const plays = (await as(alice, 'GET', '/v2/autoplay')).json();
    expect(plays.page_info).toEqual({ offset: 0, limit: 10, total: 1 });
    expect(plays.result).toHaveLength(1);
    expect(plays.result[0]).toMatchObject({
      autoplay_id: play.id,
      lottery_id: 'powerball',
      product_type: 'lottery_ticket',
      type: 'autoplay',
      status: 'active',
      number_of_games: 1,
      game_offer_name: expect.any(String),
      minimum_jackpot_amount: { amount: 20_000_000, currency: 'AUD' },
      frequency_label: 'Jackpots $20 million and over',
      price: { amount: 1.35, currency: 'AUD' },
      default_fund: { kind: 'unfunded', key: 'wallet' },
      last_attempt_status: null,
    });

    const subs = (await as(alice, 'GET', '/v2/subscriptions')).json();
    expect(subs.result.map((s: { autoplay_id: string }) => s.autoplay_id).sort()).toEqual(
      [raffle.id, member.id].sort(),
    );
    const byId = Object.fromEntries(subs.result.map((s: { autoplay_id: string }) => [s.autoplay_id, s]));
    expect(byId[raffle.id]).toMatchObject({
      raffle_offer_key: 'coastal-prize-home',
      number_of_tickets: 10,
      cause_key: 'coastal-kids',
      frequency_label: 'Every draw',
    });
    expect(byId[member.id]).toMatchObject({
      membership_program: 'daily-winners',
      membership_offer_name: 'Monthly',
      billing_period: 'monthly',
      frequency_label: 'Monthly',
    });

    const filtered = (
      await as(alice, 'GET', '/v2/subscriptions?lottery_keys=coastal-prize-home,nothing')
    ).json();
    expect((await as(alice, 'GET', '/v2/subscriptions?lottery_keys=')).json().page_info.total).toBe(2);
    expect(filtered.result.map((s: { autoplay_id: string }) => s.autoplay_id)).toEqual([raffle.id]);

    const all = (await as(alice, 'GET', '/v2/recurring_purchases?limit=2&offset=0')).json();
    expect(all.page_info).toEqual({ offset: 0, limit: 2, total: 3 });
    expect(all.result).toHaveLength(2);

    expect((await as(alice, 'GET', `/v2/autoplay/${play.id}`)).json().result.autoplay_id).toBe(play.id);
    expect((await as(alice, 'GET', `/v2/subscriptions/${raffle.id}`)).json().result.autoplay_id).toBe(
      raffle.id,
    );
  });

  it('gives as next draw the first draw on sale it has not bought yet, not the one its checkout bought', async () => {
    const alice = await newCustomer(app);
    const play = await autoplay(alice.id);
    const [first, second, third] = await openDraws(db, ['powerball'], new Date());
    if (!first || !second || !third) throw new Error('the seed has three Powerball draws on sale');
    const nextDrawOf = async () =>
      (await as(alice, 'GET', `/v2/autoplay/${play.id}`)).json().result.next_draw_date;
    expect(await nextDrawOf()).toBe(first.drawAt.toISOString());
    // The order its checkout bought, with its ticket (a whole order, as ledger:check expects of the
    // shared database).
    const { ticket } = await insertTicket(db, first, [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [1] }], {
      customerId: alice.id,
    });
    const order = { id: ticket.orderId };
    const attempt = (drawId: string, status: 'purchased' | 'soft_failure') =>
      db.insert(recurringPurchaseAttempts).values({
        recurringPurchaseId: play.id,
        customerId: alice.id,
        drawId,
        periodKey: drawId,
        status,
        orderId: status === 'purchased' ? order?.id : null,
      });
    // Its checkout bought the first draw: the next one it buys is the second.
    await attempt(first.id, 'purchased');
    expect(await nextDrawOf()).toBe(second.drawAt.toISOString());
    // A draw it only failed softly for is still ahead of it.
    await attempt(second.id, 'soft_failure');
    expect(await nextDrawOf()).toBe(second.drawAt.toISOString());
  });

  it("answers 404 for another customer's id, a wrong type and a malformed id", async () => {
    const alice = await newCustomer(app);
    const bob = await newCustomer(app);
    const play = await autoplay(alice.id);
    const raffle = await raffleSubscription(alice.id);
    for (const url of [
      `/v2/autoplay/${play.id}`,
      `/v2/subscriptions/${raffle.id}`,
      `/v2/autoplay/${randomUUID()}`,
      '/v2/autoplay/not-an-id',
    ]) {
      const res = await as(bob, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('recurring_purchase_not_found');
    }
    expect((await as(alice, 'GET', `/v2/autoplay/${raffle.id}`)).statusCode).toBe(404);
    expect((await as(alice, 'GET', `/v2/subscriptions/${play.id}`)).statusCode).toBe(404);
  });

  it('refuses a bad page', async () => {
    const alice = await newCustomer(app);
    for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      expect((await as(alice, 'GET', `/v2/autoplay?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('status changes', () => {
  it('pauses indefinitely, resumes, pauses until a date and cancels', async () => {
    const alice = await newCustomer(app);
    const play = await autoplay(alice.id);
    const paused = await as(alice, 'POST', `/v2/autoplay/${play.id}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().result).toMatchObject({ status: 'paused', paused_until: null });

    const resumed = await as(alice, 'POST', `/v2/autoplay/${play.id}/unpause`);
    expect(resumed.json().result.status).toBe('active');

    const until = new Date(Date.now() + 10 * DAY).toISOString();
    const timed = await as(alice, 'POST', `/v2/autoplay/${play.id}/pause`, { paused_until: until });
    expect(timed.json().result).toMatchObject({ status: 'timed_paused', paused_until: until });
    expect((await rowOf(play.id)).pausedUntil?.toISOString()).toBe(until);

    const raffle = await raffleSubscription(alice.id);
    const cancelled = await as(alice, 'PATCH', `/v2/subscriptions/${raffle.id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().result.status).toBe('cancelled');
    expect((await rowOf(raffle.id)).cancelledAt).not.toBeNull();

    const later = new Date(Date.now() + 20 * DAY).toISOString();
    const moved = await as(alice, 'PATCH', `/v2/autoplay/${play.id}`, {
      status: 'timed_paused',
      paused_until: later,
    });
    expect(moved.json().result).toMatchObject({ status: 'timed_paused', paused_until: later });
    await refusedUnchanged(play.id, 400, () =>
      as(alice, 'PATCH', `/v2/autoplay/${play.id}/status`, {
        status: 'timed_paused',
        paused_until: new Date(Date.now() - DAY).toISOString(),
      }),
    );

    const viaStatus = await as(alice, 'PATCH', `/v2/autoplay/${play.id}/status`, {
      status: 'paused',
      paused_until: null,
    });
    expect(viaStatus.json().result).toMatchObject({ status: 'paused', paused_until: null });
  });

  it('refuses pause dates in the past, years ahead or unreadable, changing nothing', async () => {
    const alice = await newCustomer(app);
    const play = await autoplay(alice.id);
    for (const date of [
      new Date(Date.now() - DAY).toISOString(),
      new Date(Date.now() + 3 * 365 * DAY).toISOString(),
      'next tuesday',
    ]) {
      const body = await refusedUnchanged(play.id, 400, () =>
        as(alice, 'PATCH', `/v2/autoplay/${play.id}/status`, { status: 'timed_paused', paused_until: date }),
      );
      expect(body.errors.paused_until[0].message, date).toEqual(expect.any(String));
      await refusedUnchanged(play.id, 400, () =>
        as(alice, 'POST', `/v2/autoplay/${play.id}/pause`, { paused_until: date }),
      );
    }
    await refusedUnchanged(play.id, 400, () =>
      as(alice, 'PATCH', `/v2/autoplay/${play.id}/status`, { status: 'timed_paused' }),
    );
    await refusedUnchanged(play.id, 400, () =>
      as(alice, 'PATCH', `/v2/autoplay/${play.id}/status`, { status: 'on_hold' }),
    );
  });

  it('refuses moves not in the table: cancelled to active, active to active', async () => {
    const alice = await newCustomer(app);
    const play = await autoplay(alice.id);
    const same = await refusedUnchanged(play.id, 409, () =>
      as(alice, 'POST', `/v2/autoplay/${play.id}/unpause`),
    );
    expect(same.error.code).toBe('status_change_refused');
    const gone = await autoplay(alice.id, { status: 'cancelled', cancelledAt: new Date() });
    for (const status of ['active', 'paused']) {
      const body = await refusedUnchanged(gone.id, 409, () =>
        as(alice, 'PATCH', `/v2/autoplay/${gone.id}/status`, { status }),
      );
      expect(body.error.message).toBe('A cancelled recurring purchase cannot be changed.');
    }
    await refusedUnchanged(gone.id, 409, () => as(alice, 'POST', `/v2/autoplay/${gone.id}/unpause`));
    await refusedUnchanged(gone.id, 409, () =>
      form(alice, `/v2/autoplay/${gone.id}/set-minimum-jackpot`, { minimum_jackpot_amount: '1000000' }),
    );
  });

  it('answers 404 to another customer for every change, changing nothing', async () => {
    const alice = await newCustomer(app);
    const bob = await newCustomer(app);
    const play = await autoplay(alice.id);
    const raffle = await raffleSubscription(alice.id);
    const until = new Date(Date.now() + 5 * DAY).toISOString();
    await refusedUnchanged(play.id, 404, () => as(bob, 'POST', `/v2/autoplay/${play.id}/pause`));
    await refusedUnchanged(play.id, 404, () => as(bob, 'POST', `/v2/autoplay/${play.id}/unpause`));
    await refusedUnchanged(play.id, 404, () =>
      as(bob, 'PATCH', `/v2/autoplay/${play.id}/status`, { status: 'timed_paused', paused_until: until }),
    );
    await refusedUnchanged(play.id, 404, () =>
      as(bob, 'PATCH', `/v2/autoplay/${play.id}`, { quickpick: true }),
    );
    await refusedUnchanged(play.id, 404, () =>
      form(bob, `/v2/autoplay/${play.id}/set-minimum-jackpot`, { minimum_jackpot_amount: '1000000' }),
    );
    await refusedUnchanged(play.id, 404, () =>
      form(bob, `/v2/autoplay/${play.id}/set-quickpick`, { quickpick: 'true' }),
    );
    await refusedUnchanged(raffle.id, 404, () =>
      as(bob, 'PATCH', `/v2/subscriptions/${raffle.id}/status`, { status: 'cancelled' }),
    );
    await refusedUnchanged(raffle.id, 404, () =>
      as(bob, 'PATCH', `/v2/subscriptions/${raffle.id}`, { cause_key: 'coastal-kids' }),
    );
  });
});

describe('autoplay settings', () => {
  it('sets and clears the minimum jackpot and quick pick from forms', async () => {
    const alice = await newCustomer(app);
    const play = await autoplay(alice.id);
    const set = await form(alice, `/v2/autoplay/${play.id}/set-minimum-jackpot`, {
      minimum_jackpot_amount: '30000000',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().result).toMatchObject({
      minimum_jackpot_amount: { amount: 30_000_000, currency: 'AUD' },
      frequency_label: 'Jackpots $30 million and over',
    });
    expect((await rowOf(play.id)).minimumJackpotCents).toBe(3_000_000_000);

    const cleared = await form(alice, `/v2/autoplay/${play.id}/set-minimum-jackpot`, {
      minimum_jackpot_amount: '',
    });
    expect(cleared.json().result).toMatchObject({ minimum_jackpot_amount: null, frequency_label: 'Weekly' });

    const quick = await form(alice, `/v2/autoplay/${play.id}/set-quickpick`, { quickpick: 'true' });
    expect(quick.json().result.quickpick).toBe(true);
    expect((await rowOf(play.id)).quickpick).toBe(true);
    // JSON takes the boolean itself.
    const off = await call(app, `/v2/autoplay/${play.id}/set-quickpick`, {
      token: alice.access_token,
      method: 'POST',
      body: { quickpick: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await rowOf(play.id)).quickpick).toBe(false);
    const on = await call(app, `/v2/autoplay/${play.id}/set-quickpick`, {
      token: alice.access_token,
      method: 'POST',
      body: { quickpick: true },
    });
    expect(on.json().result.quickpick).toBe(true);
  });

  it('refuses negative, zero, absurd and malformed minimum jackpots and a bad quick pick, changing nothing', async () => {
    const alice = await newCustomer(app);
    const play = await autoplay(alice.id, { minimumJackpotCents: 1_000_000_000 });
    for (const amount of ['-5', '0', '500000000.01', '1e12', 'lots', '10.001']) {
      const body = await refusedUnchanged(play.id, 400, () =>
        form(alice, `/v2/autoplay/${play.id}/set-minimum-jackpot`, { minimum_jackpot_amount: amount }),
      );
      expect(body.errors.minimum_jackpot_amount, amount).toBeDefined();
    }
    await refusedUnchanged(play.id, 400, () =>
      as(alice, 'PATCH', `/v2/autoplay/${play.id}`, { minimum_jackpot_amount: -100 }),
    );
    await refusedUnchanged(play.id, 400, () =>
      form(alice, `/v2/autoplay/${play.id}/set-quickpick`, { quickpick: 'maybe' }),
    );
  });

  it('changes several fields at once with PATCH, or none when one is refused', async () => {
    const alice = await newCustomer(app);
    const play = await autoplay(alice.id);
    const res = await as(alice, 'PATCH', `/v2/autoplay/${play.id}`, {
      quickpick: true,
      minimum_jackpot_amount: 5_000_000,
      status: 'paused',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      quickpick: true,
      minimum_jackpot_amount: { amount: 5_000_000 },
      status: 'paused',
    });
    await refusedUnchanged(play.id, 400, () =>
      as(alice, 'PATCH', `/v2/autoplay/${play.id}`, { quickpick: false, minimum_jackpot_amount: 0 }),
    );
    await refusedUnchanged(play.id, 400, () =>
      as(alice, 'PATCH', `/v2/autoplay/${play.id}`, { quickpick: false, unknown_field: 1 }),
    );
    const syndicate = await autoplay(alice.id, {
      productType: 'syndicate_share',
      productOfferKey: 'oz-lotto-syndicate',
    });
    await refusedUnchanged(syndicate.id, 400, () =>
      as(alice, 'PATCH', `/v2/autoplay/${syndicate.id}`, { quickpick: true }),
    );
  });
});

describe('PATCH /v2/subscriptions/{id}', () => {
  it("changes a raffle subscription's cause and refuses an unknown one or a game offer, changing nothing", async () => {
    const alice = await newCustomer(app);
    const raffle = await raffleSubscription(alice.id);
    const ok = await as(alice, 'PATCH', `/v2/subscriptions/${raffle.id}`, { cause_key: 'coastal-kids' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result).toMatchObject({ cause_key: 'coastal-kids', number_of_tickets: 10 });
    await refusedUnchanged(raffle.id, 400, () =>
      as(alice, 'PATCH', `/v2/subscriptions/${raffle.id}`, { cause_key: 'bush-rescue' }),
    );
    await refusedUnchanged(raffle.id, 400, () =>
      as(alice, 'PATCH', `/v2/subscriptions/${raffle.id}`, { game_offer: 'powerball-standard' }),
    );
    await refusedUnchanged(raffle.id, 400, () => as(alice, 'PATCH', `/v2/subscriptions/${raffle.id}`, {}));
  });

  it("moves a membership to another billing period at the catalogue's price, and refuses an unknown offer", async () => {
    const alice = await newCustomer(app);
    const member = await membership(alice.id);
    const res = await as(alice, 'PATCH', `/v2/subscriptions/${member.id}`, {
      game_offer: 'daily-winners-annually',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      membership_offer: 'daily-winners-annually',
      membership_offer_name: 'Yearly',
      billing_period: 'annually',
      price: { amount: 96, currency: 'AUD' },
    });
    const row = await rowOf(member.id);
    expect([row.unitPriceCents, row.billingPeriod]).toEqual([9_600, 'annually']);
    await refusedUnchanged(member.id, 400, () =>
      as(alice, 'PATCH', `/v2/subscriptions/${member.id}`, { game_offer: 'daily-winners-weekly' }),
    );
    await refusedUnchanged(member.id, 400, () =>
      as(alice, 'PATCH', `/v2/subscriptions/${member.id}`, { num_games: 3 }),
    );
  });
});

describe('PATCH /v2/subscriptions/{id} of a lottery entry', () => {
  it('re-prices more games by the catalogue, quick-picking the new ones, and refuses an unknown game offer', async () => {
    const alice = await newCustomer(app);
    const combined = await autoplay(alice.id, { type: 'combined_recurring_purchase', groupId: randomUUID() });
    const res = await as(alice, 'PATCH', `/v2/subscriptions/${combined.id}`, { num_games: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const prices = await db
      .select({ games: gameOfferPrices.games, priceCents: gameOfferPrices.priceCents })
      .from(gameOfferPrices)
      .where(eq(gameOfferPrices.gameOfferKey, 'powerball-standard'));
    const row = await rowOf(combined.id);
    expect(row.unitPriceCents).toBe(entryPriceCents(prices, 3, 1));
    expect(res.json().result).toMatchObject({
      number_of_games: 3,
      price: { amount: row.unitPriceCents / 100 },
    });
    const games = (row.payload as { games: { numbers: number[] }[] }).games;
    expect(games).toHaveLength(3);
    expect(games[0]?.numbers).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await refusedUnchanged(combined.id, 400, () =>
      as(alice, 'PATCH', `/v2/subscriptions/${combined.id}`, { game_offer: 'powerball-jumbo' }),
    );
    await refusedUnchanged(combined.id, 400, () =>
      as(alice, 'PATCH', `/v2/subscriptions/${combined.id}`, { num_games: 0 }),
    );
  });
});

describe('API versions', () => {
  it('refuses a version older than the call needs', async () => {
    const alice = await newCustomer(app);
    const res = await call(app, '/v2/autoplay', {
      token: alice.access_token,
      headers: { 'x-api-version': '3.2' },
    });
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'unsupported_version']);
    const ok = await call(app, '/v2/scheduled-purchases', {
      token: alice.access_token,
      headers: { 'x-api-version': '3.2' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

async function preOrder(customerId: string, overrides: Partial<typeof scheduledPurchases.$inferInsert> = {}) {
  const [row] = await db
    .insert(scheduledPurchases)
    .values({
      customerId,
      kind: 'pre_order',
      productType: 'lottery_ticket',
      productOfferKey: 'powerball',
      description: 'Powerball: 1 game',
      amountCents: 135,
      payload: lotteryPayload(),
      ...overrides,
    })
    .returning();
  return row!;
}

const scheduledRow = async (id: string) =>
  (await db.select().from(scheduledPurchases).where(eq(scheduledPurchases.id, id)))[0]!;

describe('scheduled purchases', () => {
  it("lists and shows the customer's own, by their uuid", async () => {
    const alice = await newCustomer(app);
    const bob = await newCustomer(app);
    const pre = await preOrder(alice.id);
    const list = (await as(alice, 'GET', '/v2/scheduled-purchases')).json().result;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      encoded_id: pre.id,
      kind: 'pre_order',
      status: 'active',
      amount: { amount: 1.35, currency: 'AUD' },
      charged: false,
      cancellable: true,
    });
    expect((await as(alice, 'GET', `/v2/scheduled-purchases/${pre.id}`)).json().result.encoded_id).toBe(
      pre.id,
    );
    expect((await as(bob, 'GET', `/v2/scheduled-purchases/${pre.id}`)).statusCode).toBe(404);
    expect((await as(bob, 'GET', '/v2/scheduled-purchases')).json().result).toEqual([]);
  });

  it('cancels an active pre-order not charged yet, refunding nothing, once', async () => {
    const alice = await newCustomer(app);
    const pre = await preOrder(alice.id);
    const res = await as(alice, 'PATCH', `/v2/scheduled-purchases/${pre.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      scheduled_purchase: { encoded_id: pre.id, status: 'cancelled', cancellable: false },
      refunded: { amount: 0, currency: 'AUD' },
      message: 'Your pre-order is cancelled. Nothing was charged, so nothing is refunded.',
    });
    expect((await scheduledRow(pre.id)).status).toBe('cancelled');
    const again = await as(alice, 'PATCH', `/v2/scheduled-purchases/${pre.id}/cancel`);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'already_cancelled']);
  });

  it("refuses to cancel a charged pre-order or another customer's, changing nothing", async () => {
    const alice = await newCustomer(app);
    const bob = await newCustomer(app);
    const charged = await preOrder(alice.id, { chargedAt: new Date(), lastAttemptStatus: 'purchased' });
    const res = await as(alice, 'PATCH', `/v2/scheduled-purchases/${charged.id}/cancel`);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'already_charged']);
    expect((await scheduledRow(charged.id)).status).toBe('active');
    const pre = await preOrder(alice.id);
    expect((await as(bob, 'PATCH', `/v2/scheduled-purchases/${pre.id}/cancel`)).statusCode).toBe(404);
    expect((await as(bob, 'PATCH', '/v2/scheduled-purchases/nope/cancel')).statusCode).toBe(404);
    expect((await scheduledRow(pre.id)).status).toBe('active');
  });
});

describe('GET /v2/payment_resolutions', () => {
  it("lists soft failures as retrying and hard failures as retry errors, the customer's own only", async () => {
    const alice = await newCustomer(app);
    const bob = await newCustomer(app);
    const play = await autoplay(alice.id);
    const raffle = await raffleSubscription(alice.id);
    const attempt = (
      recurringPurchaseId: string,
      periodKey: string,
      status: 'soft_failure' | 'hard_failure',
      reason: string,
    ) =>
      db.insert(recurringPurchaseAttempts).values({
        recurringPurchaseId,
        customerId: alice.id,
        periodKey,
        status,
        reason,
        verificationRequired: reason === 'unverified',
      });
    await attempt(play.id, '2026-11', 'soft_failure', 'insufficient_funds');
    await attempt(raffle.id, '2026-12', 'hard_failure', 'unverified');
    const list = (await as(alice, 'GET', '/v2/payment_resolutions')).json().result;
    const byPurchase = Object.fromEntries(list.map((r: { autoplay_id: string }) => [r.autoplay_id, r]));
    expect(list).toHaveLength(2);
    expect(byPurchase[play.id]).toMatchObject({
      status: 'retrying',
      attempt_status: 'soft_failure',
      reason: 'insufficient_funds',
    });
    expect(byPurchase[raffle.id]).toMatchObject({
      status: 'retry_error',
      attempt_status: 'hard_failure',
      verification_required: true,
      period_key: '2026-12',
    });
    expect((await as(bob, 'GET', '/v2/payment_resolutions')).json().result).toEqual([]);
  });
});

describe('the recurring purchase method', () => {
  const card = (customerId: string, expiryYear = 2099) =>
    db
      .insert(funds)
      .values({
        customerId,
        type: 'card',
        methodCode: 'cc',
        brand: 'visa',
        last4: '4242',
        expiryMonth: 12,
        expiryYear,
      })
      .returning()
      .then((rows) => rows[0]!);

  it('shows the wallet as unfunded until it holds money', async () => {
    const alice = await newCustomer(app);
    const empty = (await as(alice, 'GET', '/v2/customer/recurring-purchase-method')).json().result;
    expect(empty.selected_recurring_purchase_method_key).toBe('wallet');
    expect(empty.available_recurring_purchase_methods[0]).toMatchObject({
      key: 'wallet',
      kind: 'wallet',
      funded: false,
    });
    expect(empty.default_fund.kind).toBe('unfunded');
    await fundWallet(db, alice.id, 2_500);
    const funded = (await as(alice, 'GET', '/v2/customer/recurring-purchase-method')).json().result;
    expect(funded.available_recurring_purchase_methods[0]).toMatchObject({
      funded: true,
      balance: { amount: 25 },
    });
    expect(funded.default_fund).toMatchObject({ kind: 'wallet', key: 'wallet' });
  });

  it("chooses one of the customer's cards (an expired one shows unfunded) and refuses others", async () => {
    const alice = await newCustomer(app);
    const bob = await newCustomer(app);
    const visa = await card(alice.id);
    const old = await card(alice.id, 2020);
    const bobs = await card(bob.id);
    const chosen = await as(
      alice,
      'POST',
      `/v2/customer/recurring-purchase-method?recurring_purchase_method=${visa.id}`,
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().result).toMatchObject({
      selected_recurring_purchase_method_key: visa.id,
      default_fund: { kind: 'cc', key: visa.id, label: 'Visa ending 4242' },
    });
    const play = await autoplay(alice.id);
    expect((await as(alice, 'GET', `/v2/autoplay/${play.id}`)).json().result.default_fund.kind).toBe('cc');

    const expired = await as(
      alice,
      'POST',
      `/v2/customer/recurring-purchase-method?recurring_purchase_method=${old.id}`,
    );
    expect(expired.json().result.default_fund).toMatchObject({ kind: 'unfunded', key: old.id });

    for (const key of [bobs.id, randomUUID(), 'paypal']) {
      const res = await as(
        alice,
        'POST',
        `/v2/customer/recurring-purchase-method?recurring_purchase_method=${key}`,
      );
      expect(res.statusCode, key).toBe(400);
      expect(res.json().errors.recurring_purchase_method).toBeDefined();
    }
    const after = (await as(alice, 'GET', '/v2/customer/recurring-purchase-method')).json().result;
    expect(after.selected_recurring_purchase_method_key).toBe(old.id);
    expect((await as(alice, 'POST', '/v2/customer/recurring-purchase-method')).statusCode).toBe(400);
  });
});
