/**
 * Withdrawals: step-up, verification, bad amounts, ownership, the hold in the ledger, idempotent
 * replays, concurrent requests, and the operator's approval and rejection (commands called directly).
 */
import { randomUUID } from 'node:crypto';
import { checkouts, eq } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { runOperator } from '../src/operator/run.ts';
import { call, login, newCustomer } from './accounts-helpers.ts';
import { anotherOperator } from './draws-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { creditWallet, NATIONAL_BANK_ACCOUNT, readyToWithdraw } from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();

const readyCustomer = (options: { verified?: boolean; cents?: number } = {}) =>
  readyToWithdraw(app, db, options);

const withdraw = (customer: { token: string }, body: unknown, key?: string, code = 'tt') =>
  call(app, `/v2/${code}/withdraw`, {
    token: customer.token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
const get = (customer: { token: string }, url: string) => call(app, url, { token: customer.token });
const funds = async (customer: { token: string }) =>
  (await get(customer, '/v2/customer/withdrawable-funds')).json().result;

async function operator(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOperator(argv, { db, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('POST /v2/{code}/withdraw', () => {
  it('needs a step-up first (403 REQUIRED)', async () => {
    const customer = await readyCustomer();
    // A new sign-in with the password alone is a session that has not stepped up.
    const signedIn = await login(app, { email: customer.email, password: customer.password });
    const token = signedIn.json().result.access_token as string;
    const res = await withdraw({ token }, { amount: 10, fund_id: customer.fundId });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('REQUIRED');
  });

  it('refuses an unverified account', async () => {
    const customer = await readyCustomer({ verified: false });
    const res = await withdraw(customer, { amount: 10, fund_id: customer.fundId });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'verify_account_required',
      message:
        'Please verify your account before you withdraw: withdrawals open once your identity is verified.',
    });
  });

  it('refuses bad amounts with the amount messages, and more than the withdrawable funds', async () => {
    const customer = await readyCustomer();
    await creditWallet(db, customer.id, 5_000, 'promo');
    const cases: [unknown, string][] = [
      [-1, 'Please enter an amount equal to or greater than 10.00.'],
      [0, 'Please enter an amount equal to or greater than 10.00.'],
      [0.5, 'Please enter an amount equal to or greater than 10.00.'],
      ['9.99', 'Please enter an amount equal to or greater than 10.00.'],
      [1.005, 'Amount must follow format e.g: 1.50'],
      ['abc', 'Amount must follow format e.g: 1.50'],
      [{ amount: 5 }, 'Amount must follow format e.g: 1.50'],
      [100.01, 'Please enter an amount equal to or less than 100.00.'],
      [150, 'Please enter an amount equal to or less than 100.00.'],
    ];
    for (const [amount, message] of cases) {
      const res = await withdraw(customer, { amount, fund_id: customer.fundId });
      expect(res.statusCode, JSON.stringify(amount)).toBe(400);
      expect(res.json().errors.amount[0].message).toBe(message);
    }
    expect((await withdraw(customer, { fund_id: customer.fundId })).json().errors.amount[0].message).toBe(
      'This field is required.',
    );
    expect((await funds(customer)).withdrawable_funds.amount).toBe(100);
  });

  it("answers 404 for an unknown or another customer's fund and an unknown method; 422 for a method not offered", async () => {
    const customer = await readyCustomer();
    const other = await readyCustomer();
    for (const fundId of [other.fundId, randomUUID(), 'not-a-fund']) {
      const res = await withdraw(customer, { amount: 10, fund_id: fundId });
      expect(res.statusCode, fundId).toBe(404);
      expect(res.json().error.code).toBe('fund_not_found');
    }
    expect(
      (await withdraw(customer, { amount: 10, fund_id: customer.fundId }, undefined, 'zz')).statusCode,
    ).toBe(404);
    const wire = await withdraw(customer, { amount: 10, fund_id: customer.fundId }, undefined, 'tw');
    expect(wire.statusCode).toBe(422);
    expect(wire.json().error.code).toBe('withdrawal_method_unavailable');
    // A bank account is not a PayPal account.
    const paypal = await withdraw(customer, { amount: 10, fund_id: customer.fundId }, undefined, 'pl');
    expect(paypal.statusCode).toBe(404);
    expect((await funds(customer)).withdrawable_funds.amount).toBe(100);
  });

  it('holds the money, shows it pending, replays a key and refuses it for another amount', async () => {
    const customer = await readyCustomer();
    const key = randomUUID();
    const res = await withdraw(customer, { amount: '30.00', fund_id: customer.fundId }, key);
    expect(res.statusCode, res.body).toBe(201);
    const withdrawal = res.json().result;
    expect(withdrawal).toMatchObject({
      status: 'requested',
      amount: { amount: 30, currency: 'AUD' },
      method_code: 'tt',
      fund: { id: customer.fundId, display: 'BSB 062-000 ****5678' },
      reason: null,
    });
    expect(withdrawal.timeline.map((s: { status: string }) => s.status)).toEqual(['requested']);
    const replay = await withdraw(customer, { amount: '30.00', fund_id: customer.fundId }, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().result.id).toBe(withdrawal.id);
    const mismatch = await withdraw(customer, { amount: '31.00', fund_id: customer.fundId }, key);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error.code).toBe('idempotency_mismatch');

    expect(await funds(customer)).toMatchObject({
      withdrawable_funds: { amount: 70 },
      pending_withdrawals: { amount: 30 },
      verified: true,
    });
    const [line] = (await get(customer, '/v2/transactions')).json().result;
    expect(line).toMatchObject({
      type: 'withdrawal',
      amount: { amount: -30 },
      status: 'pending',
      reference: withdrawal.id,
      description: 'Withdrawal to BSB 062-000 ****5678',
    });
    const overview = (await get(customer, '/v2/customer')).json().result;
    expect(overview.balance.amount).toBe(100);
    expect(overview.available_funds.amount).toBe(70);
  });

  it('ten concurrent $30 requests from $100: three are held, the rest refused', async () => {
    const customer = await readyCustomer();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        withdraw(customer, { amount: 30, fund_id: customer.fundId }, randomUUID()),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const refused of answers.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors.amount[0].message).toBe(
        'Please enter an amount equal to or less than 10.00.',
      );
    }
    expect((await funds(customer)).withdrawable_funds.amount).toBe(10);
  });
});

