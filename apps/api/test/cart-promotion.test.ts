import { randomUUID } from 'node:crypto';
import { vouchers } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer } from './accounts-helpers.ts';
import { cartCalls, cents } from './cart-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { cartCall, newAnonCart } = cartCalls(app);

const PB_ITEM = {
  lottery: 'powerball',
  game_type: 'standard',
  game_offer: 'powerball-standard',
  games: [
    { numbers: [1, 2, 3, 4, 5, 6, 7], powerball: 8 },
    { numbers: [35, 34, 33, 32, 31, 30, 29], powerball: [20] },
  ],
  num_draws: 1,
};

/** An anonymous cart holding `count` Powerball items; answers its token and items total in cents. */
async function cartWith(count: number): Promise<{ token: string; itemsCents: number }> {
  const token = await newAnonCart();
  let itemsCents = 0;
  for (let i = 0; i < count; i++) {
    const res = await cartCall(`/v2/anon-cart/${token}/items`, { body: PB_ITEM });
    expect(res.statusCode).toBe(200);
    itemsCents = cents(res.json().result.cart_total);
  }
  return { token, itemsCents };
}

/** Items enough to pass `minCents`. */
async function cartOver(minCents: number) {
  const one = await cartWith(1);
  const count = Math.ceil((minCents + 1) / one.itemsCents);
  if (count === 1) return one;
  return cartWith(count);
}

const apply = (token: string, code: string) =>
  cartCall(`/v2/anon-cart/${token}/promotion`, { body: { promotion_code: code } });

async function expectRefused(token: string, code: string, message: RegExp) {
  const before = (await cartCall(`/v2/anon-cart/${token}`)).json().result;
  const res = await apply(token, code);
  expect(res.statusCode).toBe(400);
  expect(res.json().error.code).toBe('promotion_not_added');
  expect(res.json().error.message).toMatch(message);
  const after = (await cartCall(`/v2/anon-cart/${token}`)).json().result;
  expect({ ...after, expiry: null }).toEqual({ ...before, expiry: null });
}

