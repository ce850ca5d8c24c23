/**
 * A customer's withdrawal after the request: cancelled by the customer while it is still requested
 * (the hold voided, once, and never both cancelled and approved), and every step told once in the
 * notifications feed and by mail, from the event its use case wrote, however often it is delivered.
 */
import { randomUUID } from 'node:crypto';
import { eq, outboxEvents } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { walletSubscribers, withdrawalOperationsOf } from '../src/modules/wallet/index.ts';
import { call } from './accounts-helpers.ts';
import { cliOperator } from './admin-queues-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { type ReadyToWithdraw, readyToWithdraw } from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const operations = withdrawalOperationsOf(app.deps);
const sam = await cliOperator(db, 'sam');
const kim = await cliOperator(db, 'kim');

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
    await expect(operations.approve(id, sam)).rejects.toMatchObject({ code: 'withdrawal_decided' });
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
    await operations.approve(id, sam);
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
        operations.approve(id, sam),
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
    await drainOutbox(app);
    expect(await feedTitles(customer)).toEqual([
      'Withdrawal of $30.00 cancelled',
      'Withdrawal of $30.00 requested',
    ]);
    expect(mailsTo(customer.email, /Withdrawal/)).toHaveLength(2);
  });

  it("tells the operator's approval and rejection (with the reason), without waiting for a sweep", async () => {
    const customer = await readyToWithdraw(app, db);
    const paid = await withdraw(customer, 25);
    const rejected = await withdraw(customer, 15);
    await mailOf(app).waitFor(customer.email, /Withdrawal of \$15\.00 requested/);
    await operations.approve(paid, sam);
    await operations.reject(rejected, 'Name does not match', kim);
    await drainOutbox(app);
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

  it('tells each step once, in the feed and by mail, even when its subscriber runs again', async () => {
    const customer = await readyToWithdraw(app, db);
    const paid = await withdraw(customer, 25);
    const declined = await withdraw(customer, 15);
    const cancelled = await withdraw(customer, 10);
    await operations.approve(paid, sam);
    await operations.reject(declined, 'Name does not match', kim);
    expect((await cancel(customer, cancelled)).statusCode).toBe(200);
    // Each step wrote its events in its own transaction: nothing waits for a sweep to notice it.
    const stepsOf = async (id: string) =>
      (await db.select().from(outboxEvents).where(eq(outboxEvents.aggregateId, id)))
        .map((e) => e.type)
        .sort();
    expect(await stepsOf(paid)).toEqual(['withdrawal.approved', 'withdrawal.paid', 'withdrawal.requested']);
    expect(await stepsOf(declined)).toEqual(['withdrawal.rejected', 'withdrawal.requested']);
    expect(await stepsOf(cancelled)).toEqual(['withdrawal.cancelled', 'withdrawal.requested']);
    await drainOutbox(app);

    // A second delivery of every event (a retry after a failure that the first had survived).
    const subscriber = walletSubscribers(app.deps).find((s) => s.name === 'withdrawal-notices');
    if (subscriber?.runs !== 'in-transaction') throw new Error('withdrawal notices run in the transaction');
    for (const id of [paid, declined, cancelled]) {
      const rows = await db.select().from(outboxEvents).where(eq(outboxEvents.aggregateId, id));
      for (const row of rows) {
        await db.transaction((tx) =>
          subscriber.handle(tx, {
            id: row.id,
            type: row.type,
            aggregateId: row.aggregateId,
            payload: row.payload,
            createdAt: row.createdAt,
          } as Parameters<typeof subscriber.handle>[1]),
        );
      }
    }
    await drainOutbox(app);

    const titles = await feedTitles(customer);
    const expected = [
      'Withdrawal of $25.00 requested',
      'Withdrawal of $25.00 paid',
      'Withdrawal of $15.00 requested',
      'Withdrawal of $15.00 declined',
      'Withdrawal of $10.00 requested',
      'Withdrawal of $10.00 cancelled',
    ];
    expect([...titles].sort()).toEqual([...expected].sort());
    const subjects = mailsTo(customer.email, /Withdrawal/).map((m) => m.subject);
    expect(subjects.sort()).toEqual([...expected].sort());
  });
});
