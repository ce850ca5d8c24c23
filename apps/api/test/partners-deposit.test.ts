/**
 * A partner purchase paid by card (`POST /v2/cart/partner/{slug}/purchase` with a `deposit`): the
 * card charged for what the balance leaves to pay and the partner item bought from the new balance
 * on a cart of its own; a 3-D Secure challenge answering the deposit, the purchase completing when
 * it passes; a decline keeping only the declined deposit; a replay answering the same; another
 * customer's card refused; the ledger balanced.
 */
import { randomUUID } from 'node:crypto';
import { carts, checkouts, deposits, eq } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer } from './accounts-helpers.ts';
import { cents } from './cart-helpers.ts';
import { aud, balancesOf, checkoutCalls } from './checkout-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { CARDS, cardBuyer, expectLedgerHolds, paymentCalls, submitPage } from './payments-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { cart, receipt } = checkoutCalls(app);

const SLUG = 'riverbend-club';
const RAFFLE = 'bush-rescue-car-raffle';
/** Three tickets of the raffle: $10. */
const ITEM = { lottery: RAFFLE, raffle_offer: 3 };
const PRICE = 1_000;

const purchase = (token: string, body: unknown, key: string = randomUUID()) =>
  call(app, `/v2/cart/partner/${SLUG}/purchase`, {
    token,
    body,
    headers: { 'x-api-version': '3.2', 'idempotency-key': key },
  });

const byCard = (fundId: string, depositCents: number) => ({
  cart_item: ITEM,
  deposit: { deposit_method_id: fundId, amount: aud(depositCents), csc: '123' },
  purchase: {
    channel_key: 'web',
    partner_key: 'riverbend-community-club',
    metadata: { member_no: 'R-7' },
    expected_total: aud(PRICE),
  },
});

/** A customer with a saved card, an item in their own cart and `walletCents` in the wallet. */
const buyer = (card: string, walletCents = 0) => cardBuyer(app, db, card, walletCents);

const depositsOf = (customerId: string) =>
  db.select().from(deposits).where(eq(deposits.customerId, customerId));
const checkoutsOf = (customerId: string) =>
  db.select().from(checkouts).where(eq(checkouts.customerId, customerId));
const cartsOf = (customerId: string) => db.select().from(carts).where(eq(carts.customerId, customerId));

