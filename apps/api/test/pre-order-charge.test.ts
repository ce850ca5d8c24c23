/**
 * Pre-orders charged when their draw opens: a customer pre-orders the Powerball draw after the
 * current one through the cart and checkout, the current draw closes, and the pre-order is charged
 * once (order, ticket, ledger transfer), whatever runs twice or at once; not enough funds or a spend
 * limit waits and is told once, then charged once funds are there; a cancelled one never is.
 */
import {
  and,
  customerLimits,
  customers,
  type DrawRow,
  draws,
  eq,
  ledgerTransfers,
  notifications,
  orders,
  outboxDeliveries,
  outboxEvents,
  productOffers,
  scheduledPurchases,
  sql,
  tickets,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawFollowUps } from '../src/jobs/draw-follow-ups.ts';
import { preOrderCheckoutId, preOrderNoticeSubscriber } from '../src/modules/checkout/index.ts';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { eventId } from '../src/modules/ledger/index.ts';
import { newCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, balancesOf, checkoutCalls, dueCents, fundWallet, givePromoCredit } from './checkout-helpers.ts';
import { operatorRun, ownDrawPairs } from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { deliverAgain } from './outbox-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const engine = { ...drawEngineOf(app.deps), ...drawFollowUps(app.deps) };
const { cart, add, purchase } = checkoutCalls(app);

const GAME = { numbers: [4, 11, 17, 22, 28, 31, 33], powerball: 5 };
const pairs = ownDrawPairs(db);
const twoDraws = () => pairs.twoDraws();

// The test's draws go off sale, so the next test's draws are the ones on sale.
afterEach(() => pairs.takeOffSale());

/** A customer who pre-orders one game for `drawNo` through the cart and checkout (nothing due now). */
async function preOrder(drawNo: number, fundCents: number) {
  const customer = await newCustomer(app);
  const res = await add(customer.access_token, { ...PB_ITEM, games: [GAME], first_draw_no: drawNo });
  expect(res.statusCode, res.body).toBe(200);
  if (fundCents > 0) await fundWallet(db, customer.id, fundCents);
  const shown = await cart(customer.access_token);
  expect(dueCents(shown)).toBe(0);
  const bought = await purchase(customer.access_token, { expected_total: aud(0) });
  expect(bought.statusCode, bought.body).toBe(200);
  const [scheduled] = await db
    .select()
    .from(scheduledPurchases)
    .where(eq(scheduledPurchases.customerId, customer.id));
  if (!scheduled) throw new Error('no pre-order was scheduled');
  expect(scheduled).toMatchObject({ kind: 'pre_order', status: 'active', chargedAt: null });
  return { customer, scheduled };
}

const scheduledRow = async (id: string) =>
  (await db.select().from(scheduledPurchases).where(eq(scheduledPurchases.id, id)))[0];
const ordersOf = (customerId: string) => db.select().from(orders).where(eq(orders.customerId, customerId));
const ticketsOf = (customerId: string) => db.select().from(tickets).where(eq(tickets.customerId, customerId));
const feedOf = (customerId: string) =>
  db.select().from(notifications).where(eq(notifications.customerId, customerId));
const mailsTo = (email: string, subject: RegExp, text = '') =>
  mailOf(app)
    .messages()
    .filter((m) => m.to.includes(email.toLowerCase()) && subject.test(m.subject) && m.text.includes(text));

/** The one mail to `email` matching `subject` and containing `text`, once the outbox has delivered. */
async function mailWith(email: string, subject: RegExp, text = '') {
  await drainOutbox(app);
  const found = mailsTo(email, subject, text);
  expect(found, `mail to ${email} matching ${subject}`).toHaveLength(1);
  return found[0] as (typeof found)[number];
}

/** The current draw's stop time passed, closed by nothing yet. */
const stopped = (draw: DrawRow) =>
  db
    .update(draws)
    .set({ stopAt: new Date(Date.now() - 1000) })
    .where(eq(draws.id, draw.id));

