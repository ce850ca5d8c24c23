/**
 * A recurring purchase's saved card charged off session through the Stripe gateway, against a
 * local fake of Stripe's PaymentIntents (never the network): the charge says `off_session` and has
 * no return address, a card asking for 3-D Secure is refused for good, and Stripe failing on its
 * side is a refusal that waits, the deposit held until it is charged again under the same key.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deposits, eq } from '@drawhouse/db';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPaymentsConfig } from '../src/modules/payments/payments.config.ts';
import { createRecurringFunding } from '../src/modules/recurring/recurring-funding.service.ts';
import { call, newCustomer } from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { paymentCalls, walletOf } from './payments-helpers.ts';
import { markVerified } from './wallet-helpers.ts';

/** Each PaymentIntent asked for: its form fields and idempotency key. */
const charges: { form: URLSearchParams; key: string | undefined }[] = [];
/** As Stripe does, a key's first answer is the answer to every request with it. */
const answered = new Map<string, { status: number; json: object }>();
let stripeDown = false;

const stripe = createServer(async (req, res) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  const form = new URLSearchParams(text);
  const answer = (status: number, json: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
  };
  const attach = /^\/v1\/payment_methods\/(pm_\w+)\/attach$/.exec(req.url ?? '');
  if (req.url === '/v1/customers') return answer(200, { id: `cus_${randomUUID().slice(0, 8)}` });
  if (attach) {
    const card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 };
    return answer(200, { id: attach[1], object: 'payment_method', card, billing_details: { name: 'Jo' } });
  }
  if (req.url !== '/v1/payment_intents') return answer(404, { error: { type: 'invalid_request_error' } });
  const key = req.headers['idempotency-key'];
  charges.push({ form, key: typeof key === 'string' ? key : undefined });
  if (stripeDown) return answer(500, { error: { type: 'api_error', message: 'Stripe is down' } });
  const first = typeof key === 'string' ? answered.get(key) : undefined;
  if (first) return answer(first.status, first.json);
  const keep = (status: number, json: object) => {
    if (typeof key === 'string') answered.set(key, { status, json });
    return answer(status, json);
  };
  const id = `pi_${randomUUID().slice(0, 12)}`;
  if (form.get('payment_method') === 'pm_card_authenticationRequired') {
    return keep(402, {
      error: {
        type: 'card_error',
        code: 'authentication_required',
        message: 'This payment requires authentication.',
        payment_intent: { id, object: 'payment_intent', status: 'requires_payment_method' },
      },
    });
  }
  return keep(200, {
    id,
    object: 'payment_intent',
    status: 'succeeded',
    amount: Number(form.get('amount')),
  });
});
await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => stripe.close(() => resolve())));

const fakeStripe = {
  secretKey: 'sk_test_fake',
  publishableKey: 'pk_test_fake',
  webhookSecret: 'whsec_fake',
  host: '127.0.0.1',
  port: (stripe.address() as AddressInfo).port,
  protocol: 'http' as const,
};
const app = await getTestApp({
  payments: { ...loadPaymentsConfig({}), gateway: 'stripe', stripe: fakeStripe },
});
const { db } = getTestDb();
const funding = createRecurringFunding(app.deps);

/** A verified customer paying recurring purchases with the Stripe card `pm`. */
async function stripeCardCustomer(pm: string) {
  const customer = await newCustomer(app);
  await markVerified(db, customer.id);
  const saved = await paymentCalls(app, customer.access_token).post('/v2/funds/cc/stripe', { token: pm });
  expect(saved.statusCode, saved.body).toBe(201);
  const fundId: string = saved.json().result.id;
  const chosen = await call(
    app,
    `/v2/customer/recurring-purchase-method?recurring_purchase_method=${fundId}`,
    {
      method: 'POST',
      token: customer.access_token,
    },
  );
  expect(chosen.statusCode, chosen.body).toBe(200);
  return customer;
}

const fundOnce = (customerId: string) =>
  funding.fundShortfall({
    customerId,
    recurringPurchaseId: randomUUID(),
    periodKey: randomUUID(),
    shortfallCents: 700,
    at: new Date(),
  });

describe('recurring purchases paid by a Stripe card', () => {
  it('charges off session, keyed by the deposit, without a return address', async () => {
    const customer = await stripeCardCustomer('pm_card_visa');
    expect(await fundOnce(customer.id)).toEqual({ outcome: 'funded' });
    const [deposit] = await db.select().from(deposits).where(eq(deposits.customerId, customer.id));
    const charge = charges.at(-1);
    expect(charge?.form.get('off_session')).toBe('true');
    expect(charge?.form.get('return_url')).toBeNull();
    expect(charge?.form.get('amount')).toBe('700');
    expect(charge?.key).toBe(`deposit-${deposit?.id}`);
    expect(deposit).toMatchObject({ status: 'succeeded', gateway: 'stripe', amountCents: 700 });
    expect((await walletOf(db, customer.id)).posted).toBe(700);
  });

  it('refuses for good a card that asks for authentication', async () => {
    const customer = await stripeCardCustomer('pm_card_authenticationRequired');
    expect(await fundOnce(customer.id)).toEqual({ outcome: 'failed', reason: 'authentication_required' });
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
  });

  it('waits while Stripe fails on its side, holding the deposit, and charges it again under its key', async () => {
    const customer = await stripeCardCustomer('pm_card_visa');
    const args = {
      customerId: customer.id,
      recurringPurchaseId: randomUUID(),
      periodKey: randomUUID(),
      shortfallCents: 700,
      at: new Date(),
    };
    stripeDown = true;
    try {
      expect(await funding.fundShortfall(args)).toEqual({ outcome: 'failed', reason: 'gateway_unavailable' });
    } finally {
      stripeDown = false;
    }
    const [held] = await db.select().from(deposits).where(eq(deposits.customerId, customer.id));
    expect(held?.status).toBe('charging');
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 700 });

    expect(await funding.fundShortfall(args)).toEqual({ outcome: 'funded' });
    const made = await db.select().from(deposits).where(eq(deposits.customerId, customer.id));
    expect(made.map((d) => [d.id, d.status])).toEqual([[held?.id, 'succeeded']]);
    expect(charges.slice(-2).map((c) => c.key)).toEqual([`deposit-${held?.id}`, `deposit-${held?.id}`]);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 700, pendingIn: 0 });
  });
});
