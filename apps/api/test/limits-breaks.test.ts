/**
 * Take a break and self-exclusion: starting one (`POST /v2/break`), its bad input, that nothing ends
 * it early, the mail that tells of it, marketing switched off by a self-exclusion; and every way of
 * spending refused while it lasts (cart add, purchase, partner purchase, lotto party shares, deposit,
 * the recurring purchase job, which skips and records why), withdrawals still allowed.
 */
import { randomUUID } from 'node:crypto';
import { customers, eq, recurringPurchases } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, balancesOf, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { ownDrawPairs } from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { lottoPartyCalls } from './lotto-party-helpers.ts';
import { CARDS, paymentCalls } from './payments-helpers.ts';
import { expectRecurringSkipped } from './recurring-skip-helpers.ts';
import { readyToWithdraw } from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { add, cart, purchase } = checkoutCalls(app);
const pairs = ownDrawPairs(db);
afterEach(() => pairs.takeOffSale());

const takeBreak = (token: string, kind: string, period: string) =>
  call(app, '/v2/break', { token, body: { kind, period } });

async function onBreak(customer: { access_token: string }, kind = 'take_a_break', period = '7_days') {
  const res = await takeBreak(customer.access_token, kind, period);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

function expectRefused(res: { statusCode: number; body: string }, code = 'take_a_break') {
  expect(res.statusCode, res.body).toBe(422);
  const body = JSON.parse(res.body);
  expect(body.error.code).toBe(code);
  expect(body.error.message).toMatch(/cannot buy tickets or add funds/);
}

/** A customer with `item` (a Powerball game) in the cart and the money to buy it, `spare` more. */
async function readyToBuy(item: object = PB_ITEM, spare = 5_000): Promise<TestCustomer & { due: number }> {
  const customer = await newCustomer(app);
  const added = await add(customer.access_token, item);
  expect(added.statusCode, added.body).toBe(200);
  const due = dueCents(await cart(customer.access_token));
  await fundWallet(db, customer.id, due + spare);
  return { ...customer, due };
}

describe('POST /v2/break', () => {
  it('starts a break that shows until it ends, cannot be replaced or cancelled, and is told by mail', async () => {
    const customer = await newCustomer(app);
    const none = await call(app, '/v2/break', { token: customer.access_token });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().result.current).toBeNull();
    expect(none.json().result.break_periods).toEqual([
      '24_hours',
      '7_days',
      '1_month',
      '3_months',
      '6_months',
    ]);

    const before = Date.now();
    const result = await onBreak(customer, 'take_a_break', '24_hours');
    expect(result.current).toMatchObject({ kind: 'take_a_break', period: '24_hours' });
    const ends = new Date(result.current.ends_at).getTime() - new Date(result.current.started_at).getTime();
    expect(ends).toBe(86_400_000);
    expect(new Date(result.current.started_at).getTime()).toBeGreaterThanOrEqual(before - 1_000);
    const shown = await call(app, '/v2/break', { token: customer.access_token });
    expect(shown.json().result.current).toEqual(result.current);

    const again = await takeBreak(customer.access_token, 'self_exclusion', 'permanent');
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('break_active');
    // There is no call that ends it.
    const removed = await call(app, '/v2/break', { token: customer.access_token, method: 'DELETE' });
    expect(removed.statusCode).toBe(405);

    await drainOutbox(app);
    const mails = mailOf(app)
      .messages()
      .filter((m) => m.to.includes(customer.email.toLowerCase()) && /break has started/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/It ends on .* \(Sydney time\)/);
    expect(mails[0]?.text).toMatch(/withdraw your balance/);
  });

  it('refuses a period the kind does not offer with a field error, an unknown kind, and a visitor', async () => {
    const customer = await newCustomer(app);
    const short = await takeBreak(customer.access_token, 'self_exclusion', '1_month');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.period[0].message).toMatch(/6 months to 5 years/);
    const long = await takeBreak(customer.access_token, 'take_a_break', '5_years');
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.period).toHaveLength(1);
    const kind = await takeBreak(customer.access_token, 'holiday', '7_days');
    expect(kind.statusCode).toBe(400);
    expect(
      (await call(app, '/v2/break', { body: { kind: 'take_a_break', period: '7_days' } })).statusCode,
    ).toBe(401);
    expect((await call(app, '/v2/break', { token: customer.access_token })).json().result.current).toBeNull();
  });

  it('self-exclusion switches every marketing channel off and says so by mail', async () => {
    const customer = await newCustomer(app);
    await db
      .update(customers)
      .set({
        emailOptIn: true,
        communicationPreferences: { email: true, phone: true, sms: true, directmail: true },
      })
      .where(eq(customers.id, customer.id));
    const result = await onBreak(customer, 'self_exclusion', 'permanent');
    expect(result.current).toMatchObject({ kind: 'self_exclusion', period: 'permanent', ends_at: null });
    await drainOutbox(app);
    const [row] = await db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.emailOptIn).toBe(false);
    expect(row?.communicationPreferences).toEqual({
      email: false,
      phone: false,
      sms: false,
      directmail: false,
    });
    const mail = mailOf(app)
      .messages()
      .find(
        (m) => m.to.includes(customer.email.toLowerCase()) && /self-exclusion has started/.test(m.subject),
      );
    expect(mail?.text).toMatch(/It is permanent/);
    expect(mail?.text).toMatch(/stopped all marketing/);
  });
});

