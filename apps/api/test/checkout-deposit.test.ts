/**
 * `POST /v2/deposit_purchase`: a card deposit then the purchase in one call; the balance first with
 * the wallet toggle; a 3-D Secure challenge answering the deposit, the purchase completing when the
 * challenge passes (or the money staying in the wallet when the cart changed meanwhile); declines.
 */
import { deposits, eq } from '@drawhouse/db';
import { formatMoney } from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer } from './accounts-helpers.ts';
import { cents, PB_ITEM } from './cart-helpers.ts';
import { aud, balancesOf, checkoutCalls, dueCents } from './checkout-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { CARDS, cardBuyer, submitPage } from './payments-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { add, cart, depositPurchase, receipt } = checkoutCalls(app);

async function buyer(card: string, walletCents = 0) {
  const bought = await cardBuyer(app, db, card, walletCents);
  return { ...bought, due: dueCents(await cart(bought.token)) };
}

const body = (fundId: string | null, depositCents: number, due: number, useWallet = true) => ({
  deposit: fundId ? { fund_id: fundId, amount: aud(depositCents), csc: '123' } : null,
  purchase: { use_wallet: useWallet, expected_total: aud(due) },
});

describe('POST /v2/deposit_purchase', () => {
  it('charges the card and buys the cart in one call', async () => {
    const { customer, token, fundId, due } = await buyer(CARDS.succeeds);
    const res = await depositPurchase(token, body(fundId, due, due));
    expect(res.statusCode, res.body).toBe(200);
    const { checkout_id, receipt: r } = res.json().result;
    expect(cents(r.paid.card)).toBe(due);
    expect(cents(r.paid.wallet)).toBe(0);
    expect(r.orders[0].tickets).toHaveLength(1);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 0, promo: 0 });
    expect((await receipt(token, checkout_id)).json().result).toEqual(r);
    expect((await cart(token)).cart_items).toHaveLength(0);
  });

  it('uses the balance first: the deposit must be exactly what it leaves', async () => {
    const { customer, token, fundId, due } = await buyer(CARDS.succeeds, 10);
    const wrong = await depositPurchase(token, body(fundId, due, due));
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json().error.code).toBe('deposit_amount');
    expect(wrong.json().errors.amount[0].code).toBe('deposit_amount');
    const res = await depositPurchase(token, body(fundId, due - 10, due));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().result.receipt;
    expect(cents(r.paid.card)).toBe(due - 10);
    expect(cents(r.paid.wallet)).toBe(10);
    expect((await balancesOf(db, customer.id)).wallet).toBe(0);
  });

  it('without the wallet toggle the card pays it all; with the balance enough, no deposit', async () => {
    const a = await buyer(CARDS.succeeds, 10_000);
    const res = await depositPurchase(a.token, body(a.fundId, a.due, a.due, false));
    expect(res.statusCode, res.body).toBe(200);
    expect(cents(res.json().result.receipt.paid.card)).toBe(a.due);
    expect((await balancesOf(db, a.customer.id)).wallet).toBe(10_000);

    const b = await buyer(CARDS.succeeds, 10_000);
    const refused = await depositPurchase(b.token, body(b.fundId, 100, b.due));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.code).toBe('deposit_amount');
    const paid = await depositPurchase(b.token, body(null, 0, b.due));
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await balancesOf(db, b.customer.id)).wallet).toBe(10_000 - b.due);
  });

  it('a declined card refuses the purchase with its message and charges nothing', async () => {
    const { customer, token, fundId, due } = await buyer(CARDS.declined);
    const res = await depositPurchase(token, body(fundId, due, due));
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().error.message).toMatch(/declined/);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 0, promo: 0 });
    expect((await cart(token)).cart_items).toHaveLength(1);
  });

  it('answers the challenge, then completes the purchase when it passes', async () => {
    const { customer, token, fundId, due } = await buyer(CARDS.challengeThenSucceeds);
    const res = await depositPurchase(token, body(fundId, due, due));
    expect(res.statusCode, res.body).toBe(200);
    const { deposit } = res.json().result;
    expect(deposit.redirect_url).toMatch(/^http/);
    expect((await cart(token)).cart_items).toHaveLength(1);

    const page = await submitPage(app, deposit.redirect_url, 'complete');
    expect(page.statusCode, page.body).toBeLessThan(400);
    const [row] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row?.status).toBe('succeeded');
    expect(row?.failureCode).toBeNull();
    expect(row?.checkoutId).toBeTruthy();
    const r = await receipt(token, row?.checkoutId ?? '');
    expect(r.statusCode, r.body).toBe(200);
    expect(cents(r.json().result.paid.card)).toBe(due);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 0, promo: 0 });
    expect((await cart(token)).cart_items).toHaveLength(0);
  });

  it('pays by PayPal without a saved PayPal account: approval completes the purchase, cancel charges nothing', async () => {
    for (const action of ['approve', 'cancel'] as const) {
      const customer = await newCustomer(app);
      const token = customer.access_token;
      expect((await add(token, PB_ITEM)).statusCode).toBe(200);
      const methods = await call(app, '/v2/payment_methods', { token, headers: { 'x-api-version': '3.2' } });
      const paypal = methods.json().result.find((m: { code: string }) => m.code === 'pl');
      expect(paypal.funds.map((f: { id: string }) => f.id)).toEqual(['paypal']);
      const due = dueCents(await cart(token));
      const res = await depositPurchase(token, {
        deposit: { fund_id: 'paypal', amount: aud(due) },
        purchase: { use_wallet: true, expected_total: aud(due) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { deposit } = res.json().result;
      expect(deposit.redirect_url).toMatch(/paypal/);
      const page = await submitPage(app, deposit.redirect_url, action);
      expect(page.statusCode, page.body).toBeLessThan(400);
      const [row] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
      expect(row?.status).toBe(action === 'approve' ? 'succeeded' : 'cancelled');
      expect((await cart(token)).cart_items).toHaveLength(action === 'approve' ? 0 : 1);
      expect(await balancesOf(db, customer.id)).toEqual({ wallet: 0, promo: 0 });
    }
  });

  it("pays by Apple Pay or Google Pay with the sheet's token; a declined token charges nothing", async () => {
    const customer = await newCustomer(app);
    const token = customer.access_token;
    expect((await add(token, PB_ITEM)).statusCode).toBe(200);
    const due = dueCents(await cart(token));
    const pay = (code: string, walletToken: string) =>
      depositPurchase(token, {
        deposit: { wallet: { code, wallet_token: walletToken }, amount: aud(due) },
        purchase: { use_wallet: true, expected_total: aud(due) },
      });
    const declined = await pay('gp', 'sandbox-wallet-declined');
    expect(declined.statusCode, declined.body).toBe(402);
    expect((await cart(token)).cart_items).toHaveLength(1);
    const neither = await depositPurchase(token, {
      deposit: { amount: aud(due) },
      purchase: { use_wallet: true, expected_total: aud(due) },
    });
    expect(neither.statusCode).toBe(400);
    const paid = await pay('ap', 'sandbox-wallet-approved');
    expect(paid.statusCode, paid.body).toBe(200);
    const { receipt: r } = paid.json().result;
    expect(cents(r.paid.card)).toBe(due);
    expect((await cart(token)).cart_items).toHaveLength(0);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 0, promo: 0 });
  });

  it('keeps the money in the wallet when the cart changed during the challenge', async () => {
    const { customer, token, fundId, due } = await buyer(CARDS.challengeThenSucceeds);
    const res = await depositPurchase(token, body(fundId, due, due));
    const { deposit } = res.json().result;
    expect((await add(token, PB_ITEM)).statusCode).toBe(200);
    await submitPage(app, deposit.redirect_url, 'complete');
    const [row] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row?.status).toBe('succeeded');
    expect(row?.failureCode).toBe('deposit_purchase_checkout_failure');
    expect(row?.checkoutId).toBeNull();
    expect((await balancesOf(db, customer.id)).wallet).toBe(due);
    expect((await cart(token)).cart_items).toHaveLength(2);
    // No receipt: the customer is told the money is in the balance.
    await drainOutbox(app);
    const told = mailOf(app)
      .messages()
      .filter((m) => m.to.includes(customer.email.toLowerCase()) && /balance|tickets/.test(m.subject));
    expect(told.map((m) => m.subject)).toEqual([`${formatMoney(due)} added to your balance`]);
    expect(told[0]?.text).toContain(
      'Your purchase could not be completed, so the money stays in your balance.',
    );
  });

  it("refuses bad deposits (unknown or another customer's fund, bad amounts) and charges nothing", async () => {
    const { customer, token, fundId, due } = await buyer(CARDS.succeeds);
    const other = await buyer(CARDS.succeeds);
    const bad = [
      [body(other.fundId, due, due), 404],
      [body('00000000-0000-4000-8000-000000000000', due, due), 404],
      [
        {
          ...body(fundId, due, due),
          deposit: { fund_id: fundId, amount: { amount: 1.005, currency: 'AUD' } },
        },
        422,
      ],
      [
        { ...body(fundId, due, due), deposit: { fund_id: fundId, amount: { amount: -5, currency: 'AUD' } } },
        422,
      ],
      [
        { ...body(fundId, due, due), deposit: { fund_id: fundId, amount: { amount: '5', currency: 'AUD' } } },
        400,
      ],
      [{ purchase: { expected_total: aud(due) } }, 400],
    ] as const;
    for (const [request, status] of bad) {
      const res = await depositPurchase(token, request);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBeTruthy();
    }
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 0, promo: 0 });
    expect((await cart(token)).cart_items).toHaveLength(1);
  });

  it('checks the spend limit inside the purchase', async () => {
    const { token, fundId, due } = await buyer(CARDS.succeeds);
    const limited = await call(app, '/v2/spend-limits/daily', {
      token,
      method: 'PUT',
      body: { limit: 0.5 },
      headers: { 'x-api-version': '3.4' },
    });
    expect(limited.statusCode, limited.body).toBe(200);
    const res = await depositPurchase(token, body(fundId, due, due));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('spend_limit');
    expect((await cart(token)).cart_items).toHaveLength(1);
  });
});
