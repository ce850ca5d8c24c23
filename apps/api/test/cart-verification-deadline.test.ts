/**
 * The cart's banner follows the configured verification deadline (VERIFICATION_DEADLINE_DAYS), not
 * the default 14 days: past it, an unverified customer who would have to deposit is told to verify
 * before checkout, on the add and on every read.
 */
import { deposits, eq } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { call, newCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { CARDS, paymentCalls } from './payments-helpers.ts';
import { spend } from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp({
  verification: { ...testConfig().verification, deadlineDays: 3 },
});
const { db } = getTestDb();
const DAY_MS = 24 * 3_600_000;

describe('the cart banner and a configured verification deadline', () => {
  it('says verification_required once the configured days have passed since the first deposit', async () => {
    const customer = await newCustomer(app);
    const calls = paymentCalls(app, customer.access_token);
    const deposited = await calls.deposit(await calls.addCard(CARDS.succeeds), { amount: 100, csc: '123' });
    expect(deposited.statusCode, deposited.body).toBe(201);
    await db
      .update(deposits)
      .set({ createdAt: new Date(Date.now() - 5 * DAY_MS) })
      .where(eq(deposits.customerId, customer.id));
    await spend(db, customer.id, 100_00);

    const as = (method: 'GET' | 'POST', body?: unknown) =>
      call(app, '/v2/cart/items', {
        method,
        token: customer.access_token,
        headers: { 'x-api-version': '3.3' },
        ...(body ? { body } : {}),
      });
    const added = await as('POST', PB_ITEM);
    expect(added.statusCode, added.body).toBe(200);
    expect(Object.keys(added.json().result.blocked_reasons)).toEqual(['verification_required']);
    const read = await as('GET');
    expect(Object.keys(read.json().result.blocked_reasons)).toEqual(['verification_required']);
  });
});
