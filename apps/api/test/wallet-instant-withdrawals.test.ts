/**
 * Withdrawals approved by rule and paid through the payout adapter (the sandbox's instant payments),
 * without an operator: what waits for one instead, a payout the receiving bank refuses (the money
 * back in the wallet), a repeat that pays once, a crash between the payout and its settlement, and
 * the closed loop (card money not played goes back to the card first).
 */
import { randomUUID } from 'node:crypto';
import { eq, ledgerTransfers, sandboxPayouts, withdrawals } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  payoutsOf,
  recoverWithdrawalPayoutsJob,
  withdrawalOperationsOf,
} from '../src/modules/wallet/index.ts';
import { sandboxPayout } from '../src/modules/wallet/payouts/sandbox.payout.ts';
import { call } from './accounts-helpers.ts';
import { cliOperator } from './admin-queues-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { CARDS, expectLedgerHolds, paymentCalls, walletOf } from './payments-helpers.ts';
import {
  backdateFund,
  NATIONAL_BANK_ACCOUNT,
  type ReadyToWithdraw,
  readyToWithdraw,
  settleSecurity,
  spend,
} from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();

/** A verified customer with $100 (or `cents`), an account added a day ago and no recent security change. */
async function eligible(options: { cents?: number } = {}): Promise<ReadyToWithdraw> {
  const customer = await readyToWithdraw(app, db, options);
  await settleSecurity(db, customer.id);
  return customer;
}

const withdraw = (customer: { token: string }, fundId: string, amount: number, key = randomUUID()) =>
  call(app, '/v2/tt/withdraw', {
    token: customer.token,
    body: { amount, fund_id: fundId },
    headers: { 'idempotency-key': key },
  });
const read = async (customer: { token: string }, id: string) =>
  (await call(app, `/v2/withdrawals/${id}`, { token: customer.token })).json().result;
const withdrawable = async (customer: { token: string }) =>
  (await call(app, '/v2/customer/withdrawable-funds', { token: customer.token })).json().result;
const mailsTo = (email: string, subject: RegExp) =>
  mailOf(app)
    .messages()
    .filter((m) => m.to.includes(email.toLowerCase()) && subject.test(m.subject));
const payoutsOfWithdrawal = (id: string) =>
  db.select().from(sandboxPayouts).where(eq(sandboxPayouts.key, id));
const settlementsOf = async (id: string) =>
  (await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, id)))
    .map((t) => t.flag)
    .sort();

async function addAccount(customer: ReadyToWithdraw, body: Record<string, string>): Promise<string> {
  const res = await call(app, '/v2/funds/bank-account', { token: customer.token, body });
  expect(res.statusCode, res.body).toBe(201);
  const fundId = res.json().result.id as string;
  await backdateFund(db, fundId);
  return fundId;
}

