/**
 * Partner purchase: the partner's page facts (`GET /v2/partners/{slug}`), the partner cart of a
 * visitor and of a customer (a priced preview, nothing stored), and the purchase of a partner item
 * from the balance (`POST /v2/cart/partner/{slug}/purchase`; paid by card: partners-deposit.test.ts): idempotent, the checkout marked with
 * the partner and channel, the customer's own cart untouched, nothing written on a refusal.
 */
import { randomUUID } from 'node:crypto';
import { cartItems, carts, checkouts, customers, eq, inArray } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer } from './accounts-helpers.ts';
import { cents, PB_ITEM } from './cart-helpers.ts';
import { balancesOf, checkoutCalls, fundWallet } from './checkout-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { cart, add } = checkoutCalls(app);

const SLUG = 'riverbend-club';
const RAFFLE = 'bush-rescue-car-raffle';
const v = (version: string, extra: Record<string, string> = {}) => ({ 'x-api-version': version, ...extra });

const partnerCart = (body: unknown, token?: string) =>
  call(app, token ? `/v2/cart/partner/${SLUG}` : `/v2/anon-cart/partner/${SLUG}`, {
    body,
    ...(token ? { token } : {}),
    headers: v('3.3'),
  });

const purchase = (token: string, body: unknown, key: string | undefined = randomUUID()) =>
  call(app, `/v2/cart/partner/${SLUG}/purchase`, {
    token,
    body,
    headers: v('3.2', key ? { 'idempotency-key': key } : {}),
  });

const buyBody = (cartItem: unknown, purchaseData: Record<string, unknown> = {}) => ({
  cart_item: cartItem,
  deposit: null,
  purchase: {
    channel_key: 'web',
    partner_key: 'riverbend-community-club',
    metadata: { member_no: 'R-1042' },
    ...purchaseData,
  },
});

