/**
 * The verification deadline (14 days after the first deposit): past it, an unverified customer's
 * deposits are refused (422 verification_required, nothing written) until they verify, while what is
 * in the wallet can still be played.
 */
import { deposits, eq } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, checkoutCalls, dueCents } from './checkout-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { CARDS, paymentCalls } from './payments-helpers.ts';
import { markVerified } from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { add, cart, purchase } = checkoutCalls(app);
const DAY_MS = 24 * 3_600_000;

/** A customer whose first deposit ($100) was made `daysAgo` days ago, and the card they made it with. */
async function depositedDaysAgo(daysAgo: number): Promise<{ customer: TestCustomer; fundId: string }> {
  const customer = await newCustomer(app);
  const calls = paymentCalls(app, customer.access_token);
  const fundId = await calls.addCard(CARDS.succeeds);
  const first = await calls.deposit(fundId, { amount: 100, csc: '123' });
  expect(first.statusCode, first.body).toBe(201);
  await db
    .update(deposits)
    .set({ createdAt: new Date(Date.now() - daysAgo * DAY_MS) })
    .where(eq(deposits.customerId, customer.id));
  return { customer, fundId };
}

const depositAgain = (customer: TestCustomer, fundId: string) =>
  paymentCalls(app, customer.access_token).deposit(fundId, { amount: 20, csc: '123' });

const depositsOf = (customerId: string) =>
  db.select().from(deposits).where(eq(deposits.customerId, customerId));

describe('the verification deadline', () => {
  it('refuses an unverified customer’s deposit after it, saying to verify, and writes nothing', async () => {
    const { customer, fundId } = await depositedDaysAgo(15);
    const refused = await depositAgain(customer, fundId);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.code).toBe('verification_required');
    expect(refused.json().error.message).toContain('/my-account/verify-account');
    expect(await depositsOf(customer.id)).toHaveLength(1);
  });

  it('still takes deposits before it', async () => {
    const { customer, fundId } = await depositedDaysAgo(13);
    const accepted = await depositAgain(customer, fundId);
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('never stops a verified customer’s deposits', async () => {
    const { customer, fundId } = await depositedDaysAgo(30);
    await markVerified(db, customer.id);
    const accepted = await depositAgain(customer, fundId);
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('lets an unverified customer past it play with what is in the wallet', async () => {
    const { customer } = await depositedDaysAgo(15);
    expect((await add(customer.access_token, PB_ITEM)).statusCode).toBe(200);
    const due = dueCents(await cart(customer.access_token));
    const bought = await purchase(customer.access_token, { expected_total: aud(due) });
    expect(bought.statusCode, bought.body).toBe(200);
  });
});
