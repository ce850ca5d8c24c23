/**
 * What a purchase leaves in the customer's money records: the receipt names the card that paid, the
 * receipt email prices every order and says the promotional credit, and each transactions line of
 * one checkout names what it paid for.
 */
import { createRaffle } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer } from './accounts-helpers.ts';
import { cents, PB_ITEM } from './cart-helpers.ts';
import { aud, checkoutCalls, dueCents, givePromoCredit } from './checkout-helpers.ts';
import { getTestApp, getTestDb, mailOf, signedHeaders } from './helpers.ts';
import { CARDS, paymentCalls } from './payments-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { add, cart, depositPurchase } = checkoutCalls(app);

describe('money records of one checkout', () => {
  it('the receipt, its email and the transactions say what was bought and how it was paid', async () => {
    const { offer } = await createRaffle(db, { totalTickets: 50 });
    const customer = await newCustomer(app);
    const token = customer.access_token;
    for (const item of [
      { ...PB_ITEM, num_draws: 2 },
      { lottery: offer.key, book: 3 },
    ]) {
      const res = await add(token, item);
      expect(res.statusCode, res.body).toBe(200);
    }
    await givePromoCredit(db, customer.id, 100);
    const applied = await app.inject({
      method: 'POST',
      url: '/v2/cart/promotion',
      headers: { ...signedHeaders(token), authorization: `Bearer ${token}`, 'x-api-version': '3.3' },
      payload: { promotion_code: 'CREDIT20' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const due = dueCents(await cart(token));
    const fundId = await paymentCalls(app, token).addCard(CARDS.succeeds);
    const res = await depositPurchase(token, {
      deposit: { fund_id: fundId, amount: aud(due - 100), csc: '123' },
      purchase: { use_wallet: true, expected_total: aud(due) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json().result.receipt;
    expect(receipt.paid_by).toBe('Visa ending 4242');
    expect(cents(receipt.paid.card)).toBe(due - 100);
    expect(cents(receipt.paid.promo)).toBe(100);

    const mail = await mailOf(app).waitFor(customer.email, /Your Drawhouse tickets/, 15_000);
    // The receipt's orders come in no promised order: each is found by what it is.
    type ReceiptOrder = { description: string; total_price: { amount: number } };
    const orders = receipt.orders as ReceiptOrder[];
    const pb = orders.find((o) => o.description.startsWith('Powerball'));
    const raffle = orders.find((o) => o.description.startsWith('Test Raffle'));
    if (!pb || !raffle) throw new Error(`the receipt lacks an order: ${JSON.stringify(orders)}`);
    expect(mail.text).toContain(`${pb.description}: $${pb.total_price.amount.toFixed(2)} for 2 draws.`);
    expect(mail.text).toContain(`${raffle.description}: $${raffle.total_price.amount.toFixed(2)}.`);
    expect(mail.text).toContain('Paid with promotional credit: $1.00.');
    expect(mail.text).toContain(`Paid by Visa ending 4242: $${((due - 100) / 100).toFixed(2)}.`);
    expect(mail.text).toContain('$20.00 of promotional credit was added to your balance.');

    const lines = (await call(app, '/v2/transactions?limit=20', { token })).json().result as {
      type: string;
      description: string;
      reference: string;
    }[];
    const purchases = lines.filter((l) => l.type === 'purchase').map((l) => l.description);
    expect(purchases.length).toBeGreaterThan(1);
    expect(purchases).toContain(`Purchase: ${raffle.description}`);
    expect(purchases.some((d) => d.startsWith(`Purchase: ${pb.description}`))).toBe(true);
    expect(purchases.some((d) => d.endsWith('(promotional credit)'))).toBe(true);
    expect(purchases).not.toContain('Purchase');
  });
});