describe('promotion codes on an anonymous cart', () => {
  it('starts without a promotion', async () => {
    const token = await newAnonCart();
    const res = await cartCall(`/v2/anon-cart/${token}`);
    expect(res.json().result.promotion).toBeNull();
  });

  it('WELCOME5 takes $5 off a cart of $10 or more (any case)', async () => {
    const { token, itemsCents } = await cartOver(1000);
    const res = await apply(token, 'welcome5');
    expect(res.statusCode).toBe(200);
    const cart = res.json().result;
    expect(cart.promotion).toEqual({
      code: 'WELCOME5',
      type: 'voucher_fixed_discount',
      discount: { amount: 5, currency: 'AUD' },
      unused_credit: null,
      promo_credit: null,
      applies: true,
      label: '$5 off',
      message: 'WELCOME5 takes $5 off what you pay now.',
    });
    expect(cents(cart.cart_total)).toBe(itemsCents - 500);
    // Every answer carries it, computed again.
    const again = (await cartCall(`/v2/anon-cart/${token}`)).json().result;
    expect(again.promotion.code).toBe('WELCOME5');
    expect(cents(again.cart_total)).toBe(itemsCents - 500);
  });

  it('TENOFF takes 10% off, rounded down to the cent, and follows the items', async () => {
    const { token, itemsCents } = await cartWith(1);
    const res = await apply(token, 'TENOFF');
    expect(res.statusCode).toBe(200);
    const cart = res.json().result;
    const discount = Math.floor((itemsCents * 1000) / 10000);
    expect(cart.promotion.type).toBe('voucher_percent_discount');
    expect(cents(cart.promotion.discount)).toBe(discount);
    expect(cents(cart.cart_total)).toBe(itemsCents - discount);
    const more = await cartCall(`/v2/anon-cart/${token}/items`, { body: PB_ITEM });
    const total2 = itemsCents * 2;
    expect(cents(more.json().result.promotion.discount)).toBe(Math.floor((total2 * 1000) / 10000));
  });

  it('CREDIT20 takes nothing off the total and says what credit the purchase adds', async () => {
    const { token, itemsCents } = await cartWith(1);
    const res = await apply(token, 'CREDIT20');
    expect(res.statusCode).toBe(200);
    const cart = res.json().result;
    expect(cart.promotion.type).toBe('voucher_credit_amount');
    expect(cents(cart.promotion.discount)).toBe(0);
    expect(cart.promotion.unused_credit).toBeNull();
    expect(cents(cart.promotion.promo_credit)).toBe(2000);
    expect(cart.promotion.label).toBe('$20 credit');
    expect(cents(cart.cart_total)).toBe(itemsCents);
  });

  it('a fixed discount larger than the cart never makes the total negative', async () => {
    const code = `BIG${randomUUID().slice(0, 8)}`;
    await db.insert(vouchers).values({ code, type: 'voucher_fixed_discount', amountCents: 1_000_000 });
    const { token, itemsCents } = await cartWith(1);
    const res = await apply(token, code);
    expect(res.statusCode).toBe(200);
    expect(cents(res.json().result.promotion.discount)).toBe(itemsCents);
    expect(cents(res.json().result.cart_total)).toBe(0);
    // Removing every item: total 0, discount 0.
    const itemId = res.json().result.cart_items[0].id as string;
    const empty = await cartCall(`/v2/anon-cart/${token}/items/${itemId}`, { method: 'DELETE' });
    expect(cents(empty.json().result.cart_total)).toBe(0);
    expect(cents(empty.json().result.promotion.discount)).toBe(0);
  });

  it('a fixed expiring voucher applies before its expiry', async () => {
    const code = `SOON${randomUUID().slice(0, 8)}`;
    await db.insert(vouchers).values({
      code,
      type: 'voucher_fixed_discount_expire',
      amountCents: 100,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    const { token, itemsCents } = await cartWith(1);
    const res = await apply(token, code);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.promotion.type).toBe('voucher_fixed_discount_expire');
    expect(cents(res.json().result.cart_total)).toBe(itemsCents - 100);
  });

  it('refuses an unknown code, leaving the cart unchanged', async () => {
    const { token } = await cartWith(1);
    await expectRefused(token, 'NOSUCHCODE', /does not exist/);
  });

  it('refuses SPRING10, which has expired', async () => {
    const { token } = await cartOver(1000);
    await expectRefused(token, 'SPRING10', /has expired/);
  });

  it('refuses an inactive code', async () => {
    const code = `OFF${randomUUID().slice(0, 8)}`;
    await db
      .insert(vouchers)
      .values({ code, type: 'voucher_fixed_discount', amountCents: 100, active: false });
    const { token } = await cartWith(1);
    await expectRefused(token, code, /no longer available/);
  });

  it('refuses WELCOME5 under its $10 minimum spend, keeping an applied code', async () => {
    const token = await newAnonCart();
    await expectRefused(token, 'WELCOME5', /applies only to what you pay now/);
    const { token: withCode } = await cartWith(1);
    expect((await apply(withCode, 'TENOFF')).statusCode).toBe(200);
    const before = (await cartCall(`/v2/anon-cart/${withCode}`)).json().result;
    if (cents(before.cart_items[0].total_price) < 1000) {
      await expectRefused(withCode, 'WELCOME5', /minimum|at least/);
      expect((await cartCall(`/v2/anon-cart/${withCode}`)).json().result.promotion.code).toBe('TENOFF');
    }
  });

  it('an empty code is a validation error', async () => {
    const token = await newAnonCart();
    const res = await apply(token, '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
  });

  it('removes the promotion; removing again changes nothing', async () => {
    const { token, itemsCents } = await cartWith(1);
    expect((await apply(token, 'TENOFF')).statusCode).toBe(200);
    const res = await cartCall(`/v2/anon-cart/${token}/promotion`, { method: 'DELETE' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.promotion).toBeNull();
    expect(cents(res.json().result.cart_total)).toBe(itemsCents);
    const again = await cartCall(`/v2/anon-cart/${token}/promotion`, { method: 'DELETE' });
    expect(again.statusCode).toBe(200);
    expect(again.json().result.promotion).toBeNull();
  });

  it('a segment without vouchers takes no code (404), leaving the cart unchanged', async () => {
    const { token } = await cartOver(1_000);
    const before = (await cartCall(`/v2/anon-cart/${token}`)).json().result;
    const res = await call(app, `/v2/anon-cart/${token}/promotion`, {
      body: { promotion_code: 'WELCOME5' },
      headers: { 'x-api-version': '3.3', 'x-segment': 'lite' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('vouchers_unavailable');
    const after = (await cartCall(`/v2/anon-cart/${token}`)).json().result;
    expect({ ...after, expiry: null }).toEqual({ ...before, expiry: null });
    expect((await apply(token, 'WELCOME5')).statusCode).toBe(200);
  });

  it('an unknown cart is 404', async () => {
    const res = await apply('x'.repeat(43), 'TENOFF');
    expect(res.statusCode).toBe(404);
  });
});

describe('promotion codes on the customer cart', () => {
  it('applies, refuses and removes with a bearer token', async () => {
    const customer = await newCustomer(app);
    const token = customer.access_token;
    const added = await cartCall('/v2/cart/items', { body: PB_ITEM, token });
    expect(added.statusCode).toBe(200);
    const itemsCents = cents(added.json().result.cart_total);

    const refused = await cartCall('/v2/cart/promotion', { body: { promotion_code: 'SPRING10' }, token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('promotion_not_added');

    const res = await cartCall('/v2/cart/promotion', { body: { promotion_code: 'CREDIT20' }, token });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.promotion.code).toBe('CREDIT20');
    expect(cents(res.json().result.cart_total)).toBe(itemsCents);

    const removed = await cartCall('/v2/cart/promotion', { method: 'DELETE', token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().result.promotion).toBeNull();
    expect(cents(removed.json().result.cart_total)).toBe(itemsCents);
  });

  it('needs a bearer token', async () => {
    const res = await cartCall('/v2/cart/promotion', { body: { promotion_code: 'TENOFF' } });
    expect(res.statusCode).toBe(401);
  });

  it('converting an anonymous cart carries its promotion over', async () => {
    const { token } = await cartWith(1);
    expect((await apply(token, 'TENOFF')).statusCode).toBe(200);
    const customer = await newCustomer(app);
    const res = await cartCall(`/v2/anon-cart/${token}/convert`, {
      method: 'POST',
      token: customer.access_token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.promotion.code).toBe('TENOFF');
  });
});
