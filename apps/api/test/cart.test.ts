import { createHash, randomUUID } from 'node:crypto';
import { cartItems, carts, eq } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer } from './accounts-helpers.ts';
import { lotteryPayload } from './cart-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const V = { 'x-api-version': '3.3' };

type Opts = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; token?: string };
const cartCall = (url: string, opts: Opts = {}) => call(app, url, { ...opts, headers: V });

async function newAnonCart(): Promise<string> {
  const res = await cartCall('/v2/anon-cart', { method: 'POST' });
  expect(res.statusCode).toBe(201);
  const token = res.json().result.cart_token as string;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token;
}

async function cartIdOfToken(token: string): Promise<string> {
  const hash = createHash('sha256').update(token).digest('hex');
  const [row] = await db.select().from(carts).where(eq(carts.anonymousTokenHash, hash));
  if (!row) throw new Error('no cart row for token');
  return row.id;
}

async function customerCartId(customerId: string): Promise<string> {
  const [row] = await db.select().from(carts).where(eq(carts.customerId, customerId));
  if (!row) throw new Error('no customer cart');
  return row.id;
}

/** Items are put in through the database until item add (ticket rules) is wired. */
async function putItem(cartId: string, unitPriceCents = 750, quantity = 1): Promise<string> {
  const [row] = await db
    .insert(cartItems)
    .values({
      cartId,
      productOfferKey: 'au_powerball',
      productType: 'lottery_ticket',
      firstDrawNo: 1500,
      numDraws: 1,
      quantity,
      unitPriceCents,
      payload: lotteryPayload({ gameOffer: 'standard_12', games: [], numGames: 0 }),
    })
    .returning();
  if (!row) throw new Error('item insert failed');
  return row.id;
}

