/**
 * How a deposit ended is written to the outbox in the transaction that ends it (`deposit.completed`,
 * `deposit.failed`), and the customer is told once: money added by a top-up (at once, after 3-D
 * Secure, reconciled from the bank), a deposit that expired unfinished; not a checkout's deposit that
 * paid for its purchase (the receipt tells), nor a decline the customer saw (it rolled back).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, notifications, sql } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import { depositNoticeSubscriber, paymentsOf } from '../src/modules/payments/index.ts';
import { newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, checkoutCalls, dueCents } from './checkout-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { deliverAgain } from './outbox-helpers.ts';
import { CARDS, paymentCalls, submitPage } from './payments-helpers.ts';
import { markVerified } from './wallet-helpers.ts';

const app = await getTestApp();
const { db } = getTestDb();
const payments = paymentsOf(app.deps);

/** The deposit's events, with whether each was written by the transaction that last wrote the deposit. */
const eventsOf = async (depositId: string) =>
  (
    await db.execute<{ id: string; type: string; status: string | null; same_tx: boolean }>(sql`
      select e.id::text as id, e.type, e.payload->>'status' as status, e.xmin::text = d.xmin::text as same_tx
      from outbox_events e join deposits d on d.id::text = e.aggregate_id
      where e.type like 'deposit.%' and e.aggregate_id = ${depositId}
      order by e.id`)
  ).rows;

const feedOf = (customerId: string) =>
  db.select().from(notifications).where(eq(notifications.customerId, customerId));

/** The mails to the customer about deposits, once the outbox has delivered. */
async function depositMails(customer: TestCustomer) {
  await drainOutbox(app);
  return mailOf(app)
    .messages()
    .filter((m) => m.to.includes(customer.email.toLowerCase()) && /deposit|balance/i.test(m.subject));
}

async function withCard(card: string) {
  const customer = await newCustomer(app);
  const calls = paymentCalls(app, customer.access_token);
  return { customer, calls, fundId: await calls.addCard(card) };
}

describe('deposit notices', () => {
  it('tells a card deposit added to the balance once, from one event of its transaction', async () => {
    const { customer, calls, fundId } = await withCard(CARDS.succeeds);
    const res = await calls.deposit(fundId, { amount: 50, csc: '123' });
    expect(res.statusCode, res.body).toBe(201);
    const depositId = res.json().result.id as string;
    const [event, ...more] = await eventsOf(depositId);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ type: 'deposit.completed', same_tx: true });

    const subscriber = depositNoticeSubscriber(app.deps);
    await drainOutbox(app);
    await deliverAgain(db, subscriber, event?.id ?? '');
    await deliverAgain(db, subscriber, event?.id ?? '');
    const [mail, ...again] = await depositMails(customer);
    expect(again).toEqual([]);
    expect(mail?.subject).toBe('$50.00 added to your balance');
    expect(mail?.text).toContain('Your deposit of $50.00 by Visa ending 4242 is in your balance.');
    expect(mail?.text).toContain('/my-account/transactions');
    expect((await feedOf(customer.id)).map((n) => [n.sourceKey, n.title])).toEqual([
      [`deposit-added:${depositId}`, '$50.00 added to your balance'],
    ]);
  });

  it('tells a deposit that passed its 3-D Secure check once it is posted, not while it waits', async () => {
    const { customer, calls, fundId } = await withCard(CARDS.challengeThenSucceeds);
    const deposit = (await calls.deposit(fundId, { amount: 40, csc: '123' })).json().result;
    expect(await eventsOf(deposit.id)).toEqual([]);
    expect(await depositMails(customer)).toEqual([]);
    expect((await submitPage(app, deposit.redirect_url, 'complete')).statusCode).toBe(303);
    expect(await eventsOf(deposit.id)).toEqual([
      { id: expect.any(String), type: 'deposit.completed', status: null, same_tx: true },
    ]);
    expect((await depositMails(customer)).map((m) => m.subject)).toEqual(['$40.00 added to your balance']);
  });

  it('tells a deposit abandoned at its challenge that it did not go through once it expires', async () => {
    const { customer, calls, fundId } = await withCard(CARDS.challengeThenSucceeds);
    const deposit = (await calls.deposit(fundId, { amount: 12, csc: '123' })).json().result;
    await payments.deposits.expireAbandoned(new Date(Date.now() + 16 * 60_000));
    expect(await eventsOf(deposit.id)).toEqual([
      { id: expect.any(String), type: 'deposit.failed', status: 'expired', same_tx: true },
    ]);
    const [mail, ...more] = await depositMails(customer);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your deposit of $12.00 did not go through');
    expect(mail?.text).toContain('nothing was charged');
  });

  it('says nothing of a decline the customer saw, nor of a failed 3-D Secure check', async () => {
    const declined = await withCard(CARDS.declined);
    const res = await declined.calls.deposit(declined.fundId, { amount: 10, csc: '123' });
    expect(res.statusCode).toBe(402);
    const failedCheck = await withCard(CARDS.challengeThenSucceeds);
    const waiting = (await failedCheck.calls.deposit(failedCheck.fundId, { amount: 15, csc: '123' })).json()
      .result;
    await submitPage(app, waiting.redirect_url, 'fail');
    expect(await eventsOf(waiting.id)).toEqual([
      { id: expect.any(String), type: 'deposit.failed', status: 'declined', same_tx: true },
    ]);
    expect(await depositMails(declined.customer)).toEqual([]);
    expect(await depositMails(failedCheck.customer)).toEqual([]);
    expect(await feedOf(failedCheck.customer.id)).toEqual([]);
  });

  it("leaves a checkout's deposit that paid for its purchase to the receipt", async () => {
    const customer = await newCustomer(app);
    const { add, cart, depositPurchase } = checkoutCalls(app);
    expect((await add(customer.access_token, PB_ITEM)).statusCode).toBe(200);
    const fundId = await paymentCalls(app, customer.access_token).addCard(CARDS.succeeds);
    const due = dueCents(await cart(customer.access_token));
    const res = await depositPurchase(customer.access_token, {
      deposit: { fund_id: fundId, amount: aud(due), csc: '123' },
      purchase: { use_wallet: true, expected_total: aud(due) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await depositMails(customer)).toEqual([]);
    const receipts = mailOf(app)
      .messages()
      .filter((m) => m.to.includes(customer.email.toLowerCase()) && m.subject === 'Your Drawhouse tickets');
    expect(receipts).toHaveLength(1);
  });

  it('tells a BPAY payment once the operator reconciles it', async () => {
    const customer = await newCustomer(app);
    await markVerified(db, customer.id);
    const calls = paymentCalls(app, customer.access_token);
    const started = (await calls.post('/v2/funds/bp/deposit', { amount: 100 })).json().result;
    const reference = started.reference.reference as string;
    const line = { code: 'bp' as const, reference, amountCents: 10_000, bankTransactionId: randomUUID() };
    const credited = await payments.deposits.reconcileBankDeposit(line);
    expect(credited.result).toBe('credited');
    expect((await payments.deposits.reconcileBankDeposit(line)).result).toBe('already_reconciled');
    const [mail, ...more] = await depositMails(customer);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('$100.00 added to your balance');
    expect(mail?.text).toContain('by BPAY');
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.customerId, customer.id), eq(notifications.icon, 'wallet')));
    expect(told).toHaveLength(1);
  });
});