describe('pre-orders charged when their draw opens', () => {
  it('charges the pre-order once when the current draw closes, whatever runs again', async () => {
    const { current, next } = await twoDraws();
    const { customer, scheduled } = await preOrder(next.drawNo, 10_000);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 10_000, promo: 0 });
    expect(await ticketsOf(customer.id)).toHaveLength(0);

    const closed = await operatorRun(db, ['draw:close', 'powerball', String(current.drawNo)]);
    expect(closed.code, closed.text).toBe(0);
    await drainOutbox(app);

    const amount = scheduled.amountCents;
    expect(amount).toBeGreaterThan(0);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 10_000 - amount, promo: 0 });
    const checkoutId = preOrderCheckoutId(scheduled.id);
    const [order, ...moreOrders] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, customer.id), eq(orders.checkoutId, checkoutId)));
    expect(moreOrders).toHaveLength(0);
    expect(order).toMatchObject({
      purchaseStatus: 'pre_order',
      totalCents: amount,
      productOfferKey: 'powerball',
    });
    const bought = await ticketsOf(customer.id);
    expect(bought).toEqual([expect.objectContaining({ orderId: order?.id, drawId: next.id })]);
    expect(bought[0]?.games).toEqual([{ numbers: GAME.numbers, powerball: [GAME.powerball] }]);
    const [transfer] = await db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, eventId(`pre-order:${scheduled.id}:wallet:lottery_ticket`)));
    expect(transfer).toMatchObject({ amountCents: amount, code: 'purchase', reference: checkoutId });
    expect(await scheduledRow(scheduled.id)).toMatchObject({
      orderId: order?.id,
      lastAttemptStatus: 'purchased',
      lastAttemptReason: null,
    });
    expect((await scheduledRow(scheduled.id))?.chargedAt).not.toBeNull();

    // The CLI's charge is told through the outbox, once, by the receipt and the feed, whatever runs again.
    const other = drawFollowUps(app.deps);
    await Promise.all([engine.chargePreOrders(), other.chargePreOrders(), engine.chargePreOrders()]);
    const mail = await mailWith(customer.email, /Your Drawhouse tickets/, `/receipt/${checkoutId}`);
    expect(mail.text).toContain(`Draw ${next.drawNo}: 4 11 17 22 28 31 33 | PB 5.`);
    expect(await feedOf(customer.id)).toEqual([
      expect.objectContaining({
        sourceKey: `pre-order-bought:${scheduled.id}`,
        title: 'Your pre-order is bought',
      }),
    ]);
    await engine.chargePreOrders();
    await drainOutbox(app);
    expect(mailsTo(customer.email, /Your Drawhouse tickets/, `/receipt/${checkoutId}`)).toHaveLength(1);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 10_000 - amount, promo: 0 });
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect(await ticketsOf(customer.id)).toHaveLength(1);
  });

  it('charges once when two workers close and charge at the same time', async () => {
    const { current, next } = await twoDraws();
    const { customer, scheduled } = await preOrder(next.drawNo, 10_000);
    await stopped(current);
    const other = { ...drawEngineOf(app.deps), ...drawFollowUps(app.deps) };
    const steps = await Promise.all([engine.step(current.id), other.step(current.id)]);
    expect(steps.filter((s) => s.moved)).toHaveLength(1);
    await drainOutbox(app);
    await Promise.all([engine.chargePreOrders(), other.chargePreOrders()]);
    expect(await ticketsOf(customer.id)).toEqual([expect.objectContaining({ drawId: next.id })]);
    expect((await balancesOf(db, customer.id)).wallet).toBe(10_000 - scheduled.amountCents);
    const purchases = await db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, preOrderCheckoutId(scheduled.id)));
    expect(purchases).toHaveLength(1);
  });

  it('waits without funds (told once), then charges once the customer adds funds', async () => {
    const { current, next } = await twoDraws();
    const { customer, scheduled } = await preOrder(next.drawNo, 0);
    await engine.closeEarly('powerball', current.drawNo);
    await drainOutbox(app);

    expect(await scheduledRow(scheduled.id)).toMatchObject({
      chargedAt: null,
      lastAttemptStatus: 'soft_failure',
      lastAttemptReason: 'insufficient_funds',
    });
    expect(await ticketsOf(customer.id)).toHaveLength(0);
    const mail = await mailWith(customer.email, /Your pre-order is waiting/);
    expect(mail.text).toContain(`draw ${next.drawNo}: Your balance is not enough`);
    expect(mail.text).toContain('/my-account/deposit');
    await engine.chargePreOrders();
    await engine.chargePreOrders();
    await drainOutbox(app);
    expect(mailsTo(customer.email, /Your pre-order is waiting/)).toHaveLength(1);
    expect(await feedOf(customer.id)).toEqual([
      expect.objectContaining({ sourceKey: `pre-order-failed:${scheduled.id}:insufficient_funds` }),
    ]);

    await fundWallet(db, customer.id, 10_000);
    expect((await engine.chargePreOrders()).charged).toBeGreaterThanOrEqual(1);
    expect(await ticketsOf(customer.id)).toEqual([expect.objectContaining({ drawId: next.id })]);
    expect((await balancesOf(db, customer.id)).wallet).toBe(10_000 - scheduled.amountCents);
    expect((await scheduledRow(scheduled.id))?.lastAttemptStatus).toBe('purchased');
  });

  it('never charges a cancelled pre-order, and a spend limit stops one', async () => {
    const { current, next } = await twoDraws();
    const cancelled = await preOrder(next.drawNo, 10_000);
    await db
      .update(scheduledPurchases)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(scheduledPurchases.id, cancelled.scheduled.id));
    const limited = await preOrder(next.drawNo, 10_000);
    await db
      .insert(customerLimits)
      .values({ customerId: limited.customer.id, kind: 'spend_daily', amountCents: 100 });

    await engine.closeEarly('powerball', current.drawNo);
    await drainOutbox(app);
    await engine.chargePreOrders();

    expect(await ticketsOf(cancelled.customer.id)).toHaveLength(0);
    expect((await balancesOf(db, cancelled.customer.id)).wallet).toBe(10_000);
    expect(await scheduledRow(cancelled.scheduled.id)).toMatchObject({
      chargedAt: null,
      lastAttemptStatus: null,
    });
    await drainOutbox(app);
    expect(await feedOf(cancelled.customer.id)).toHaveLength(0);

    expect(await ticketsOf(limited.customer.id)).toHaveLength(0);
    expect((await balancesOf(db, limited.customer.id)).wallet).toBe(10_000);
    expect(await scheduledRow(limited.scheduled.id)).toMatchObject({
      lastAttemptStatus: 'soft_failure',
      lastAttemptReason: 'spend_limit',
    });
    const mail = await mailWith(limited.customer.email, /Your pre-order is waiting/);
    expect(mail.text).toContain('spend limit');
  });

  it('refuses for good once the draw has closed before it could be charged', async () => {
    const { current, next } = await twoDraws();
    const { customer, scheduled } = await preOrder(next.drawNo, 0);
    await engine.closeEarly('powerball', current.drawNo);
    await drainOutbox(app);
    await engine.closeEarly('powerball', next.drawNo);
    await drainOutbox(app);
    await fundWallet(db, customer.id, 10_000);
    await engine.chargePreOrders();
    expect(await scheduledRow(scheduled.id)).toMatchObject({
      chargedAt: null,
      lastAttemptStatus: 'hard_failure',
      lastAttemptReason: 'draw_closed',
    });
    expect(await ticketsOf(customer.id)).toHaveLength(0);
    expect((await balancesOf(db, customer.id)).wallet).toBe(10_000);
    const mail = await mailWith(customer.email, /Your pre-order was not bought/);
    expect(mail.text).toContain('The draw closed before it could be bought. Nothing was charged.');
    expect((await feedOf(customer.id)).map((n) => n.sourceKey).sort()).toEqual([
      `pre-order-failed:${scheduled.id}:draw_closed`,
      `pre-order-failed:${scheduled.id}:insufficient_funds`,
    ]);
  });

  it('spends promotional credit first, then the wallet', async () => {
    const { current, next } = await twoDraws();
    const { customer, scheduled } = await preOrder(next.drawNo, 10_000);
    await givePromoCredit(db, customer.id, 100);
    await engine.closeEarly('powerball', current.drawNo);
    await drainOutbox(app);
    expect(await balancesOf(db, customer.id)).toEqual({
      wallet: 10_000 - (scheduled.amountCents - 100),
      promo: 0,
    });
    const [fromPromo] = await db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, eventId(`pre-order:${scheduled.id}:promo:lottery_ticket`)));
    expect(fromPromo?.amountCents).toBe(100);
  });

  it('waits while support holds the account, then charges once the hold is lifted', async () => {
    const { current, next } = await twoDraws();
    const { customer, scheduled } = await preOrder(next.drawNo, 10_000);
    const status = (to: 'active' | 'locked') =>
      db.update(customers).set({ status: to }).where(eq(customers.id, customer.id));
    await status('locked');
    await engine.closeEarly('powerball', current.drawNo);
    await drainOutbox(app);
    await engine.chargePreOrders();
    await drainOutbox(app);
    expect(await scheduledRow(scheduled.id)).toMatchObject({
      status: 'active',
      chargedAt: null,
      lastAttemptStatus: 'soft_failure',
      lastAttemptReason: 'account_on_hold',
    });
    expect(await ticketsOf(customer.id)).toHaveLength(0);
    const mail = await mailWith(customer.email, /Your pre-order is waiting/);
    expect(mail.text).toContain('Your account is on hold, so nothing was charged.');

    await status('active');
    expect((await engine.chargePreOrders()).charged).toBeGreaterThanOrEqual(1);
    expect(await ticketsOf(customer.id)).toEqual([expect.objectContaining({ drawId: next.id })]);
    expect((await balancesOf(db, customer.id)).wallet).toBe(10_000 - scheduled.amountCents);
  });

  it('refuses for good a withdrawn offer and a closed account, charging nothing', async () => {
    const { current, next } = await twoDraws();
    const withdrawn = await preOrder(next.drawNo, 10_000);
    const closedAccount = await preOrder(next.drawNo, 10_000);
    await db.update(customers).set({ status: 'closed' }).where(eq(customers.id, closedAccount.customer.id));
    await db.update(productOffers).set({ suspended: true }).where(eq(productOffers.key, 'powerball'));
    try {
      await engine.closeEarly('powerball', current.drawNo);
      await drainOutbox(app);
      await engine.chargePreOrders();
    } finally {
      await db.update(productOffers).set({ suspended: false }).where(eq(productOffers.key, 'powerball'));
    }
    expect(await scheduledRow(withdrawn.scheduled.id)).toMatchObject({
      lastAttemptStatus: 'hard_failure',
      lastAttemptReason: 'offer_withdrawn',
    });
    expect(await scheduledRow(closedAccount.scheduled.id)).toMatchObject({
      lastAttemptStatus: 'hard_failure',
      lastAttemptReason: 'account_closed',
    });
    for (const { customer } of [withdrawn, closedAccount]) {
      expect(await ticketsOf(customer.id)).toHaveLength(0);
      expect((await balancesOf(db, customer.id)).wallet).toBe(10_000);
    }
    // Final: on sale again, it is still not charged.
    await engine.chargePreOrders();
    expect(await ticketsOf(withdrawn.customer.id)).toHaveLength(0);
    const mail = await mailWith(withdrawn.customer.email, /Your pre-order was not bought/);
    expect(mail.text).toContain('It is no longer on sale. Nothing was charged.');
  });

  it("writes one preorder.charged event in the charge's transaction, told once however often its subscriber runs", async () => {
    const { current, next } = await twoDraws();
    const { customer, scheduled } = await preOrder(next.drawNo, 10_000);
    await engine.closeEarly('powerball', current.drawNo);
    await drainOutbox(app);
    await engine.chargePreOrders();
    const written = await db.execute<{ id: string; same_tx: boolean }>(sql`
      select e.id::text as id, e.xmin::text = sp.xmin::text as same_tx
      from outbox_events e join scheduled_purchases sp on sp.id::text = e.aggregate_id
      where e.type = 'preorder.charged' and e.aggregate_id = ${scheduled.id}`);
    expect(written.rows).toEqual([{ id: expect.any(String), same_tx: true }]);
    await drainOutbox(app);

    const subscriber = preOrderNoticeSubscriber(app.deps);
    await deliverAgain(db, subscriber, written.rows[0]?.id ?? '');
    await deliverAgain(db, subscriber, written.rows[0]?.id ?? '');
    await drainOutbox(app);
    expect((await feedOf(customer.id)).map((n) => n.sourceKey)).toEqual([`pre-order-bought:${scheduled.id}`]);
    const receipt = `/receipt/${preOrderCheckoutId(scheduled.id)}`;
    expect(mailsTo(customer.email, /Your Drawhouse tickets/, receipt)).toHaveLength(1);
  });

  it('sends a notice whose mail SMTP refused once when it is retried, and once only', async () => {
    const { current, next } = await twoDraws();
    const { customer, scheduled } = await preOrder(next.drawNo, 0);
    await drainOutbox(app);
    const { mailer } = app.deps;
    const send = mailer.send.bind(mailer);
    let smtpDown = true;
    const spy = vi.spyOn(mailer, 'send').mockImplementation(async (mail) => {
      if (smtpDown && mail.to === customer.email) throw new Error('451 try again later');
      await send(mail);
    });
    try {
      await engine.closeEarly('powerball', current.drawNo);
      await drainOutbox(app);
      const waiting = await db
        .select({
          status: outboxDeliveries.status,
          lastError: outboxDeliveries.lastError,
          eventId: outboxEvents.id,
        })
        .from(outboxDeliveries)
        .innerJoin(outboxEvents, eq(outboxEvents.id, outboxDeliveries.eventId))
        .where(
          and(
            eq(outboxEvents.type, 'mail.requested'),
            eq(outboxEvents.aggregateId, customer.id),
            sql`${outboxEvents.payload}->>'subject' = 'Your pre-order is waiting'`,
          ),
        );
      expect(waiting).toEqual([
        { status: 'pending', lastError: 'Error: 451 try again later', eventId: expect.any(Number) },
      ]);
      expect(mailsTo(customer.email, /Your pre-order is waiting/)).toHaveLength(0);

      // SMTP is back and the retry comes due (rather than waiting out its backoff).
      smtpDown = false;
      await db
        .update(outboxDeliveries)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(outboxDeliveries.eventId, waiting[0]?.eventId ?? 0));
      await drainOutbox(app);
      await engine.chargePreOrders();
      await drainOutbox(app);
    } finally {
      spy.mockRestore();
    }
    const [mail, ...more] = mailsTo(customer.email, /Your pre-order is waiting/);
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain(`draw ${next.drawNo}: Your balance is not enough`);
    expect((await feedOf(customer.id)).map((n) => n.sourceKey)).toEqual([
      `pre-order-failed:${scheduled.id}:insufficient_funds`,
    ]);
  });
});