describe('approved by rule, paid in seconds', () => {
  it('a verified customer under the threshold to an old account is paid without an operator, told once', async () => {
    const customer = await eligible();
    const res = await withdraw(customer, customer.fundId, 40);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().result.id as string;
    expect(res.json().result).toMatchObject({ status: 'paying', approved_by: 'rule' });

    await drainOutbox(app);
    const paid = await read(customer, id);
    expect(paid.status).toBe('paid');
    expect(paid.timeline.map((s: { status: string }) => s.status)).toEqual(['requested', 'approved', 'paid']);
    expect(paid.timeline[1].note).toMatch(/^Approved at once: a verified account/);
    expect(paid.legs).toEqual([
      {
        kind: 'account',
        display: 'BSB 062-000 ****5678',
        amount: { amount: 40, currency: 'AUD' },
        status: 'paid',
        expected_arrival: { by: expect.any(String), text: expect.stringMatching(/^Within seconds/) },
      },
    ]);
    const arrival = new Date(paid.legs[0].expected_arrival.by).getTime();
    expect(arrival - new Date(paid.timeline[2].date).getTime()).toBe(60_000);

    expect(await payoutsOfWithdrawal(id)).toMatchObject([{ kind: 'payout', amountCents: 4_000 }]);
    expect(await settlementsOf(id)).toEqual(['pending', 'post_pending']);
    expect((await withdrawable(customer)).withdrawable_funds.amount).toBe(60);
    // Told once, as paid by an instant payment; its request is not told on its own.
    const mails = mailsTo(customer.email, /Withdrawal of \$40\.00/);
    expect(mails.map((m) => m.subject)).toEqual(['Withdrawal of $40.00 paid']);
    expect(mails[0]?.text).toContain('by an instant payment: it is in your account now');
    const feed = (await call(app, '/v2/notifications', { token: customer.token })).json().result
      .notifications as { title: string }[];
    expect(feed.map((n) => n.title).filter((t) => t.startsWith('Withdrawal'))).toEqual([
      'Withdrawal of $40.00 paid',
    ]);
    expect(await walletOf(db, customer.id)).toMatchObject({ posted: 6_000 });
    await expectLedgerHolds(db);
  });

  it('over the threshold, or over it with what the rule approved that day, waits for an operator', async () => {
    const customer = await eligible({ cents: 500_000 });
    const over = await withdraw(customer, customer.fundId, 2_000.01);
    expect(over.json().result).toMatchObject({ status: 'requested', approved_by: null });
    const within = await withdraw(customer, customer.fundId, 1_500);
    expect(within.json().result).toMatchObject({ status: 'paying', approved_by: 'rule' });
    const together = await withdraw(customer, customer.fundId, 600);
    expect(together.json().result).toMatchObject({ status: 'requested' });
    await drainOutbox(app);
    expect((await read(customer, over.json().result.id)).status).toBe('requested');
    expect((await read(customer, together.json().result.id)).status).toBe('requested');
    expect(mailsTo(customer.email, /Withdrawal of \$2,000\.01 requested/)).toHaveLength(1);
  });

  it('a new account, a recent password change, or an unverified customer: an operator decides or it is refused', async () => {
    const fresh = await readyToWithdraw(app, db, { fresh: true });
    await settleSecurity(db, fresh.id);
    expect((await withdraw(fresh, fresh.fundId, 20)).json().result.status).toBe('requested');

    const changed = await eligible();
    await settleSecurity(db, changed.id, 2);
    expect((await withdraw(changed, changed.fundId, 20)).json().result.status).toBe('requested');

    const unverified = await readyToWithdraw(app, db, { verified: false });
    await settleSecurity(db, unverified.id);
    const refused = await withdraw(unverified, unverified.fundId, 20);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('verify_account_required');
    await drainOutbox(app);
    expect(await db.select().from(withdrawals).where(eq(withdrawals.customerId, unverified.id))).toEqual([]);
  });

  it("an operator's approval pays through the same adapter", async () => {
    const customer = await readyToWithdraw(app, db);
    const id = (await withdraw(customer, customer.fundId, 25)).json().result.id as string;
    expect((await read(customer, id)).status).toBe('requested');
    const operations = withdrawalOperationsOf(app.deps);
    expect((await operations.approve(id, await cliOperator(db, 'sam'))).row.status).toBe('paid');
    await drainOutbox(app);
    const paid = await read(customer, id);
    expect(paid).toMatchObject({ status: 'paid', approved_by: 'operator' });
    expect(paid.timeline[1].note).toBe('Approved by our team');
    expect(await payoutsOfWithdrawal(id)).toHaveLength(1);
  });
});

