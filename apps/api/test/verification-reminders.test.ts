/**
 * The daily verification reminders: 3 days and 1 day before the deadline, each once per customer
 * however often the job runs, told as a feed entry and a mail; none for a verified customer.
 */
import { and, asc, deposits, eq, notifications, outboxEvents } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { verificationRemindersJob } from '../src/jobs/verification-reminders.ts';
import { newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { CARDS, paymentCalls } from './payments-helpers.ts';
import { markVerified } from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const HOUR_MS = 3_600_000;

async function customerWithDeposit(): Promise<TestCustomer> {
  const customer = await newCustomer(app);
  const calls = paymentCalls(app, customer.access_token);
  const made = await calls.deposit(await calls.addCard(CARDS.succeeds), { amount: 50, csc: '123' });
  expect(made.statusCode, made.body).toBe(201);
  return customer;
}

/** Moves the customer's first deposit so their deadline (14 days after it) is `hoursLeft` away. */
const deadlineIn = (customer: TestCustomer, hoursLeft: number) =>
  db
    .update(deposits)
    .set({ createdAt: new Date(Date.now() - (14 * 24 - hoursLeft) * HOUR_MS) })
    .where(eq(deposits.customerId, customer.id));

const remindersOf = async (customer: TestCustomer) =>
  (
    await db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.type, 'verification.reminder'), eq(outboxEvents.aggregateId, customer.id)))
      .orderBy(asc(outboxEvents.id))
  ).map((e) => e.payload);

async function toldOf(customer: TestCustomer) {
  await drainOutbox(app);
  const entries = await db.select().from(notifications).where(eq(notifications.customerId, customer.id));
  const mails = mailOf(app).messages();
  return {
    feed: entries.filter((n) => n.title === 'Verify your account').map((n) => n.message),
    mails: mails.filter(
      (m) => m.to.includes(customer.email.toLowerCase()) && m.subject === 'Verify your account',
    ).length,
  };
}

describe('verification reminders', () => {
  it('reminds 3 days and then 1 day before the deadline, each once however often the job runs', async () => {
    const customer = await customerWithDeposit();
    await deadlineIn(customer, 4 * 24);
    await verificationRemindersJob(app.deps);
    expect(await remindersOf(customer)).toEqual([]);

    await deadlineIn(customer, 3 * 24 - 1);
    await verificationRemindersJob(app.deps);
    await verificationRemindersJob(app.deps);
    expect(await remindersOf(customer)).toMatchObject([{ days: 3 }]);
    const told = await toldOf(customer);
    expect(told.mails).toBe(1);
    expect(told.feed).toHaveLength(1);
    expect(told.feed[0]).toMatch(/^Verify your account by .+: after it, deposits stop until you do\.$/);

    await deadlineIn(customer, 12);
    await verificationRemindersJob(app.deps);
    await verificationRemindersJob(app.deps);
    expect(await remindersOf(customer)).toMatchObject([{ days: 3 }, { days: 1 }]);
    expect((await toldOf(customer)).mails).toBe(2);
  });

  it('does not remind a verified customer', async () => {
    const customer = await customerWithDeposit();
    await markVerified(db, customer.id);
    await deadlineIn(customer, 12);
    await verificationRemindersJob(app.deps);
    expect(await remindersOf(customer)).toEqual([]);
  });
});