describe('POST /v2/cart/partner/{slug}/purchase paid by card', () => {
  it('charges what the balance leaves, buys the item on a cart of its own and answers the order', async () => {
    const { customer, token, fundId } = await buyer(CARDS.succeeds, 300);
    const wrong = await purchase(token, byCard(fundId, PRICE));
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json().error.code).toBe('deposit_amount');
    expect(await depositsOf(customer.id)).toHaveLength(0);

    const res = await purchase(token, byCard(fundId, PRICE - 300));
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().result.order_id;
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    const r = (await receipt(token, orderId)).json().result;
    expect(cents(r.paid.card)).toBe(PRICE - 300);
    expect(cents(r.paid.wallet)).toBe(300);
    expect(r.orders[0].lottery_key ?? r.orders[0].product_offer_key).toBe(RAFFLE);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 0, promo: 0 });
    const [row] = await checkoutsOf(customer.id);
    expect(row).toMatchObject({
      id: orderId,
      partnerKey: 'riverbend-community-club',
      channelKey: 'web',
      partnerMetadata: { memberNo: 'R-7' },
      paidCents: PRICE,
    });
    const [deposit] = await depositsOf(customer.id);
    expect(deposit).toMatchObject({ status: 'succeeded', checkoutId: orderId, failureCode: null });
    // The customer's own cart is open with its item; the bought cart holds the partner item alone.
    expect((await cart(token)).cart_items).toHaveLength(1);
    const rows = await cartsOf(customer.id);
    expect(rows.map((c) => c.status).sort()).toEqual(['open', 'purchased']);
    await expectLedgerHolds(db);
  });

  it('a replay with the same Idempotency-Key answers the same and charges once', async () => {
    const { customer, token, fundId } = await buyer(CARDS.succeeds);
    const key = randomUUID();
    const first = await purchase(token, byCard(fundId, PRICE), key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await purchase(token, byCard(fundId, PRICE), key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result).toEqual(first.json().result);
    expect(await depositsOf(customer.id)).toHaveLength(1);
    expect(await checkoutsOf(customer.id)).toHaveLength(1);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 0, promo: 0 });
  });

  it('a declined card answers 402 and changes nothing but the declined deposit', async () => {
    const { customer, token, fundId } = await buyer(CARDS.declined, 200);
    const cartsBefore = await cartsOf(customer.id);
    const key = randomUUID();
    const res = await purchase(token, byCard(fundId, PRICE - 200), key);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().error.message).toMatch(/declined/);
    const again = await purchase(token, byCard(fundId, PRICE - 200), key);
    expect(again.statusCode).toBe(402);
    expect(again.json().error).toEqual(res.json().error);
    const rows = await depositsOf(customer.id);
    expect(rows.map((d) => d.status)).toEqual(['declined']);
    expect(await checkoutsOf(customer.id)).toHaveLength(0);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 200, promo: 0 });
    expect(await cartsOf(customer.id)).toEqual(cartsBefore);
    await expectLedgerHolds(db);
  });

  it('answers the 3-D Secure challenge; the purchase completes when the deposit does', async () => {
    const { customer, token, fundId } = await buyer(CARDS.challengeThenSucceeds);
    const cartsBefore = await cartsOf(customer.id);
    const res = await purchase(token, byCard(fundId, PRICE));
    expect(res.statusCode, res.body).toBe(200);
    const { deposit } = res.json().result;
    expect(deposit.redirect_url).toMatch(/^http/);
    // Nothing but the held deposit meanwhile: no order, the own cart as it was.
    expect(await checkoutsOf(customer.id)).toHaveLength(0);
    expect(await cartsOf(customer.id)).toEqual(cartsBefore);

    const page = await submitPage(app, deposit.redirect_url, 'complete');
    expect(page.statusCode, page.body).toBeLessThan(400);
    const [row] = await depositsOf(customer.id);
    expect(row).toMatchObject({ id: deposit.id, status: 'succeeded', failureCode: null });
    const orderId = row?.checkoutId ?? '';
    // The shop's result page reads where the deposit came from, to end on the partner's receipt.
    const shown = await paymentCalls(app, token).get(`/v2/funds/${deposit.id}/deposit`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().result).toMatchObject({ checkout_id: orderId, partner_slug: 'riverbend-club' });
    const r = await receipt(token, orderId);
    expect(r.statusCode, r.body).toBe(200);
    expect(cents(r.json().result.paid.card)).toBe(PRICE);
    const [bought] = await checkoutsOf(customer.id);
    expect(bought).toMatchObject({ id: orderId, partnerKey: 'riverbend-community-club', channelKey: 'web' });
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 0, promo: 0 });
    expect((await cart(token)).cart_items).toHaveLength(1);
    await expectLedgerHolds(db);
  });

  it('a failed challenge buys nothing and leaves the own cart as it was', async () => {
    const { customer, token, fundId } = await buyer(CARDS.challengeThenDeclined);
    const res = await purchase(token, byCard(fundId, PRICE));
    expect(res.statusCode, res.body).toBe(200);
    const { deposit } = res.json().result;
    const page = await submitPage(app, deposit.redirect_url, 'complete');
    expect(page.statusCode, page.body).toBeLessThan(400);
    const [row] = await depositsOf(customer.id);
    expect(row?.status).toBe('declined');
    expect(await checkoutsOf(customer.id)).toHaveLength(0);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 0, promo: 0 });
    expect((await cart(token)).cart_items).toHaveLength(1);
  });

  it("refuses another customer's card and charges no one", async () => {
    const owner = await buyer(CARDS.succeeds);
    const other = await newCustomer(app);
    const res = await purchase(other.access_token, byCard(owner.fundId, PRICE));
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.code).toBe('fund_not_found');
    expect(await depositsOf(other.id)).toHaveLength(0);
    expect(await depositsOf(owner.customer.id)).toHaveLength(0);
    expect(await checkoutsOf(other.id)).toHaveLength(0);
    const methods = await call(app, '/v2/payment_methods', {
      token: owner.token,
      headers: { 'x-api-version': '3.2' },
    });
    const cards = methods.json().result.find((m: { code: string }) => m.code === 'cc');
    expect(cards.funds.map((f: { id: string }) => f.id)).toContain(owner.fundId);
  });
});
