/**
 * The placement service: GET /v2/placement (the feature placement, 204 when nothing is left to
 * feature) and POST /v2/placement/cart/prime (what a cart holds is left out of the next placement),
 * behind the `placements` capability; and the pre-cart drawer's recommended draws behind
 * `pre_cart_recommended_draws`.
 */
import { customers, eq } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import { call, newCustomer } from './accounts-helpers.ts';
import { cartCalls, PB_ITEM } from './cart-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app = await getTestApp();
const { db } = getTestDb();
const { cartCall, newAnonCart } = cartCalls(app);

const PLACEMENT = '/v2/placement?branding_key=drawhouse&keys=feature_placement';
const deviceId = () => `device-${Math.random().toString(36).slice(2, 12)}`;

type WireOffer = {
  key: string;
  availability: string;
  suspended: boolean;
  draws: { purchase_status: string }[];
};

/**
 * The offers a placement may feature: available ones with a draw taking entries now. (Other test
 * files leave offers with no draw on sale behind; a cart naming them would only be longer.)
 */
async function offerKeys(): Promise<string[]> {
  const res = await call(app, '/v2/product_offers');
  expect(res.statusCode).toBe(200);
  return (res.json().result.offers as WireOffer[])
    .filter((o) => o.availability === 'available' && !o.suspended)
    .filter((o) => o.draws.some((d) => d.purchase_status === 'open'))
    .map((o) => o.key);
}

describe('GET /v2/placement', () => {
  it('features one offer on sale, and another once the cart holds it', async () => {
    const first = await call(app, PLACEMENT);
    expect(first.statusCode).toBe(200);
    const [placement] = first.json().result.placements;
    expect(placement.key).toBe('feature_placement');
    expect(await offerKeys()).toContain(placement.product_offer_key);
    expect(['closing_soon', 'cart_lacks', 'highest_jackpot', 'ranking']).toContain(placement.reason);

    const next = await call(app, `${PLACEMENT}&cart=${placement.product_offer_key}`);
    expect(next.statusCode).toBe(200);
    expect(next.json().result.placements[0].product_offer_key).not.toBe(placement.product_offer_key);
  });

  it('answers 204 with no body when everything on sale is in the cart', async () => {
    const res = await call(app, `${PLACEMENT}&cart=${(await offerKeys()).join(',')}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('refuses bad input with field errors', async () => {
    const unknownKey = await call(app, '/v2/placement?branding_key=drawhouse&keys=hero_placement');
    expect(unknownKey.statusCode).toBe(400);
    expect(Object.keys(unknownKey.json().errors)).toContain('keys');

    const noBrand = await call(app, '/v2/placement?keys=feature_placement');
    expect(noBrand.statusCode).toBe(400);
    expect(Object.keys(noBrand.json().errors)).toContain('branding_key');

    const badDevice = await call(app, `${PLACEMENT}&segment_device_id=${encodeURIComponent('a b')}`);
    expect(badDevice.statusCode).toBe(400);
  });

  it('answers 404 to a segment without the placements capability', async () => {
    const res = await call(app, PLACEMENT, { headers: { 'x-segment': 'lite' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('placements_unavailable');
  });

  it("refuses another customer's segment user id", async () => {
    const customer = await newCustomer(app);
    const other = await newCustomer(app);
    const mine = await call(app, `${PLACEMENT}&segment_user_id=${customer.id}`, {
      token: customer.access_token,
    });
    expect(mine.statusCode).toBe(200);
    const theirs = await call(app, `${PLACEMENT}&segment_user_id=${other.id}`, {
      token: customer.access_token,
    });
    expect(theirs.statusCode).toBe(403);
    const anonymous = await call(app, `${PLACEMENT}&segment_user_id=${other.id}`);
    expect(anonymous.statusCode).toBe(403);
  });
});

describe('POST /v2/placement/cart/prime', () => {
  it("leaves the primed cart's offers out of the next placement for that device", async () => {
    const device = deviceId();
    const others = (await offerKeys()).filter((k) => k !== 'powerball');
    const ask = () => call(app, `${PLACEMENT}&segment_device_id=${device}&cart=${others.join(',')}`);
    const before = await ask();
    expect(before.statusCode).toBe(200);
    expect(before.json().result.placements[0].product_offer_key).toBe('powerball');

    const token = await newAnonCart();
    expect(
      (await cartCall(`/v2/anon-cart/${token}/items`, { method: 'POST', body: PB_ITEM })).statusCode,
    ).toBe(200);
    const primed = await call(app, '/v2/placement/cart/prime', {
      body: { segment_device_id: device, cart: token },
    });
    expect(primed.statusCode).toBe(200);
    expect(primed.json().result.product_offer_keys).toEqual(['powerball']);

    expect((await ask()).statusCode).toBe(204);
    // Another device's placement is its own.
    const elsewhere = await call(
      app,
      `${PLACEMENT}&segment_device_id=${deviceId()}&cart=${others.join(',')}`,
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it("primes a signed-in customer's own cart by their user id", async () => {
    const customer = await newCustomer(app);
    const token = customer.access_token;
    expect((await cartCall('/v2/cart/items', { method: 'POST', body: PB_ITEM, token })).statusCode).toBe(200);
    const primed = await call(app, '/v2/placement/cart/prime', {
      body: { segment_user_id: customer.id },
      token,
    });
    expect(primed.statusCode).toBe(200);
    expect(primed.json().result.product_offer_keys).toEqual(['powerball']);
    const others = (await offerKeys()).filter((k) => k !== 'powerball');
    const next = await call(app, `${PLACEMENT}&segment_user_id=${customer.id}&cart=${others.join(',')}`, {
      token,
    });
    expect(next.statusCode).toBe(204);
  });

  it('refuses a prime that names no one, no cart, an unknown cart or another customer', async () => {
    const none = await call(app, '/v2/placement/cart/prime', { body: {} });
    expect(none.statusCode).toBe(400);
    const noCart = await call(app, '/v2/placement/cart/prime', { body: { segment_device_id: deviceId() } });
    expect(noCart.statusCode).toBe(400);
    expect(Object.keys(noCart.json().errors)).toContain('cart');
    const unknown = await call(app, '/v2/placement/cart/prime', {
      body: { segment_device_id: deviceId(), cart: 'no-such-cart-token-here' },
    });
    expect(unknown.statusCode).toBe(404);
    const customer = await newCustomer(app);
    const other = await newCustomer(app);
    const theirs = await call(app, '/v2/placement/cart/prime', {
      body: { segment_user_id: other.id },
      token: customer.access_token,
    });
    expect(theirs.statusCode).toBe(403);
  });
});

describe('GET /v2/orders/recommended', () => {
  it('answers 404 to a customer whose segment has no pre_cart_recommended_draws', async () => {
    const customer = await newCustomer(app);
    const token = customer.access_token;
    expect((await call(app, '/v2/orders/recommended', { token })).statusCode).toBe(200);
    await db.update(customers).set({ segmentName: 'lite' }).where(eq(customers.id, customer.id));
    const gated = await call(app, '/v2/orders/recommended', { token });
    expect(gated.statusCode).toBe(404);
    expect(gated.json().error.code).toBe('recommended_draws_unavailable');
  });
});