describe('anonymous cart', () => {
  it('creates a cart and answers it empty, expiring in 14 days', async () => {
    const token = await newAnonCart();
    const res = await cartCall(`/v2/anon-cart/${token}`);
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({
      cart_items: [],
      cart_total: { amount: 0, currency: 'AUD' },
      pre_order_total: { amount: 0, currency: 'AUD' },
      auto_removed_items: [],
      blocked_reasons: {},
      requires_unattended_payment_method: false,
    });
    const days = (Date.parse(result.expiry) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    // Only the hash is stored.
    const [row] = await db
      .select()
      .from(carts)
      .where(eq(carts.id, await cartIdOfToken(token)));
    expect(row?.anonymousTokenHash).not.toBe(token);
  });

  it('sums totals from the items and removes an item', async () => {
    const token = await newAnonCart();
    const cartId = await cartIdOfToken(token);
    const first = await putItem(cartId, 750, 2);
    await putItem(cartId, 1025);
    const res = await cartCall(`/v2/anon-cart/${token}`);
    const result = res.json().result;
    expect(result.cart_items).toHaveLength(2);
    expect(result.cart_items[0]).toMatchObject({
      id: first,
      product_type: 'lottery_ticket',
      lottery_key: 'au_powerball',
      quantity: 2,
      unit_price: { amount: 7.5, currency: 'AUD' },
      total_price: { amount: 15, currency: 'AUD' },
      draw_no: 1500,
      game_type: 'standard',
      game_offer: 'standard_12',
    });
    expect(result.cart_total).toEqual({ amount: 25.25, currency: 'AUD' });

    const removed = await cartCall(`/v2/anon-cart/${token}/items/${first}`, { method: 'DELETE' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().result.cart_items).toHaveLength(1);
    expect(removed.json().result.cart_total).toEqual({ amount: 10.25, currency: 'AUD' });

    const again = await cartCall(`/v2/anon-cart/${token}/items/${first}`, { method: 'DELETE' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('item_not_found');
  });

  it('answers 404 cart_not_found for unknown, malformed and expired references', async () => {
    const unknown = 'A'.repeat(43);
    const refs = [unknown, 'nope', '%27%3B--', 'a'.repeat(99), randomUUID()];
    for (const ref of refs) {
      const res = await cartCall(`/v2/anon-cart/${ref}`);
      expect(res.statusCode, ref).toBe(404);
      expect(res.json().error.code).toBe('cart_not_found');
    }
    const long = await cartCall(`/v2/anon-cart/${'a'.repeat(500)}`);
    expect(long.statusCode).toBeLessThan(500);
    expect(long.statusCode).toBeGreaterThanOrEqual(400);

    const token = await newAnonCart();
    await db
      .update(carts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(carts.id, await cartIdOfToken(token)));
    const expired = await cartCall(`/v2/anon-cart/${token}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.code).toBe('cart_not_found');
    const del = await cartCall(`/v2/anon-cart/${token}/items/${randomUUID()}`, { method: 'DELETE' });
    expect(del.statusCode).toBe(404);
    expect(del.json().error.code).toBe('cart_not_found');
  });

  it('does not remove another cart item, nor answer 5xx for odd item ids', async () => {
    const mine = await newAnonCart();
    const theirs = await newAnonCart();
    const theirItem = await putItem(await cartIdOfToken(theirs));
    for (const itemId of [theirItem, 'not-a-uuid', '1', randomUUID()]) {
      const res = await cartCall(`/v2/anon-cart/${mine}/items/${itemId}`, { method: 'DELETE' });
      expect(res.statusCode, itemId).toBe(404);
      expect(res.json().error.code).toBe('item_not_found');
    }
    const still = await cartCall(`/v2/anon-cart/${theirs}`);
    expect(still.json().result.cart_items).toHaveLength(1);
  });

  it('needs API version 3.3', async () => {
    const old = await call(app, '/v2/anon-cart', { method: 'POST', headers: { 'x-api-version': '3.2' } });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('unsupported_version');
    const token = await newAnonCart();
    const get = await call(app, `/v2/anon-cart/${token}`, { headers: { 'x-api-version': '3.0' } });
    expect(get.statusCode).toBe(400);
  });

  it('ignores a body sent to the cart calls and never answers 5xx', async () => {
    const res = await call(app, '/v2/anon-cart', {
      method: 'POST',
      body: { cart_token: 'mine', junk: [1, 2, 3] },
      headers: V,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().result.cart_token).not.toBe('mine');
    const bad = await app.inject({
      method: 'POST',
      url: '/v2/anon-cart',
      headers: { ...V, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('signed-in cart', () => {
  it('is created on first use, once', async () => {
    const customer = await newCustomer(app);
    const first = await cartCall('/v2/cart/items', { token: customer.access_token });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({ cart_items: [], cart_total: { amount: 0 }, expiry: null });
    await cartCall('/v2/cart/items', { token: customer.access_token });
    const rows = await db.select().from(carts).where(eq(carts.customerId, customer.id));
    expect(rows).toHaveLength(1);
  });

  it('needs a valid bearer token', async () => {
    const res = await cartCall('/v2/cart/items');
    expect(res.statusCode).toBe(401);
    const bad = await cartCall('/v2/cart/items', { token: 'not.a.token' });
    expect(bad.statusCode).toBe(401);
  });

  it('removes only its own items', async () => {
    const alice = await newCustomer(app);
    const bob = await newCustomer(app);
    await cartCall('/v2/cart/items', { token: alice.access_token });
    await cartCall('/v2/cart/items', { token: bob.access_token });
    const aliceItem = await putItem(await customerCartId(alice.id));
    const bobItem = await putItem(await customerCartId(bob.id));

    const steal = await cartCall(`/v2/cart/items/${aliceItem}`, {
      method: 'DELETE',
      token: bob.access_token,
    });
    expect(steal.statusCode).toBe(404);
    expect(steal.json().error.code).toBe('item_not_found');
    const odd = await cartCall('/v2/cart/items/x', { method: 'DELETE', token: bob.access_token });
    expect(odd.statusCode).toBe(404);

    const own = await cartCall(`/v2/cart/items/${bobItem}`, { method: 'DELETE', token: bob.access_token });
    expect(own.statusCode).toBe(200);
    expect(own.json().result.cart_items).toEqual([]);
    const alices = await cartCall('/v2/cart/items', { token: alice.access_token });
    expect(alices.json().result.cart_items.map((i: { id: string }) => i.id)).toEqual([aliceItem]);
  });
});

describe('POST /v2/anon-cart/:ref/convert', () => {
  it('merges the anonymous items into the customer cart, once', async () => {
    const customer = await newCustomer(app);
    await cartCall('/v2/cart/items', { token: customer.access_token });
    const kept = await putItem(await customerCartId(customer.id), 500);
    const token = await newAnonCart();
    const moved = await putItem(await cartIdOfToken(token), 750, 3);

    const res = await cartCall(`/v2/anon-cart/${token}/convert`, {
      method: 'POST',
      token: customer.access_token,
    });
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result.cart_items.map((i: { id: string }) => i.id).sort()).toEqual([kept, moved].sort());
    expect(result.cart_total).toEqual({ amount: 27.5, currency: 'AUD' });
    expect(result.expiry).toBeNull();

    const [anon] = await db
      .select()
      .from(carts)
      .where(eq(carts.id, await cartIdOfToken(token)));
    expect(anon?.status).toBe('converted');
    const gone = await cartCall(`/v2/anon-cart/${token}`);
    expect(gone.statusCode).toBe(404);

    const again = await cartCall(`/v2/anon-cart/${token}/convert`, {
      method: 'POST',
      token: customer.access_token,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toEqual(result);
  });

  it('creates the customer cart when converting first', async () => {
    const customer = await newCustomer(app);
    const token = await newAnonCart();
    const item = await putItem(await cartIdOfToken(token));
    const res = await cartCall(`/v2/anon-cart/${token}/convert`, {
      method: 'POST',
      token: customer.access_token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.cart_items.map((i: { id: string }) => i.id)).toEqual([item]);
  });

  it('refuses another customer converted cart, unknown and expired carts, and anonymous callers', async () => {
    const alice = await newCustomer(app);
    const bob = await newCustomer(app);
    const token = await newAnonCart();
    await putItem(await cartIdOfToken(token));
    await cartCall(`/v2/anon-cart/${token}/convert`, { method: 'POST', token: alice.access_token });
    const bobs = await cartCall(`/v2/anon-cart/${token}/convert`, {
      method: 'POST',
      token: bob.access_token,
    });
    expect(bobs.statusCode).toBe(404);
    expect(bobs.json().error.code).toBe('cart_not_found');
    const bobCart = await cartCall('/v2/cart/items', { token: bob.access_token });
    expect(bobCart.json().result.cart_items).toEqual([]);

    for (const ref of ['B'.repeat(43), 'bad ref', randomUUID()]) {
      const res = await cartCall(`/v2/anon-cart/${encodeURIComponent(ref)}/convert`, {
        method: 'POST',
        token: bob.access_token,
      });
      expect(res.statusCode, ref).toBe(404);
    }
    const expired = await newAnonCart();
    await db
      .update(carts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(carts.id, await cartIdOfToken(expired)));
    const late = await cartCall(`/v2/anon-cart/${expired}/convert`, {
      method: 'POST',
      token: bob.access_token,
    });
    expect(late.statusCode).toBe(404);

    const fresh = await newAnonCart();
    const anonymous = await cartCall(`/v2/anon-cart/${fresh}/convert`, { method: 'POST' });
    expect(anonymous.statusCode).toBe(401);
  });
});
