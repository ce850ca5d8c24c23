/**
 * Daily Winners as purchases, renewals and deposits move it (outbox follow-ups): premium bought
 * through the cart and checkout (a paid period, once, however often its event is delivered), a
 * renewal extending it from the end of the paid time, a refused renewal told (premium runs to the
 * paid end, free after), leaving while premium cancelling the renewal, and a deposit-page join
 * completed by a deposit.
 */
import {
  and,
  customers,
  eq,
  membershipPeriods,
  memberships,
  notifications,
  outboxEvents,
  recurringPurchases,
  sql,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { membershipSubscribers } from '../src/modules/membership/index.ts';
import { createRecurringProcessor } from '../src/modules/recurring/recurring.processor.ts';
import { newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { aud, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { insertTestGiveaway, rewardsCalls } from './membership-helpers.ts';
import { deliverAgain } from './outbox-helpers.ts';
import { CARDS, paymentCalls } from './payments-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const shop = checkoutCalls(app);
const DAY = 86_400_000;
let started: string[] = [];

// Renewals this file started end, so no other test's processor bills them.
afterEach(async () => {
  if (started.length > 0) {
    for (const id of started) {
      await db
        .update(recurringPurchases)
        .set({ status: 'cancelled', cancelledAt: new Date() })
        .where(eq(recurringPurchases.id, id));
    }
  }
  started = [];
});

const membershipOf = async (customerId: string) =>
  (await db.select().from(memberships).where(eq(memberships.customerId, customerId)))[0];
const periodsOf = (customerId: string) =>
  db.select().from(membershipPeriods).where(eq(membershipPeriods.customerId, customerId));
const mailsTo = (customer: TestCustomer, subject: RegExp) =>
  mailOf(app)
    .messages()
    .filter((m) => m.to.includes(customer.email.toLowerCase()) && subject.test(m.subject));

/** Buys a monthly premium membership through the cart and checkout, `leftCents` left in the wallet; answers its renewal. */
async function buyPremium(customer: TestCustomer, leftCents: number) {
  await db.update(customers).set({ verifiedAt: new Date() }).where(eq(customers.id, customer.id));
  const added = await shop.add(customer.access_token, {
    membership_program: 'daily-winners',
    membership_offer: 'daily-winners-monthly',
  });
  expect(added.statusCode, added.body).toBe(200);
  const due = dueCents(await shop.cart(customer.access_token));
  await fundWallet(db, customer.id, due + leftCents);
  const bought = await shop.purchase(customer.access_token, { expected_total: aud(due) });
  expect(bought.statusCode, bought.body).toBe(200);
  await drainOutbox(app);
  const [renewal] = await db
    .select()
    .from(recurringPurchases)
    .where(
      and(eq(recurringPurchases.customerId, customer.id), eq(recurringPurchases.productType, 'membership')),
    );
  if (!renewal) throw new Error('no renewal started');
  started.push(renewal.id);
  return { renewal, due, checkoutId: bought.json().result.checkout_id as string | undefined };
}

describe('premium bought through the cart and checkout', () => {
  it('pays a month once, however often the purchase is delivered, and tells the customer', async () => {
    const customer = await newCustomer(app);
    const before = Date.now();
    await buyPremium(customer, 5_000);
    const membership = await membershipOf(customer.id);
    expect(membership?.status).toBe('member');
    const until = membership?.premiumUntil?.getTime() ?? 0;
    expect(until).toBeGreaterThan(before + 27 * DAY);
    expect(until).toBeLessThan(Date.now() + 32 * DAY);
    const [period, ...more] = await periodsOf(customer.id);
    expect(more).toEqual([]);
    expect(period?.source).toMatch(/^order:/);

    const view = (await rewardsCalls(app, customer).get('/v3/customer')).json().result;
    expect(view).toMatchObject({
      status: 'member',
      tier: 'premium',
      premium_until: membership?.premiumUntil?.toISOString(),
    });
    expect(view.call_to_action.kind).toBe('premium');

    // The same purchase delivered again extends nothing.
    const [event] = await db
      .select()
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.type, 'checkout.completed'),
          sql`${outboxEvents.payload}->>'customerId' = ${customer.id}`,
        ),
      );
    const purchase = membershipSubscribers(app.deps).find((s) => s.name === 'membership-purchase');
    if (!purchase || !event) throw new Error('no purchase subscriber or event');
    await deliverAgain(db, purchase, event.id);
    await deliverAgain(db, purchase, event.id);
    expect(await periodsOf(customer.id)).toHaveLength(1);
    expect((await membershipOf(customer.id))?.premiumUntil?.getTime()).toBe(until);

    await drainOutbox(app);
    expect(mailsTo(customer, /premium until/i)).toHaveLength(1);
    const feed = await db.select().from(notifications).where(eq(notifications.customerId, customer.id));
    expect(feed.filter((f) => /premium until/.test(f.title))).toHaveLength(1);
  });

  it('renews from the end of the paid month, once per period', async () => {
    const customer = await newCustomer(app);
    const { renewal, due } = await buyPremium(customer, 10_000);
    const until = (await membershipOf(customer.id))?.premiumUntil;
    if (!until) throw new Error('not premium');
    const later = new Date(renewal.createdAt.getTime() + 35 * DAY);
    const processor = createRecurringProcessor({ db, now: () => later });
    await processor.processDue({ customerId: customer.id });
    await processor.processDue({ customerId: customer.id });
    await drainOutbox(app);
    const periods = await periodsOf(customer.id);
    expect(periods.map((p) => p.source.split(':')[0]).sort()).toEqual(['order', 'recurring']);
    const renewed = (await membershipOf(customer.id))?.premiumUntil;
    expect(renewed?.getTime()).toBeGreaterThan(until.getTime() + 27 * DAY);
    expect(due).toBeGreaterThan(0);
  });

  it('tells a refused renewal: premium to the paid end, a free member after, entries kept', async () => {
    const customer = await newCustomer(app);
    const { renewal, due } = await buyPremium(customer, 0);
    expect(due).toBeGreaterThan(0);
    const until = (await membershipOf(customer.id))?.premiumUntil;
    const later = new Date(renewal.createdAt.getTime() + 35 * DAY);
    await createRecurringProcessor({ db, now: () => later }).processDue({ customerId: customer.id });
    await drainOutbox(app);
    const membership = await membershipOf(customer.id);
    expect(membership).toMatchObject({ status: 'member' });
    expect(membership?.premiumUntil).toEqual(until);
    expect(await periodsOf(customer.id)).toHaveLength(1);
    const [mail, ...again] = mailsTo(customer, /could not be renewed/i);
    expect(again).toEqual([]);
    expect(mail?.text).toContain('your free entries continue');
  });
});

