/**
 * A card declined before it ever paid is not kept: after a declined deposit, a declined purchase
 * and a 3-D Secure check that ends declined, the card is gone from the customer's funds (not
 * offered, not pre-selected, not an autoplay method). A card that has paid stays.
 */
import { eq, funds } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, checkoutCalls, dueCents } from './checkout-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { CARDS, paymentCalls, submitPage, WEB_ORIGIN } from './payments-helpers.ts';

const app: FastifyInstance = await getTestApp({ webBaseUrl: WEB_ORIGIN });
const { db } = getTestDb();
const { add, cart, depositPurchase } = checkoutCalls(app);

async function customerWithCard(cardNumber: string) {
  const customer = await newCustomer(app);
  const calls = paymentCalls(app, customer.access_token);
  const fundId = await calls.addCard(cardNumber);
  return { customer, calls, fundId };
}

/** The card ids the customer's payment methods offer. */
async function offeredCards(token: string): Promise<string[]> {
  const res = await call(app, '/v2/payment_methods', { token, headers: { 'x-api-version': '3.2' } });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.stringify(res.json().result).match(/[0-9a-f]{8}-[0-9a-f-]{27}/g) ?? [];
}

async function removed(fundId: string): Promise<boolean> {
  const [row] = await db.select({ removedAt: funds.removedAt }).from(funds).where(eq(funds.id, fundId));
  return row?.removedAt != null;
}

describe('a declined card', () => {
  it('declined on its first deposit is removed: not offered, and a retry with it is 404', async () => {
    const { customer, calls, fundId } = await customerWithCard(CARDS.declined);
    expect(await offeredCards(customer.access_token)).toContain(fundId);
    const res = await calls.deposit(fundId, { amount: 10, csc: '123' });
    expect(res.statusCode).toBe(402);
    expect(await removed(fundId)).toBe(true);
    expect(await offeredCards(customer.access_token)).not.toContain(fundId);
    const again = await calls.deposit(fundId, { amount: 10, csc: '123' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('fund_not_found');
    const autoplay = await call(
      app,
      `/v2/customer/recurring-purchase-method?recurring_purchase_method=${fundId}`,
      { method: 'POST', token: customer.access_token },
    );
    expect(autoplay.statusCode).not.toBe(200);
  });

  it('declined when paying for the cart is removed too', async () => {
    const customer = await newCustomer(app);
    const token = customer.access_token;
    expect((await add(token, PB_ITEM)).statusCode).toBe(200);
    const fundId = await paymentCalls(app, token).addCard(CARDS.declined);
    const due = dueCents(await cart(token));
    const res = await depositPurchase(token, {
      deposit: { fund_id: fundId, amount: aud(due), csc: '123' },
      purchase: { use_wallet: true, expected_total: aud(due) },
    });
    expect(res.statusCode, res.body).toBe(402);
    expect(await removed(fundId)).toBe(true);
  });

  it('declined after its 3-D Secure check is removed; a card that paid is kept', async () => {
    const { calls, fundId } = await customerWithCard(CARDS.challengeThenDeclined);
    const deposit = (await calls.deposit(fundId, { amount: 15, csc: '123' })).json().result;
    expect(await removed(fundId)).toBe(false);
    const done = await submitPage(app, deposit.redirect_url, 'complete');
    expect(done.headers.location).toContain('status=declined');
    expect(await removed(fundId)).toBe(true);

    const paid = await customerWithCard(CARDS.challengeThenSucceeds);
    const first = (await paid.calls.deposit(paid.fundId, { amount: 15, csc: '123' })).json().result;
    await submitPage(app, first.redirect_url, 'complete');
    const second = (await paid.calls.deposit(paid.fundId, { amount: 15, csc: '123' })).json().result;
    expect((await submitPage(app, second.redirect_url, 'fail')).headers.location).toContain(
      'status=declined',
    );
    expect(await removed(paid.fundId)).toBe(false);
  });
});
