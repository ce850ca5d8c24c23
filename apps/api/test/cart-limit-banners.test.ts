/** The cart warns before checkout when buying it would pass one of the customer's limits. */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { creditWallet, markVerified, spend } from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();

const as = (customer: TestCustomer, url: string, method = 'GET', body?: unknown) =>
  call(app, url, {
    method: method as 'GET',
    token: customer.access_token,
    headers: { 'x-api-version': '3.3' },
    ...(body ? { body } : {}),
  });

async function cartWithOneGame(customer: TestCustomer) {
  const res = await as(customer, '/v2/cart/items', 'POST', PB_ITEM);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

describe('cart limit banners', () => {
  it('shows none while the balance pays and no limit is passed', async () => {
    const customer = await newCustomer(app);
    await creditWallet(db, customer.id, 100_00);
    const cart = await cartWithOneGame(customer);
    expect(cart.blocked_reasons).toEqual({});
  });

  it('shows spend_limit when the cart costs more than the daily limit leaves, on every read', async () => {
    const customer = await newCustomer(app);
    await creditWallet(db, customer.id, 100_00);
    const limit = await as(customer, '/v2/spend-limits/daily', 'PUT', { limit: 1 });
    expect(limit.statusCode, limit.body).toBeLessThan(300);
    const added = await cartWithOneGame(customer);
    expect(Object.keys(added.blocked_reasons)).toEqual(['spend_limit']);
    expect(added.blocked_reasons.spend_limit).toMatch(/\$1\.00/);
    const read = await as(customer, '/v2/cart/items');
    expect(Object.keys(read.json().result.blocked_reasons)).toEqual(['spend_limit']);
  });

  it('shows verify_account_required when an unverified account would have to deposit past its cap', async () => {
    const customer = await newCustomer(app);
    await creditWallet(db, customer.id, 499_00);
    await spend(db, customer.id, 499_00);
    const cart = await cartWithOneGame(customer);
    expect(Object.keys(cart.blocked_reasons)).toEqual(['verify_account_required']);
    await markVerified(db, customer.id);
    expect((await as(customer, '/v2/cart/items')).json().result.blocked_reasons).toEqual({});
  });
});