describe('leaving while premium', () => {
  it('cancels the renewal and says premium is lost', async () => {
    const customer = await newCustomer(app);
    const { renewal } = await buyPremium(customer, 5_000);
    const res = await rewardsCalls(app, customer).leave();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'non-member', tier: 'free', changed: true });
    expect(res.json().result.lost.join(' ')).toMatch(/renewal is cancelled/);
    const [after] = await db.select().from(recurringPurchases).where(eq(recurringPurchases.id, renewal.id));
    expect(after?.status).toBe('cancelled');
  });

  it('cancels a renewal still retrying after premium ran out, so it cannot make them a member again', async () => {
    const customer = await newCustomer(app);
    const { renewal } = await buyPremium(customer, 5_000);
    await db
      .update(memberships)
      .set({ premiumUntil: new Date(Date.now() - DAY) })
      .where(eq(memberships.customerId, customer.id));
    const res = await rewardsCalls(app, customer).leave();
    expect(res.json().result).toMatchObject({ status: 'non-member', changed: true });
    expect(res.json().result.lost.join(' ')).not.toMatch(/Premium/);
    const [after] = await db.select().from(recurringPurchases).where(eq(recurringPurchases.id, renewal.id));
    expect(after?.status).toBe('cancelled');
  });
});

describe('joining from the deposit page', () => {
  it('waits for a deposit, and is a member once one completes', async () => {
    const customer = await newCustomer(app);
    const calls = rewardsCalls(app, customer);
    expect((await calls.join('deposit')).json().result.status).toBe('pending-deposit');
    const pay = paymentCalls(app, customer.access_token);
    const fundId = await pay.addCard(CARDS.succeeds);
    const res = await pay.deposit(fundId, { amount: 50, csc: '123' });
    expect(res.statusCode, res.body).toBe(201);
    await drainOutbox(app);
    const membership = await membershipOf(customer.id);
    expect(membership?.status).toBe('member');
    expect(membership?.joinedAt).toBeInstanceOf(Date);
    // Another deposit-page join after this month's deposit: a member already, nothing changes.
    expect((await calls.join('deposit')).json().result).toMatchObject({ status: 'member', changed: false });
  });

  it('resolves a pending unlock with a deposit, as a purchase would', async () => {
    const customer = await newCustomer(app);
    const calls = rewardsCalls(app, customer);
    await calls.join();
    const major = await insertTestGiveaway(db, { type: 'major' });
    const asked = await calls.put(`/v3/draws/${major.id}`, { entry_status: 'unlocked' });
    expect(asked.json().result.unlock).toBe('pending');
    const pay = paymentCalls(app, customer.access_token);
    const fundId = await pay.addCard(CARDS.succeeds);
    expect((await pay.deposit(fundId, { amount: 20, csc: '123' })).statusCode).toBe(201);
    await drainOutbox(app);
    const entries = (await calls.get('/v3/customer')).json().result.entries;
    expect(entries).toContainEqual(
      expect.objectContaining({ id: major.id, entry_status: 'unlocked', unlock: 'resolved' }),
    );
  });

  it('joins at once when a deposit completed this month already', async () => {
    const customer = await newCustomer(app);
    const pay = paymentCalls(app, customer.access_token);
    const fundId = await pay.addCard(CARDS.succeeds);
    expect((await pay.deposit(fundId, { amount: 50, csc: '123' })).statusCode).toBe(201);
    const res = await rewardsCalls(app, customer).join('deposit');
    expect(res.json().result).toMatchObject({ status: 'member', changed: true });
  });
});