describe('GET /v2/withdrawals', () => {
  it("shows the customer's own withdrawals; another's or an unknown id is 404", async () => {
    const customer = await readyCustomer();
    const other = await readyCustomer();
    const id = (await withdraw(customer, { amount: 10, fund_id: customer.fundId })).json().result.id;
    const detail = await get(customer, `/v2/withdrawals/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().result.id).toBe(id);
    for (const url of [`/v2/withdrawals/${id}`, `/v2/withdrawals/${randomUUID()}`, '/v2/withdrawals/nope']) {
      const res = await get(other, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('withdrawal_not_found');
    }
    const list = await get(customer, '/v2/withdrawals');
    expect(list.json()).toMatchObject({ page_info: { total: 1, limit: 10, offset: 0 } });
    expect(list.json().result[0].id).toBe(id);
    expect((await get(other, '/v2/withdrawals')).json().result).toEqual([]);
  });
});

describe('operator commands', () => {
  it('customer:verify marks the customer verified, once; an unknown email fails', async () => {
    const customer = await newCustomer(app);
    const sam = await anotherOperator(db, 'sam');
    const first = await operator('customer:verify', customer.email.toUpperCase(), '--token', sam.token);
    expect(first).toMatchObject({ code: 0, out: `${customer.email} is verified by ${sam.name}` });
    const again = await operator('customer:verify', customer.email, '--token', sam.token);
    expect(again.out).toContain('was verified already');
    const overview = (await call(app, '/v2/customer', { token: customer.access_token })).json().result;
    expect(overview.is_verified).toBe(true);
    const unknown = await operator('customer:verify', 'nobody@example.com', '--token', sam.token);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('no customer with the email nobody@example.com');
    expect((await operator('customer:verify')).err).toContain('usage: customer:verify <email>');
  });

  it('withdrawals:approve posts the hold: approved, then paid; a second decision is refused', async () => {
    const customer = await readyCustomer();
    const id = (await withdraw(customer, { amount: 40, fund_id: customer.fundId })).json().result.id;
    const listed = await operator('withdrawals:list');
    expect(listed.out).toContain(id);
    expect(listed.out).toContain('$40.00');
    expect((await operator('withdrawals:approve', id)).err).toContain('set DRAWHOUSE_OPERATOR_TOKEN');
    const nobody = await operator('withdrawals:approve', id, '--operator', 'nobody');
    expect(nobody.code).toBe(1);
    expect(nobody.err).toMatch(/Unknown option '--operator'/);
    const sam = await anotherOperator(db, 'sam');
    const approved = await operator('withdrawals:approve', id, '--token', sam.token);
    expect(approved).toMatchObject({
      code: 0,
      out: `withdrawal ${id} of $40.00 approved and paid by ${sam.name}`,
    });
    const detail = (await get(customer, `/v2/withdrawals/${id}`)).json().result;
    expect(detail.status).toBe('paid');
    expect(detail.timeline.map((s: { status: string }) => s.status)).toEqual([
      'requested',
      'approved',
      'paid',
    ]);
    expect(await funds(customer)).toMatchObject({
      withdrawable_funds: { amount: 60 },
      pending_withdrawals: { amount: 0 },
    });
    const [line] = (await get(customer, '/v2/transactions')).json().result;
    expect(line).toMatchObject({ type: 'withdrawal', status: 'posted', amount: { amount: -40 } });
    const again = await operator('withdrawals:reject', id, '--reason', 'late', '--token', sam.token);
    expect(again.code).toBe(1);
    expect(again.err).toContain('is paid already');
    expect((await operator('withdrawals:list')).out).not.toContain(id);
    expect((await operator('withdrawals:list', '--status', 'paid')).out).toContain(id);
  });

  it('withdrawals:approve says when the bank refused the payout: not paid, the money back', async () => {
    const customer = await readyCustomer();
    const closed = await call(app, '/v2/funds/bank-account', {
      token: customer.token,
      body: { ...NATIONAL_BANK_ACCOUNT, account_number: '99999999' },
    });
    const fundId = closed.json().result.id as string;
    const id = (await withdraw(customer, { amount: 40, fund_id: fundId })).json().result.id;
    const sam = await anotherOperator(db, 'sam');
    const approved = await operator('withdrawals:approve', id, '--token', sam.token);
    expect(approved).toMatchObject({
      code: 0,
      out: `withdrawal ${id} of $40.00 approved by ${sam.name} but not paid (the account is closed): the money is back in the customer's wallet`,
    });
    expect((await get(customer, `/v2/withdrawals/${id}`)).json().result.status).toBe('failed');
    expect((await funds(customer)).withdrawable_funds.amount).toBe(100);
    expect((await operator('withdrawals:list', '--status', 'failed')).out).toContain(id);
  });

  it('a withdrawal over the second-approval limit is paid only once a second, different operator approves', async () => {
    const customer = await readyCustomer({ cents: 300_000 });
    const id = (await withdraw(customer, { amount: 2_500, fund_id: customer.fundId })).json().result.id;
    const ann = await anotherOperator(db, 'ann');
    const bob = await anotherOperator(db, 'bob');
    const first = await operator('withdrawals:approve', id, '--token', ann.token);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/paid once a second operator approves it/);
    expect((await get(customer, `/v2/withdrawals/${id}`)).json().result.status).toBe('requested');
    expect((await funds(customer)).pending_withdrawals.amount).toBe(2_500);
    const same = await operator('withdrawals:approve', id, '--token', ann.token);
    expect(same.code).toBe(1);
    expect(same.err).toMatch(/a second, different operator must approve it/);
    expect((await operator('withdrawals:list')).out).toContain(`first approval by ${ann.name}`);
    const second = await operator('withdrawals:approve', id, '--token', bob.token);
    expect(second).toMatchObject({
      code: 0,
      out: `withdrawal ${id} of $2,500.00 approved and paid by ${bob.name}`,
    });
    expect((await get(customer, `/v2/withdrawals/${id}`)).json().result.status).toBe('paid');
    expect((await funds(customer)).withdrawable_funds.amount).toBe(500);
  });

  it('withdrawals:reject voids the hold: the money is back and the line says voided', async () => {
    const customer = await readyCustomer();
    const id = (await withdraw(customer, { amount: 25, fund_id: customer.fundId })).json().result.id;
    const kim = await anotherOperator(db, 'kim');
    const rejected = await operator(
      'withdrawals:reject',
      id,
      '--reason',
      'Name does not match',
      '--token',
      kim.token,
    );
    expect(rejected.code).toBe(0);
    const detail = (await get(customer, `/v2/withdrawals/${id}`)).json().result;
    expect(detail).toMatchObject({ status: 'rejected', reason: 'Name does not match' });
    expect(detail.timeline.map((s: { status: string }) => s.status)).toEqual(['requested', 'rejected']);
    expect((await funds(customer)).withdrawable_funds.amount).toBe(100);
    const [line] = (await get(customer, '/v2/transactions')).json().result;
    expect(line).toMatchObject({ type: 'withdrawal', status: 'voided' });
    expect((await operator('withdrawals:approve', randomUUID(), '--token', kim.token)).err).toContain(
      'That withdrawal was not found.',
    );
  });

  it('an unknown command answers the help with exit code 2', async () => {
    const res = await operator('ledger:fix');
    expect(res.code).toBe(2);
    expect(res.err).toContain('unknown command ledger:fix');
    expect(res.err).toContain('withdrawals:approve <id> [--token <token>]');
    expect(res.err).toContain('deposits:reconcile');
  });

  it('ledger:check passes on a consistent ledger and fails on a checkout that bought nothing', async () => {
    const ok = await operator('ledger:check');
    expect(ok.out).toContain('ledger: all checks passed');
    expect(ok.code, ok.out).toBe(0);
    const customer = await newCustomer(app);
    const id = randomUUID();
    await db
      .insert(checkouts)
      .values({ id, customerId: customer.id, cartId: randomUUID(), cartTotalCents: 500, paidCents: 500 });
    try {
      const bad = await operator('ledger:check');
      expect(bad.code).toBe(1);
      expect(bad.out).toContain('FAIL  every checkout bought something: 1');
      expect(bad.out).toContain(id);
    } finally {
      await db.delete(checkouts).where(eq(checkouts.id, id));
    }
  });
});