describe('GET /v2/partners/{slug}', () => {
  it("answers the demo partner with its branding and the offers it sells, a raffle's books priced", async () => {
    const res = await call(app, `/v2/partners/${SLUG}`);
    expect(res.statusCode, res.body).toBe(200);
    const partner = res.json().result;
    expect(partner).toMatchObject({
      slug: SLUG,
      key: 'riverbend-community-club',
      channels: ['web', 'club-kiosk'],
    });
    expect(partner.branding.primary_color).toMatch(/^#/);
    const keys = partner.offers.map((o: { key: string }) => o.key);
    expect(keys).toEqual([RAFFLE, 'powerball']);
    const raffle = partner.offers[0];
    expect(raffle.product_type).toBe('raffle_ticket');
    expect(raffle.books[0]).toEqual({ num_tickets: 1, price: { amount: 5, currency: 'AUD' } });
  });

  it('is 404 for an unknown partner and for a segment without partner-purchase', async () => {
    const unknown = await call(app, '/v2/partners/no-such-club');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('partner_not_found');
    // A slug of another form is not found either, never an error of the database.
    for (const slug of ['%00', 'A%20B', 'club%2Fx']) {
      const odd = await call(app, `/v2/partners/${slug}`);
      expect(odd.statusCode, slug).toBe(404);
      expect(odd.json().error.code).toBe('partner_not_found');
    }
    const lite = await call(app, `/v2/partners/${SLUG}`, { headers: { 'x-segment': 'lite' } });
    expect(lite.statusCode).toBe(404);
    const cartLite = await call(app, `/v2/anon-cart/partner/${SLUG}`, {
      body: { cart_items: [] },
      headers: v('3.3', { 'x-segment': 'lite' }),
    });
    expect(cartLite.statusCode).toBe(404);
  });
});

describe('partner cart', () => {
  it("prices a visitor's partner items as the cart does, and stores no cart", async () => {
    const res = await partnerCart({
      cart_items: [{ lottery: RAFFLE, raffle_offer: 3 }, { lottery: 'powerball' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { partner_key, cart: view, blocked_reasons } = res.json().result;
    expect(partner_key).toBe('riverbend-community-club');
    expect(view.cart_items).toHaveLength(2);
    type Line = { lottery_key: string; total_price: { amount: number } };
    const line = (key: string) => view.cart_items.find((i: Line) => i.lottery_key === key);
    expect(line(RAFFLE)).toMatchObject({ num_tickets: 3 });
    expect(cents(line(RAFFLE).total_price)).toBe(1_000);
    expect(line('powerball')).toMatchObject({ quickpick: true });
    expect(blocked_reasons).toEqual({});
    const ids = view.cart_items.map((i: { id: string }) => i.id);
    expect(await db.select().from(cartItems).where(inArray(cartItems.id, ids))).toEqual([]);
  });

  it('refuses an offer the partner does not sell and a book the raffle has not, with field errors', async () => {
    const other = await partnerCart({ cart_items: [{ lottery: 'oz-lotto' }] });
    expect(other.statusCode, other.body).toBe(400);
    expect(other.json().errors['cart_items.0.lottery'][0].code).toBe('offer_not_sold');
    const book = await partnerCart({ cart_items: [{ lottery: RAFFLE, raffle_offer: 7 }] });
    expect(book.statusCode, book.body).toBe(400);
    expect(book.json().errors['cart_items.0.raffle_offer'][0].code).toBe('unknown_book');
  });

  it("gives a customer's blocked reasons their action (fixed by default) and leaves their own cart alone", async () => {
    const customer = await newCustomer(app);
    await db.update(customers).set({ state: 'WA' }).where(eq(customers.id, customer.id));
    expect((await add(customer.access_token, PB_ITEM)).statusCode).toBe(200);
    const res = await partnerCart({ cart_items: [{ lottery: RAFFLE }] }, customer.access_token);
    expect(res.statusCode, res.body).toBe(200);
    const { cart: view, blocked_reasons } = res.json().result;
    expect(view.cart_items.map((i: { lottery_key: string }) => i.lottery_key)).toEqual([RAFFLE]);
    expect(blocked_reasons[`licensing_restriction:${RAFFLE}`]).toEqual({
      message: expect.stringContaining('WA'),
      action_type: 'fixed',
    });
    const own = await cart(customer.access_token);
    expect(own.cart_items).toHaveLength(1);
  });
});

describe('POST /v2/cart/partner/{slug}/purchase', () => {
  it('buys a partner item from the balance once per key, marks the order with the partner, keeps the own cart', async () => {
    const customer = await newCustomer(app);
    const token = customer.access_token;
    expect((await add(token, PB_ITEM)).statusCode).toBe(200);
    await fundWallet(db, customer.id, 10_000);
    const key = randomUUID();
    const body = buyBody({ lottery: RAFFLE, raffle_offer: 3 });
    const res = await purchase(token, body, key);
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().result.order_id;
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await purchase(token, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result.order_id).toBe(orderId);
    expect((await balancesOf(db, customer.id)).wallet).toBe(9_000);

    const [row] = await db.select().from(checkouts).where(eq(checkouts.id, orderId));
    expect(row).toMatchObject({
      customerId: customer.id,
      partnerKey: 'riverbend-community-club',
      channelKey: 'web',
      partnerMetadata: { memberNo: 'R-1042' },
      paidCents: 1_000,
    });
    const receipt = await call(app, `/v2/checkout/${orderId}`, { token, headers: v('3.4') });
    expect(receipt.statusCode).toBe(200);
    expect(
      receipt.json().result.orders[0].product_offer_key ?? receipt.json().result.orders[0].lottery_key,
    ).toBe(RAFFLE);
    const own = await cart(token);
    expect(own.cart_items).toHaveLength(1);

    // The back office shows which partner sold the order.
    const support = await backOfficeOperator(app, ['support']);
    const listed = await asOperator(app, support, 'GET', `/admin/customers/${customer.id}/orders`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().result.orders).toMatchObject([
      { offer_key: RAFFLE, partner: 'riverbend-community-club' },
    ]);
  });

  it('refuses an empty partner cart, a deposit without its amount, another channel and a short balance, writing nothing', async () => {
    const customer = await newCustomer(app);
    const token = customer.access_token;
    await fundWallet(db, customer.id, 100);
    const empty = await purchase(token, buyBody(null));
    expect(empty.statusCode, empty.body).toBe(422);
    expect(empty.json().error).toMatchObject({
      code: 'partner_cart_empty',
      message: 'Attempted to purchase an empty partner cart.',
    });
    const deposit = await purchase(token, {
      ...buyBody({ lottery: RAFFLE }),
      deposit: { deposit_method_id: 'cc' },
    });
    expect(deposit.statusCode, deposit.body).toBe(400);
    expect(deposit.json().errors['deposit.amount']).toBeDefined();
    const channel = await purchase(token, buyBody({ lottery: RAFFLE }, { channel_key: 'tv' }));
    expect(channel.statusCode, channel.body).toBe(400);
    expect(channel.json().errors['purchase.channel_key'][0].code).toBe('unknown_channel');
    const short = await purchase(token, buyBody({ lottery: RAFFLE, raffle_offer: 3 }));
    expect(short.statusCode, short.body).toBe(422);
    expect(short.json().error.code).toBe('insufficient_funds');
    expect(await db.select().from(checkouts).where(eq(checkouts.customerId, customer.id))).toHaveLength(0);
    expect((await balancesOf(db, customer.id)).wallet).toBe(100);
    const open = await db.select().from(carts).where(eq(carts.customerId, customer.id));
    expect(open.filter((c) => c.status !== 'open')).toHaveLength(0);
  });

  it('needs a signed-in customer', async () => {
    const res = await call(app, `/v2/cart/partner/${SLUG}/purchase`, {
      body: buyBody({ lottery: RAFFLE }),
      headers: v('3.2'),
    });
    expect(res.statusCode).toBe(401);
  });
});
