/**
 * The finance role's back office queues under /admin: withdrawals (listed by status and customer
 * email, shown, approved by two different operators over the second-approval limit, rejected with
 * the reason the customer reads), the BPAY and bank transfer deposits waiting for their bank line
 * and their reconciliation, and the ledger check. Each decision writes its audit row in its own
 * transaction (a decision that fails writes none, and an audit row that cannot be written undoes the
 * decision), and a decided withdrawal is never paid twice.
 */
import { randomUUID } from 'node:crypto';
import { eq, sandboxPayouts } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cliActor } from '../src/modules/operators/index.ts';
import { withdrawalOperationsOf } from '../src/modules/wallet/index.ts';
import { call, newCustomer } from './accounts-helpers.ts';
import { auditOf } from './admin-queues-helpers.ts';
import { anotherOperator, operatorRun } from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';
import { paymentCalls, walletOf } from './payments-helpers.ts';
import { readyToWithdraw } from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const ann = await backOfficeOperator(app, ['finance']);
const bob = await backOfficeOperator(app, ['finance']);
const support = await backOfficeOperator(app, ['support']);

async function requested(dollars: number, cents = 300_000) {
  const customer = await readyToWithdraw(app, db, { cents });
  const res = await call(app, '/v2/tt/withdraw', {
    token: customer.token,
    body: { amount: dollars, fund_id: customer.fundId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { customer, id: res.json().result.id as string };
}

const payoutsOf = (id: string) => db.select().from(sandboxPayouts).where(eq(sandboxPayouts.key, id));

describe('/admin/withdrawals', () => {
  it('needs the finance role (403 for support), and a sign-in (401)', async () => {
    const { id } = await requested(20);
    for (const [method, url] of [
      ['GET', '/admin/withdrawals'],
      ['GET', `/admin/withdrawals/${id}`],
      ['POST', `/admin/withdrawals/${id}/approve`],
    ] as const) {
      const refused = await asOperator(app, support, method, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code).toBe('role_required');
      expect((await app.inject({ method, url })).statusCode, url).toBe(401);
    }
    const shown = await asOperator(app, ann, 'GET', `/admin/withdrawals/${id}`);
    expect(shown.json().result.status).toBe('requested');
    expect(await auditOf(db, 'withdrawal', id)).toEqual([]);
  });

  it('lists by status and customer email, a page at a time, and shows one as its customer reads it', async () => {
    const { customer, id } = await requested(20);
    await requested(30);
    const byEmail = await asOperator(
      app,
      ann,
      'GET',
      `/admin/withdrawals?status=requested&email=${encodeURIComponent(customer.email.toUpperCase())}`,
    );
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.json().result).toMatchObject({
      total: 1,
      page: 1,
      second_approval_limit: { currency: 'AUD' },
      withdrawals: [
        {
          id,
          status: 'requested',
          amount: { amount: 20 },
          customer: { id: customer.id, email: customer.email },
          second_approval_needed: false,
          first_approved_by: null,
        },
      ],
    });
    const firstPage = (await asOperator(app, ann, 'GET', '/admin/withdrawals?limit=1')).json().result;
    expect(firstPage.withdrawals).toHaveLength(1);
    expect(firstPage.total).toBeGreaterThanOrEqual(2);
    const nextPage = (await asOperator(app, ann, 'GET', '/admin/withdrawals?limit=1&page=2')).json().result;
    expect(nextPage.withdrawals[0].id).not.toBe(firstPage.withdrawals[0].id);
    const none = await asOperator(app, ann, 'GET', `/admin/withdrawals?status=paid&email=${customer.email}`);
    expect(none.json().result).toMatchObject({ total: 0, withdrawals: [] });

    const shown = (await asOperator(app, ann, 'GET', `/admin/withdrawals/${id}`)).json().result;
    expect(shown).toMatchObject({ id, customer_view: { id, status: 'requested', reason: null } });
    const unknown = await asOperator(app, ann, 'GET', `/admin/withdrawals/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    const bad = await asOperator(app, ann, 'GET', '/admin/withdrawals?status=lost');
    expect(bad.statusCode).toBe(400);
  });

  it('over the limit: the first approval waits, the same operator is refused, a second one pays it once; each audited', async () => {
    const { customer, id } = await requested(2_500);
    const first = await asOperator(app, ann, 'POST', `/admin/withdrawals/${id}/approve`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({
      status: 'requested',
      second_approval_needed: true,
      first_approved_by: ann.name,
    });
    const same = await asOperator(app, ann, 'POST', `/admin/withdrawals/${id}/approve`);
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('second_approval_needed');
    const waiting = (await asOperator(app, bob, 'GET', '/admin/withdrawals')).json().result.withdrawals;
    expect(waiting.find((w: { id: string }) => w.id === id)).toMatchObject({ first_approved_by: ann.name });

    const second = await asOperator(app, bob, 'POST', `/admin/withdrawals/${id}/approve`);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().result).toMatchObject({ status: 'paid', operator: bob.name });
    const again = await asOperator(app, bob, 'POST', `/admin/withdrawals/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('withdrawal_decided');
    expect(await payoutsOf(id)).toHaveLength(1);
    expect((await walletOf(db, customer.id)).posted).toBe(50_000);

    const rows = await auditOf(db, 'withdrawal', id);
    expect(rows.map((r) => [r.action, r.operatorName, r.via])).toEqual([
      ['withdrawal.first_approved', ann.name, 'back_office'],
      ['withdrawal.approved', bob.name, 'back_office'],
    ]);
    expect(rows[0]?.before).toMatchObject({
      status: 'requested',
      firstApprovedBy: null,
      amountCents: 250_000,
    });
    expect(rows[0]?.after).toMatchObject({ status: 'requested', firstApprovedBy: ann.name });
    expect(rows[1]?.before).toMatchObject({ status: 'requested', firstApprovedBy: ann.name });
    expect(rows[1]?.after).toMatchObject({ status: 'paying', operator: bob.name });
  });

  it('two approvals at once pay once, with one audit row', async () => {
    const { id } = await requested(40);
    const answers = await Promise.all([
      asOperator(app, ann, 'POST', `/admin/withdrawals/${id}/approve`),
      asOperator(app, bob, 'POST', `/admin/withdrawals/${id}/approve`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await payoutsOf(id)).toHaveLength(1);
    expect((await auditOf(db, 'withdrawal', id)).map((r) => r.action)).toEqual(['withdrawal.approved']);
  });

  it('a rejection gives the customer its reason, once, audited; no reason changes nothing', async () => {
    const { customer, id } = await requested(25, 10_000);
    const empty = await asOperator(app, ann, 'POST', `/admin/withdrawals/${id}/reject`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.reason[0].code).toBe('required');
    expect(await auditOf(db, 'withdrawal', id)).toEqual([]);

    const reason = 'The account name does not match yours: add an account in your own name.';
    const rejected = await asOperator(app, ann, 'POST', `/admin/withdrawals/${id}/reject`, { reason });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().result).toMatchObject({ status: 'rejected', operator: ann.name });
    const seen = (await call(app, `/v2/withdrawals/${id}`, { token: customer.token })).json().result;
    expect(seen).toMatchObject({ status: 'rejected', reason });
    expect((await walletOf(db, customer.id)).posted).toBe(10_000);
    const again = await asOperator(app, bob, 'POST', `/admin/withdrawals/${id}/reject`, { reason: 'late' });
    expect(again.statusCode).toBe(409);
    const rows = await auditOf(db, 'withdrawal', id);
    expect(rows.map((r) => r.action)).toEqual(['withdrawal.rejected']);
    expect(rows[0]?.before).toMatchObject({ status: 'requested', reason: null });
    expect(rows[0]?.after).toMatchObject({ status: 'rejected', reason, operator: ann.name });
    await drainOutbox(app);
  });

  it('the command line audits as the token operator; an audit row that cannot be written undoes the decision', async () => {
    const { id } = await requested(30);
    // An operator the audit log cannot name (no such row): the audit insert fails inside the decision.
    const ghost = cliActor({ id: randomUUID(), name: 'ghost', roles: ['finance'] });
    await expect(withdrawalOperationsOf(app.deps).approve(id, ghost)).rejects.toThrow();
    const shown = (await asOperator(app, ann, 'GET', `/admin/withdrawals/${id}`)).json().result;
    expect(shown).toMatchObject({ status: 'requested', operator: null });
    expect(await payoutsOf(id)).toHaveLength(0);
    expect(await auditOf(db, 'withdrawal', id)).toEqual([]);

    const kim = await anotherOperator(db, 'kim');
    const done = await operatorRun(db, [
      'withdrawals:reject',
      id,
      '--reason',
      'Closed account',
      '--token',
      kim.token,
    ]);
    expect(done.code, done.text).toBe(0);
    const rows = await auditOf(db, 'withdrawal', id);
    expect(rows.map((r) => [r.action, r.operatorName, r.via])).toEqual([
      ['withdrawal.rejected', kim.name, 'cli'],
    ]);
  });
});

describe('/admin/deposits', () => {
  it('lists BPAY deposits waiting for their bank line; reconciling one credits it once, audited', async () => {
    const customer = await newCustomer(app);
    const calls = paymentCalls(app, customer.access_token);
    const started = await calls.post('/v2/funds/bp/deposit', { amount: 75 });
    expect(started.statusCode, started.body).toBe(201);
    const deposit = started.json().result;
    const reference = deposit.reference.reference as string;

    const refused = await asOperator(app, support, 'GET', '/admin/deposits/awaiting');
    expect(refused.statusCode).toBe(403);
    const waiting = await asOperator(app, ann, 'GET', '/admin/deposits/awaiting?limit=100');
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().result.deposits).toContainEqual(
      expect.objectContaining({
        id: deposit.id,
        method: 'bp',
        reference,
        amount: { amount: 75, currency: 'AUD' },
        customer: expect.objectContaining({ id: customer.id, email: customer.email }),
      }),
    );

    const line = { method: 'bp', reference, amount: '75.00', bank_transaction_id: `bank-${randomUUID()}` };
    const bad = await asOperator(app, ann, 'POST', '/admin/deposits/reconcile', { ...line, amount: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.amount).toBeDefined();
    const unknown = await asOperator(app, ann, 'POST', '/admin/deposits/reconcile', {
      ...line,
      reference: '0000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('unknown_reference');
    expect((await walletOf(db, customer.id)).posted).toBe(0);

    const credited = await asOperator(app, ann, 'POST', '/admin/deposits/reconcile', line);
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json().result).toMatchObject({
      result: 'credited',
      deposit_id: deposit.id,
      customer: { id: customer.id, email: customer.email },
      amount: { amount: 75 },
    });
    const again = await asOperator(app, bob, 'POST', '/admin/deposits/reconcile', line);
    expect(again.json().result).toMatchObject({ result: 'already_reconciled', deposit_id: null });
    expect((await walletOf(db, customer.id)).posted).toBe(7_500);
    const rows = await auditOf(db, 'deposit', deposit.id);
    expect(rows.map((r) => [r.action, r.operatorName, r.via])).toEqual([
      ['deposit.reconciled', ann.name, 'back_office'],
    ]);
    expect(rows[0]?.before).toMatchObject({ status: 'awaiting_reconciliation', amountCents: 7_500 });
    expect(rows[0]?.after).toMatchObject({ status: 'succeeded', customerId: customer.id, reference });
    const after = (await asOperator(app, ann, 'GET', '/admin/deposits/awaiting?limit=100')).json().result;
    expect(after.deposits.map((d: { id: string }) => d.id)).not.toContain(deposit.id);
  });
});

describe('/admin/ledger/check', () => {
  it("answers the ledger check's report to finance only", async () => {
    expect((await asOperator(app, support, 'GET', '/admin/ledger/check')).statusCode).toBe(403);
    const res = await asOperator(app, ann, 'GET', '/admin/ledger/check');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().result;
    expect(report.checks).toHaveLength(8);
    expect(report.checks[0]).toMatchObject({
      rule: 'customer account totals equal the sums of their transfers',
      passed: true,
      failures: 0,
      examples: [],
    });
    expect(report.counts.transfers).toBeGreaterThan(0);
  });
});