describe('a payout the receiving bank refuses', () => {
  it('a closed account: not paid, the money back in the wallet through the ledger, the customer told', async () => {
    const customer = await eligible();
    const closed = await addAccount(customer, { ...NATIONAL_BANK_ACCOUNT, account_number: '99999999' });
    const id = (await withdraw(customer, closed, 30)).json().result.id as string;
    await drainOutbox(app);
    const failed = await read(customer, id);
    expect(failed).toMatchObject({ status: 'failed', reason: 'the account is closed' });
    expect(failed.timeline.map((s: { status: string }) => s.status)).toEqual([
      'requested',
      'approved',
      'failed',
    ]);
    expect(failed.legs).toMatchObject([{ kind: 'account', status: 'failed', expected_arrival: null }]);
    expect((await withdrawable(customer)).withdrawable_funds.amount).toBe(100);
    expect(await walletOf(db, customer.id)).toMatchObject({ posted: 10_000 });
    expect(await settlementsOf(id)).toEqual(['pending', 'void_pending']);
    const [mail] = mailsTo(customer.email, /Withdrawal of \$30\.00 not paid/);
    expect(mail?.text).toContain('the account is closed. The money is back in your wallet');
    const feed = (await call(app, '/v2/notifications', { token: customer.token })).json().result
      .notifications as { title: string }[];
    expect(feed.map((n) => n.title)).toContain('Withdrawal of $30.00 not paid');
    await expectLedgerHolds(db);
    // The account is listed as failed verification, and left out when the filter asks so; the next
    // withdrawal to it waits for an operator.
    const accounts = (await call(app, '/v2/funds/bank-account', { token: customer.token })).json().result;
    expect(accounts.find((a: { id: string }) => a.id === closed)).toMatchObject({
      failed_verification: true,
    });
    expect(accounts.find((a: { id: string }) => a.id === customer.fundId)).toMatchObject({
      failed_verification: false,
    });
    const listed = async (filter: string) => {
      const res = await call(app, `/v2/payment_methods?filter=${encodeURIComponent(filter)}`, {
        token: customer.token,
        headers: { 'x-api-version': '3.2' },
      });
      const tt = (
        res.json().result as { code: string; funds: { id: string; failed_verification: boolean }[] }[]
      ).find((m) => m.code === 'tt');
      return tt?.funds ?? [];
    };
    const withFailed = await listed('funds.withdraw eq true,funds.failed_verification eq true');
    expect(withFailed.find((f) => f.id === closed)?.failed_verification).toBe(true);
    const withoutFailed = await listed('funds.withdraw eq true,funds.failed_verification eq false');
    expect(withoutFailed.map((f) => f.id)).toEqual([customer.fundId]);
    expect((await withdraw(customer, closed, 10)).json().result.status).toBe('requested');
    await drainOutbox(app);
  });

  it('an unregistered PayID fails the same way', async () => {
    const customer = await eligible();
    const payid = await addAccount(customer, {
      type: 'payid_email',
      account_name: 'Jo Citizen',
      payid: 'unregistered@payid.example',
    });
    const id = (await withdraw(customer, payid, 15)).json().result.id as string;
    await drainOutbox(app);
    expect(await read(customer, id)).toMatchObject({
      status: 'failed',
      reason: 'the PayID is not registered',
    });
  });
});

