/**
 * A customer's withdrawal after the request: cancelled by the customer while it is still requested
 * (the hold voided, once, and never both cancelled and approved), and every step told once in the
 * notifications feed and by mail.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createWithdrawalNotices, createWithdrawalOperations } from '../src/modules/wallet/index.ts';
import { call } from './accounts-helpers.ts';
import { getTestApp, getTestDb, mailOf } from './helpers.ts';
import { type ReadyToWithdraw, readyToWithdraw } from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const operations = createWithdrawalOperations(db);
const notices = createWithdrawalNotices(app.deps);

const withdraw = async (customer: ReadyToWithdraw, amount: number) => {
  const res = await call(app, '/v2/tt/withdraw', {
    token: customer.token,
    body: { amount, fund_id: customer.fundId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result.id as string;
};
const cancel = (customer: { token: string }, id: string, key?: string) =>
  call(app, `/v2/withdrawals/${id}/cancel`, {
    method: 'POST',
    token: customer.token,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
const get = (customer: { token: string }, url: string) => call(app, url, { token: customer.token });
const withdrawable = async (customer: { token: string }) =>
  (await get(customer, '/v2/customer/withdrawable-funds')).json().result.withdrawable_funds.amount;
const feedTitles = async (customer: { token: string }) =>
  ((await get(customer, '/v2/notifications')).json().result.notifications as { title: string }[]).map(
    (n) => n.title,
  );
const mailsTo = (email: string, subject: RegExp) =>
  mailOf(app)
    .messages()
    .filter((m) => m.to.includes(email.toLowerCase()) && subject.test(m.subject));

describe('POST /v2/withdrawals/{id}/cancel', () => {
  it('voids the hold: the money is back, the withdrawal reads cancelled, a second cancel answers it again', async () => {
    const customer = await readyToWithdraw(app, db);
    const id = await withdraw(customer, 30);
    expect(await withdrawable(customer)).toBe(70);

    const first = await cancel(customer, id, randomUUID());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({ id, status: 'cancelled' });
    expect(first.json().result.timeline.map((s: { status: string }) => s.status)).toEqual([
      'requested',
      'cancelled',
    ]);
    expect(await withdrawable(customer)).toBe(100);
    const [line] = (await get(customer, '/v2/transactions')).json().result;
    expect(line).toMatchObject({ type: 'withdrawal', reference: id, status: 'voided' });

    const again = await cancel(customer, id);
    expect(again.statusCode).toBe(200);
    expect(again.json().result.status).toBe('cancelled');
    expect(await withdrawable(customer)).toBe(100);
    await expect(operations.approve(id, 'sam')).rejects.toMatchObject({ code: 'withdrawal_decided' });
  });

  it("answers 404 for another customer's or an unknown withdrawal, and 409 once the operator decided", async () => {
    const customer = await readyToWithdraw(app, db);
    const other = await readyToWithdraw(app, db);
    const id = await withdraw(customer, 20);
    for (const target of [id, randomUUID(), 'nope']) {
      const res = await cancel(other, target);
      expect(res.statusCode, target).toBe(404);
      expect(res.json().error.code).toBe('withdrawal_not_found');
    }
    await operations.approve(id, 'sam');
    const late = await cancel(customer, id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'withdrawal_decided',
      message: 'This withdrawal is paid already, so it can no longer be cancelled.',
    });
    expect(await withdrawable(customer)).toBe(80);
  });

  it('racing the operator: either the cancel or the approval wins, never both, and the money moves once', async () => {
    for (let round = 0; round < 4; round++) {
      const customer = await readyToWithdraw(app, db);
      const id = await withdraw(customer, 40);
      const [cancelled, approved] = await Promise.allSettled([
        cancel(customer, id),
        operations.approve(id, 'sam'),
      ]);
      const cancelWon = cancelled.status === 'fulfilled' && cancelled.value.statusCode === 200;
      const approveWon = approved.status === 'fulfilled';
      expect(cancelWon !== approveWon, `round ${round}`).toBe(true);
      const status = (await get(customer, `/v2/withdrawals/${id}`)).json().result.status;
      expect(status).toBe(cancelWon ? 'cancelled' : 'paid');
      expect(await withdrawable(customer)).toBe(cancelWon ? 100 : 60);
    }
  });
});

describe('withdrawal notices', () => {
  it('tells the request and the cancel once each, in the feed and by mail', async () => {
    const customer = await readyToWithdraw(app, db);
    const id = await withdraw(customer, 30);
    const requested = await mailOf(app).waitFor(customer.email, /Withdrawal of \$30\.00 requested/);
    expect(requested.text).toContain('BSB 062-000 ****5678');
    expect(requested.text).toContain(`/my-account/withdraw/details/${id}`);
    expect(await feedTitles(customer)).toEqual(['Withdrawal of $30.00 requested']);

    expect((await cancel(customer, id)).statusCode).toBe(200);
    await mailOf(app).waitFor(customer.email, /Withdrawal of \$30\.00 cancelled/);
    await cancel(customer, id);
    await notices.tellAll();
    expect(await feedTitles(customer)).toEqual([
      'Withdrawal of $30.00 cancelled',
      'Withdrawal of $30.00 requested',
    ]);
    expect(mailsTo(customer.email, /Withdrawal/)).toHaveLength(2);
  });

  it("tells the operator's approval and rejection (with the reason) on the next telling", async () => {
    const customer = await readyToWithdraw(app, db);
    const paid = await withdraw(customer, 25);
    const rejected = await withdraw(customer, 15);
    await mailOf(app).waitFor(customer.email, /Withdrawal of \$15\.00 requested/);
    await operations.approve(paid, 'sam');
    await operations.reject(rejected, 'Name does not match', 'kim');
    await notices.tellAll();
    await notices.tellAll();
    const paidMail = await mailOf(app).waitFor(customer.email, /Withdrawal of \$25\.00 paid/);
    expect(paidMail.text).toContain(`/my-account/withdraw/details/${paid}`);
    const rejectedMail = await mailOf(app).waitFor(customer.email, /Withdrawal of \$15\.00 declined/);
    expect(rejectedMail.text).toContain('Name does not match');
    expect(await feedTitles(customer)).toEqual(
      expect.arrayContaining(['Withdrawal of $25.00 paid', 'Withdrawal of $15.00 declined']),
    );
    expect(await feedTitles(customer)).toHaveLength(4);
    expect(mailsTo(customer.email, /Withdrawal/)).toHaveLength(4);
  });
});