describe('while on a break', () => {
  it('refuses adding to the cart and buying it, with nothing charged', async () => {
    const customer = await readyToBuy();
    await onBreak(customer);
    expectRefused(await add(customer.access_token, PB_ITEM));
    const before = await balancesOf(db, customer.id);
    expectRefused(await purchase(customer.access_token, { expected_total: aud(customer.due) }));
    expect(await balancesOf(db, customer.id)).toEqual(before);
    // The cart says why before checkout.
    const shown = await call(app, '/v2/cart/items', { token: customer.access_token });
    expect(Object.keys(shown.json().result.blocked_reasons)).toContain('take_a_break');
  });

  it('refuses a self-excluded customer with its own code', async () => {
    const customer = await readyToBuy();
    await onBreak(customer, 'self_exclusion', '6_months');
    expectRefused(
      await purchase(customer.access_token, { expected_total: aud(customer.due) }),
      'self_excluded',
    );
  });

  it('refuses a partner purchase', async () => {
    const customer = await newCustomer(app);
    await fundWallet(db, customer.id, 10_000);
    await onBreak(customer);
    const res = await call(app, '/v2/cart/partner/riverbend-club/purchase', {
      token: customer.access_token,
      body: {
        cart_item: { lottery: 'bush-rescue-car-raffle', raffle_offer: 3 },
        deposit: null,
        purchase: { channel_key: 'web', partner_key: 'riverbend-community-club', metadata: {} },
      },
      headers: { 'x-api-version': '3.2', 'idempotency-key': randomUUID() },
    });
    expectRefused(res);
    expect((await balancesOf(db, customer.id)).wallet).toBe(10_000);
  });

  it('refuses buying lotto party shares', async () => {
    const { current } = await pairs.twoDraws();
    const { groupOf, sessionOf } = lottoPartyCalls(app);
    const [owner, member] = [await newCustomer(app), await newCustomer(app)];
    const group = await groupOf(owner, [member]);
    const sessionId = await sessionOf(owner, group.group_id, current.id, 100, 5);
    await fundWallet(db, member.id, 5_000);
    await onBreak(member);
    expectRefused(await add(member.access_token, { session_id: sessionId, num_shares: 1 }));
  });

  it('refuses a deposit by card', async () => {
    const customer = await newCustomer(app);
    const calls = paymentCalls(app, customer.access_token);
    const fundId = await calls.addCard(CARDS.succeeds);
    await onBreak(customer);
    expectRefused(await calls.deposit(fundId, { amount: 10, csc: '123' }));
    expect((await balancesOf(db, customer.id)).wallet).toBe(0);
  });

  it('still lets the customer withdraw their balance', async () => {
    const customer = await readyToWithdraw(app, db);
    await onBreak(customer);
    const res = await call(app, '/v2/tt/withdraw', {
      token: customer.token,
      body: { amount: 10, fund_id: customer.fundId },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  });

  it('the recurring purchase job skips the draw, records why and buys nothing', async () => {
    const { current, next } = await pairs.twoDraws({ prizePoolCents: 2_000_000_000 });
    const customer = await readyToBuy(
      { ...PB_ITEM, recurring_purchase: { type: 'autoplay', enabled: true } },
      10_000,
    );
    await db.update(customers).set({ verifiedAt: new Date() }).where(eq(customers.id, customer.id));
    const bought = await purchase(customer.access_token, { expected_total: aud(customer.due) });
    expect(bought.statusCode, bought.body).toBe(200);
    const [recurring] = await db
      .select()
      .from(recurringPurchases)
      .where(eq(recurringPurchases.customerId, customer.id));
    if (!recurring) throw new Error('no recurring purchase started');

    await onBreak(customer);
    await expectRecurringSkipped(app, db, {
      customerId: customer.id,
      recurringId: recurring.id,
      closingDrawNo: current.drawNo,
      nextDrawId: next.id,
      reason: 'take_a_break',
      walletCents: 10_000,
    });
  });
});