describe('once, whatever happens', () => {
  it('a retried request and a payout run again pay once', async () => {
    const customer = await eligible();
    const key = randomUUID();
    const first = await withdraw(customer, customer.fundId, 20, key);
    const again = await withdraw(customer, customer.fundId, 20, key);
    expect(again.json().result.id).toBe(first.json().result.id);
    const id = first.json().result.id as string;
    await drainOutbox(app);
    // The subscriber delivered again, and the job, find it paid: nothing moves.

    expect((await payoutsOf(app.deps).payOut(id))?.status).toBe('paid');
    expect(await payoutsOfWithdrawal(id)).toHaveLength(1);
    expect(await settlementsOf(id)).toEqual(['pending', 'post_pending']);
    expect(mailsTo(customer.email, /Withdrawal of \$20\.00 paid/)).toHaveLength(1);
    expect((await withdrawable(customer)).withdrawable_funds.amount).toBe(80);
  });

  it('a crash after the bank paid and before the settlement: paid again by the job under the same key, once', async () => {
    const customer = await readyToWithdraw(app, db);
    const id = (await withdraw(customer, customer.fundId, 35)).json().result.id as string;
    await drainOutbox(app);
    // The approval committed and the bank paid; then the process stopped: no settlement, and the
    // delivery that would have paid it died with the process (it is left to the job).
    await db
      .update(withdrawals)
      .set({ status: 'paying', approvedAt: new Date(Date.now() - 3 * 60_000), approval: 'operator' })
      .where(eq(withdrawals.id, id));
    const [paying] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
    const bankAccount = { type: 'national' as const, details: { bsb: '062000', accountNumber: '12345678' } };
    await sandboxPayout(db).pay({
      withdrawalId: id,
      customerId: customer.id,
      amountCents: paying?.amountCents ?? 0,
      destination: { ...bankAccount, holderName: 'Jo Citizen' },
    });
    expect(await payoutsOfWithdrawal(id)).toHaveLength(1);

    // Not yet two minutes: the job leaves it; after, it pays it again under the same key, once.
    await recoverWithdrawalPayoutsJob(app.deps, new Date(Date.now() - 2 * 60_000));
    expect((await read(customer, id)).status).toBe('paying');
    await recoverWithdrawalPayoutsJob(app.deps);
    await drainOutbox(app);
    expect((await read(customer, id)).status).toBe('paid');
    expect(await payoutsOfWithdrawal(id)).toHaveLength(1);
    expect(await settlementsOf(id)).toEqual(['pending', 'post_pending']);
    expect(mailsTo(customer.email, /Withdrawal of \$35\.00 paid/)).toHaveLength(1);
    await recoverWithdrawalPayoutsJob(app.deps);
    expect(await payoutsOfWithdrawal(id)).toHaveLength(1);
    await expectLedgerHolds(db);
  });
});

describe('closed loop', () => {
  it('card money not played goes back to the card first, the rest to the account; both legs shown', async () => {
    const customer = await eligible({ cents: 2_000 });
    const calls = paymentCalls(app, customer.token);
    const card = await calls.addCard(CARDS.succeeds);
    const deposit = await calls.deposit(card, { amount: 50, csc: '123' });
    expect(deposit.statusCode, deposit.body).toBe(201);
    // $20 of play: the older $20 (not a card's) is played first, so all $50 of the card is unplayed.
    await spend(db, customer.id, 2_000);
    await spend(db, customer.id, 1_000);
    // $10 of the card's $50 is played now: $40 goes back to it.
    expect((await withdrawable(customer)).card_returns).toEqual([
      { display: 'Visa ending 4242', amount: { amount: 40, currency: 'AUD' } },
    ]);

    const res = await withdraw(customer, customer.fundId, 40);
    const id = res.json().result.id as string;
    await drainOutbox(app);
    const paid = await read(customer, id);
    expect(paid.status).toBe('paid');
    expect(paid.legs).toMatchObject([
      { kind: 'card', display: 'Visa ending 4242', amount: { amount: 40 }, status: 'paid' },
    ]);
    expect(paid.legs[0].expected_arrival.text).toMatch(/5 business days/);
    expect((await withdrawable(customer)).card_returns).toEqual([]);
    await expectLedgerHolds(db);
  });

  it('a withdrawal larger than the card money splits: card first, then the account', async () => {
    const customer = await eligible({ cents: 5_000 });
    const calls = paymentCalls(app, customer.token);
    const card = await calls.addCard(CARDS.succeeds);
    expect((await calls.deposit(card, { amount: 30, csc: '123' })).statusCode).toBe(201);
    const id = (await withdraw(customer, customer.fundId, 70)).json().result.id as string;
    await drainOutbox(app);
    const paid = await read(customer, id);
    expect(paid.legs).toMatchObject([
      { kind: 'card', display: 'Visa ending 4242', amount: { amount: 30 }, status: 'paid' },
      { kind: 'account', display: 'BSB 062-000 ****5678', amount: { amount: 40 }, status: 'paid' },
    ]);
    expect(await payoutsOfWithdrawal(id)).toMatchObject([{ amountCents: 4_000 }]);
    const [mail] = mailsTo(customer.email, /Withdrawal of \$70\.00 paid/);
    expect(mail?.text).toContain('$30.00 back to Visa ending 4242');
    expect((await withdrawable(customer)).withdrawable_funds.amount).toBe(10);
  });
});

