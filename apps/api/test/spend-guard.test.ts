/**
 * The one guard of "may this customer spend?" (ADR 085), in each use case's transaction: a recurring
 * purchase skipped while an older account past its deadline waits to move in, a partner purchase
 * refused from a banned country, and a spend limit the customer's state asks for before adding to a
 * cart, buying or depositing (withdrawals stay open), which setting one clears.
 */
import { randomUUID } from 'node:crypto';
import { customers, eq, insertLegacyAccount, recurringPurchases, siteConfig } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, balancesOf, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { ownDrawPairs } from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb } from './helpers.ts';
import { CARDS, paymentCalls } from './payments-helpers.ts';
import { expectRecurringSkipped } from './recurring-skip-helpers.ts';
import { readyToWithdraw } from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { add, cart, purchase } = checkoutCalls(app);
const pairs = ownDrawPairs(db);
afterEach(() => pairs.takeOffSale());

// The seed lists South Australia; written again in case this database was seeded before it did.
await db
  .insert(siteConfig)
  .values({ key: 'spend_limit_required_states', value: ['SA'] })
  .onConflictDoNothing();

const overview = async (token: string) => (await call(app, '/v2/customer', { token })).json().result;

async function inSouthAustralia(customerId: string): Promise<void> {
  await db.update(customers).set({ state: 'SA' }).where(eq(customers.id, customerId));
}

function expectRefused(res: { statusCode: number; body: string }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(JSON.parse(res.body).error.code).toBe(code);
}

const partnerPurchase = (token: string, headers: Record<string, string> = {}) =>
  call(app, '/v2/cart/partner/riverbend-club/purchase', {
    token,
    body: {
      cart_item: { lottery: 'bush-rescue-car-raffle', raffle_offer: 3 },
      deposit: null,
      purchase: { channel_key: 'web', partner_key: 'riverbend-community-club', metadata: {} },
    },
    headers: { 'x-api-version': '3.2', 'idempotency-key': randomUUID(), ...headers },
  });

describe('a customer whose state asks for a spend limit before buying', () => {
  it('is told so in the overview and refused adding, buying and depositing until one is set', async () => {
    const customer = await newCustomer(app);
    const token = customer.access_token;
    expect(await add(token, PB_ITEM)).toMatchObject({ statusCode: 200 });
    const due = dueCents(await cart(token));
    await fundWallet(db, customer.id, due + 5_000);
    expect((await overview(token)).spend_limit_required).toBe(false);
    await inSouthAustralia(customer.id);
    expect((await overview(token)).spend_limit_required).toBe(true);

    const added = await add(token, PB_ITEM);
    expectRefused(added, 409, 'spend_limit_required');
    expect(added.json().error.message).toMatch(/set a spend limit before you buy/);
    const before = await balancesOf(db, customer.id);
    expectRefused(await purchase(token, { expected_total: aud(due) }), 409, 'spend_limit_required');
    expect(await balancesOf(db, customer.id)).toEqual(before);
    const calls = paymentCalls(app, token);
    const fundId = await calls.addCard(CARDS.succeeds);
    expectRefused(await calls.deposit(fundId, { amount: 10, csc: '123' }), 409, 'spend_limit_required');

    const limited = await call(app, '/v2/spend-limits/weekly', {
      token,
      method: 'PUT',
      body: { limit: 500 },
    });
    expect(limited.statusCode, limited.body).toBe(200);
    expect((await overview(token)).spend_limit_required).toBe(false);
    expect((await add(token, PB_ITEM)).statusCode).toBe(200);
    const bought = await purchase(token, { expected_total: aud(dueCents(await cart(token))) });
    expect(bought.statusCode, bought.body).toBe(200);
  });

  it('may still withdraw', async () => {
    const customer = await readyToWithdraw(app, db);
    await inSouthAustralia(customer.id);
    const res = await call(app, '/v2/tt/withdraw', {
      token: customer.token,
      body: { amount: 10, fund_id: customer.fundId },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  });
});

describe('a partner purchase', () => {
  it('is refused from a banned country as the cart and checkout are', async () => {
    const customer = await newCustomer(app);
    await fundWallet(db, customer.id, 10_000);
    const res = await partnerPurchase(customer.access_token, { 'x-forwarded-for': '8.8.8.8' });
    expectRefused(res, 403, 'location_confirmation_required');
    expect((await balancesOf(db, customer.id)).wallet).toBe(10_000);
    const home = await partnerPurchase(customer.access_token, { 'x-forwarded-for': '203.2.218.214' });
    expect(home.statusCode, home.body).toBe(200);
  });
});

describe('an older account past its deadline', () => {
  async function withAutoplay(): Promise<TestCustomer & { recurringId: string }> {
    const customer = await newCustomer(app);
    const item = { ...PB_ITEM, recurring_purchase: { type: 'autoplay', enabled: true } };
    expect((await add(customer.access_token, item)).statusCode).toBe(200);
    const due = dueCents(await cart(customer.access_token));
    await fundWallet(db, customer.id, due + 10_000);
    await db.update(customers).set({ verifiedAt: new Date() }).where(eq(customers.id, customer.id));
    const bought = await purchase(customer.access_token, { expected_total: aud(due) });
    expect(bought.statusCode, bought.body).toBe(200);
    const [recurring] = await db
      .select()
      .from(recurringPurchases)
      .where(eq(recurringPurchases.customerId, customer.id));
    if (!recurring) throw new Error('no recurring purchase started');
    return { ...customer, recurringId: recurring.id };
  }

  it('makes the recurring purchase skip the draw, as a break does, and buys nothing', async () => {
    const { current, next } = await pairs.twoDraws({ prizePoolCents: 2_000_000_000 });
    const customer = await withAutoplay();
    await insertLegacyAccount(db, {
      customerId: customer.id,
      legacyRef: `LC-${randomUUID()}`,
      mustMigrateBy: new Date('2026-01-01T00:00:00Z'),
    });
    const wallet = (await balancesOf(db, customer.id)).wallet;
    await expectRecurringSkipped(app, db, {
      customerId: customer.id,
      recurringId: customer.recurringId,
      closingDrawNo: current.drawNo,
      nextDrawId: next.id,
      reason: 'migration_required',
      walletCents: wallet,
    });
  });
});

describe('a self-excluded customer', () => {
  it('cannot switch marketing back on, and is told why; switching off still works', async () => {
    const customer = await newCustomer(app);
    const token = customer.access_token;
    const started = await call(app, '/v2/break', {
      token,
      body: { kind: 'self_exclusion', period: '1_year' },
    });
    expect(started.statusCode, started.body).toBe(200);
    await drainOutbox(app);
    const url = `/v2/customer/${customer.id}/communication-preferences`;
    const shown = (await call(app, url, { token })).json().result;
    expect(shown.marketing_off_reason).toMatch(/excluded yourself/);
    const on = await call(app, url, { method: 'PUT', token, body: { preferences: { email: true } } });
    expectRefused(on, 422, 'self_excluded');
    expect(on.json().error.message).toMatch(/marketing stays off/);
    const off = await call(app, url, { method: 'PUT', token, body: { preferences: { sms: false } } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().result.preferences.email).toBe(false);
  });
});