describe('PayPal payout accounts', () => {
  const addPayPal = (customer: { token: string }, email: string) =>
    call(app, '/v2/funds/paypal-account', { token: customer.token, body: { email } });
  const withdrawPayPal = (customer: { token: string }, fundId: string, amount: number) =>
    call(app, '/v2/pl/withdraw', {
      token: customer.token,
      body: { amount, fund_id: fundId },
      headers: { 'idempotency-key': randomUUID() },
    });

  it('are added with a step-up and a mail, listed under the pl withdrawal method only, and paid at once', async () => {
    const customer = await eligible();
    const notStepped = await call(app, '/v2/funds/paypal-account', {
      token: customer.access_token,
      body: { email: 'jo@example.com' },
    });
    expect(notStepped.statusCode).toBe(403);
    const bad = await addPayPal(customer, 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email[0].message).toBe('Please enter a valid email address.');
    const added = await addPayPal(customer, ' Jo@Example.com ');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().result).toMatchObject({
      code: 'pl',
      type: 'paypal',
      display: 'PayPal j***@example.com',
    });
    const fundId = added.json().result.id as string;
    expect((await addPayPal(customer, 'jo@example.com')).json().result.id).toBe(fundId);
    await drainOutbox(app);
    expect(mailsTo(customer.email, /A PayPal account was added for your withdrawals/)).toHaveLength(1);

    const methods = (
      await call(app, '/v2/payment_methods', { token: customer.token, headers: { 'x-api-version': '3.2' } })
    ).json().result as { code: string; withdraw: boolean; funds: { id: string }[] }[];
    const payoutSide = methods.find((m) => m.code === 'pl' && m.withdraw);
    const depositSide = methods.find((m) => m.code === 'pl' && !m.withdraw);
    expect(payoutSide?.funds.map((f) => f.id)).toEqual([fundId]);
    expect(depositSide?.funds.map((f) => f.id)).not.toContain(fundId);

    // Added just now: the withdrawal waits for an operator; a day later one is paid at once.
    expect((await withdrawPayPal(customer, fundId, 10)).json().result.status).toBe('requested');
    await backdateFund(db, fundId);
    const id = (await withdrawPayPal(customer, fundId, 20)).json().result.id as string;
    await drainOutbox(app);
    expect(await read(customer, id)).toMatchObject({
      status: 'paid',
      method_code: 'pl',
      fund: { display: 'PayPal j***@example.com' },
    });
    // A PayPal account is not a bank account.
    expect((await withdraw(customer, fundId, 10)).statusCode).toBe(404);
  });

  it('a PayPal account that does not exist: not paid, the money back', async () => {
    const customer = await eligible();
    const fundId = (await addPayPal(customer, 'unknown@paypal.example')).json().result.id as string;
    await backdateFund(db, fundId);
    const id = (await withdrawPayPal(customer, fundId, 25)).json().result.id as string;
    await drainOutbox(app);
    expect(await read(customer, id)).toMatchObject({
      status: 'failed',
      reason: 'there is no PayPal account with this email',
    });
    expect((await withdrawable(customer)).withdrawable_funds.amount).toBe(100);
  });
});

describe('ownership', () => {
  it("another customer's withdrawal is not found, and cannot be cancelled", async () => {
    const owner = await eligible();
    const other = await eligible();
    const id = (await withdraw(owner, owner.fundId, 10)).json().result.id as string;
    expect((await call(app, `/v2/withdrawals/${id}`, { token: other.token })).statusCode).toBe(404);
    const cancel = await call(app, `/v2/withdrawals/${id}/cancel`, { method: 'POST', token: other.token });
    expect(cancel.statusCode).toBe(404);
    await drainOutbox(app);
  });
});
