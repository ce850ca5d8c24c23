/**
 * The Stripe gateway against a small local fake of Stripe's HTTP API (node:http), never the network:
 * PaymentMethods by Stripe's test ids, PaymentIntents that succeed, decline or ask for 3-D Secure,
 * and answer a request made again with the same idempotency key as the first time.
 */

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deposits, eq } from '@drawhouse/db';
import Stripe from 'stripe';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { expireDepositsJob } from '../src/jobs/expire-deposits.ts';
import { paymentsOf } from '../src/modules/payments/index.ts';
import { loadPaymentsConfig } from '../src/modules/payments/payments.config.ts';
import { newCustomer } from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { pathOf, paymentCalls, WEB_ORIGIN, walletOf } from './payments-helpers.ts';

type Intent = {
  id: string;
  object: 'payment_intent';
  status: string;
  amount: number;
  next_action: unknown;
  last_payment_error: unknown;
};

const intents = new Map<string, Intent>();
/** As Stripe does, a PaymentIntent request's idempotency key answers its first answer again. */
const answersByKey = new Map<string, { status: number; json: unknown }>();
const seen: { method: string; path: string; idempotencyKey?: string; body: URLSearchParams }[] = [];
const PM_CARDS: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_threeDSecureRequired: { brand: 'visa', last4: '3220' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995' },
};

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

const fake = createServer(async (req, res) => {
  const body = new URLSearchParams(await readBody(req));
  const path = (req.url ?? '').split('?')[0] ?? '';
  const key = req.headers['idempotency-key'];
  seen.push({
    method: req.method ?? '',
    path,
    body,
    ...(typeof key === 'string' ? { idempotencyKey: key } : {}),
  });
  const send = (status: number, json: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomUUID()}` });
    res.end(JSON.stringify(json));
  };
  if (req.headers.authorization !== 'Bearer sk_test_fake')
    return send(401, { error: { type: 'invalid_request_error', message: 'bad key' } });
  const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
  const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
  const cancelPath = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
  if (req.method === 'POST' && path === '/v1/customers')
    return send(200, { id: `cus_${randomUUID().slice(0, 8)}`, object: 'customer' });
  if (req.method === 'POST' && attach) {
    const card = PM_CARDS[attach[1] ?? ''];
    if (!card)
      return send(400, { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } });
    return send(200, {
      id: attach[1],
      object: 'payment_method',
      type: 'card',
      customer: body.get('customer'),
      card: { ...card, exp_month: 12, exp_year: 2031 },
      billing_details: { name: 'Jane Citizen' },
    });
  }
  if (req.method === 'POST' && path === '/v1/payment_intents') {
    const first = typeof key === 'string' ? answersByKey.get(key) : undefined;
    if (first) return send(first.status, first.json);
    const answer = (status: number, json: unknown) => {
      if (typeof key === 'string') answersByKey.set(key, { status, json });
      return send(status, json);
    };
    const id = `pi_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const pm = body.get('payment_method');
    const amount = Number(body.get('amount'));
    if (pm === 'pm_card_chargeDeclined' || pm === 'pm_card_chargeDeclinedInsufficientFunds') {
      return answer(402, {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: pm === 'pm_card_chargeDeclined' ? 'generic_decline' : 'insufficient_funds',
          message: 'Your card was declined.',
          payment_intent: { id, object: 'payment_intent', status: 'requires_payment_method' },
        },
      });
    }
    const intent: Intent =
      pm === 'pm_card_threeDSecureRequired'
        ? {
            id,
            object: 'payment_intent',
            status: 'requires_action',
            amount,
            next_action: {
              type: 'redirect_to_url',
              redirect_to_url: {
                url: `https://hooks.stripe.test/3ds/${id}`,
                return_url: body.get('return_url'),
              },
            },
            last_payment_error: null,
          }
        : {
            id,
            object: 'payment_intent',
            status: 'succeeded',
            amount,
            next_action: null,
            last_payment_error: null,
          };
    intents.set(id, intent);
    return answer(200, intent);
  }
  if (req.method === 'GET' && intentPath) {
    const intent = intents.get(intentPath[1] ?? '');
    return intent
      ? send(200, intent)
      : send(404, { error: { type: 'invalid_request_error', message: 'No such intent' } });
  }
  if (req.method === 'POST' && cancelPath) {
    const intent = intents.get(cancelPath[1] ?? '');
    if (intent) intent.status = 'canceled';
    return send(200, intent);
  }
  if (req.method === 'POST' && path === '/v1/refunds') {
    const first = typeof key === 'string' ? answersByKey.get(key) : undefined;
    if (first) return send(first.status, first.json);
    const intent = intents.get(body.get('payment_intent') ?? '');
    const json = intent
      ? {
          id: `re_${randomUUID().replaceAll('-', '').slice(0, 16)}`,
          object: 'refund',
          status: 'succeeded',
          amount: Number(body.get('amount')),
          payment_intent: intent.id,
        }
      : { error: { type: 'invalid_request_error', message: 'No such payment_intent' } };
    const status = intent ? 200 : 400;
    if (typeof key === 'string') answersByKey.set(key, { status, json });
    return send(status, json);
  }
  if (req.method === 'POST' && path === '/v1/setup_intents') {
    return send(200, {
      id: 'seti_fake',
      object: 'setup_intent',
      client_secret: 'seti_fake_secret_abc',
      status: 'requires_payment_method',
    });
  }
  return send(404, {
    error: { type: 'invalid_request_error', message: `no fake for ${req.method} ${path}` },
  });
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

const WEBHOOK_SECRET = 'whsec_test_secret';
const app = await getTestApp({
  webBaseUrl: WEB_ORIGIN,
  payments: {
    ...loadPaymentsConfig({}),
    gateway: 'stripe',
    stripe: {
      secretKey: 'sk_test_fake',
      publishableKey: 'pk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      host: '127.0.0.1',
      port: (fake.address() as AddressInfo).port,
      protocol: 'http',
    },
  },
});
const { db } = getTestDb();

async function stripeCustomerWithCard(pm: string) {
  const customer = await newCustomer(app);
  const calls = paymentCalls(app, customer.access_token);
  const saved = await calls.post('/v2/funds/cc/stripe', { token: pm });
  expect(saved.statusCode, saved.body).toBe(201);
  return { customer, calls, fundId: saved.json().result.id as string };
}

function webhook(type: string, intentId: string, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type,
    data: { object: { id: intentId, object: 'payment_intent' } },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: 'POST',
    url: '/v2/funds/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

describe('Stripe gateway', () => {
  it('is the card gateway: no sandbox tokenising, a publishable key, a SetupIntent for the card element', async () => {
    const gateways = (await app.inject({ method: 'GET', url: '/v2/funds/card_gateways' })).json().result;
    expect(gateways.available_card_gateways[0]).toMatchObject({
      key: 'stripe',
      tokenize_url: null,
      publishable_key: 'pk_test_fake',
    });
    expect(
      (await app.inject({ method: 'POST', url: '/v2/funds/sandbox/tokens', payload: {} })).statusCode,
    ).toBe(404);
    const calls = paymentCalls(app, (await newCustomer(app)).access_token);
    const setup = await calls.post('/v2/funds/stripe/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json().result).toEqual({
      client_secret: 'seti_fake_secret_abc',
      publishable_key: 'pk_test_fake',
      setup_intent_id: 'seti_fake',
    });
  });

  it('saves a PaymentMethod and charges it through a PaymentIntent with the deposit as idempotency key', async () => {
    const { customer, calls, fundId } = await stripeCustomerWithCard('pm_card_visa');
    const res = await calls.deposit(fundId, { amount: 12.34 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toMatchObject({
      status: 'succeeded',
      gateway: 'stripe',
      fund: { label: 'Visa ending 4242' },
    });
    expect((await walletOf(db, customer.id)).posted).toBe(1234);
    const created = seen.filter((s) => s.path === '/v1/payment_intents').at(-1);
    expect(created?.body.get('amount')).toBe('1234');
    expect(created?.body.get('currency')).toBe('aud');
    expect(created?.idempotencyKey).toBe(`deposit-${res.json().result.id}`);
  });

  it("refunds a withdrawal's card leg through a Refund of the deposit's PaymentIntent, keyed: a repeat refunds once", async () => {
    const { calls, fundId } = await stripeCustomerWithCard('pm_card_visa');
    const res = await calls.deposit(fundId, { amount: 50 });
    const [deposit] = await db.select().from(deposits).where(eq(deposits.id, res.json().result.id));
    if (!deposit) throw new Error('no deposit');
    const { gateway } = paymentsOf(app.deps);
    const key = `${randomUUID()}:${deposit.id}`;
    const refunded = await gateway.refund({ key, deposit, amountCents: 3_000 });
    expect(refunded).toMatchObject({ outcome: 'refunded', reference: expect.stringMatching(/^re_/) });
    const asked = seen.filter((s) => s.path === '/v1/refunds').at(-1);
    expect(asked?.body.get('payment_intent')).toBe(deposit.gatewayReference);
    expect(asked?.body.get('amount')).toBe('3000');
    expect(asked?.idempotencyKey).toBe(`refund-${key}`);
    expect(await gateway.refund({ key, deposit, amountCents: 3_000 })).toEqual(refunded);

    // A deposit Stripe did not take (or Stripe refusing the refund) is a failed leg, not an error.
    expect(
      await gateway.refund({
        key: randomUUID(),
        deposit: { ...deposit, gateway: 'sandbox' },
        amountCents: 100,
      }),
    ).toEqual({
      outcome: 'failed',
      reason: 'the deposit was not taken through this card gateway',
    });
    const unknown = await gateway.refund({
      key: randomUUID(),
      deposit: { ...deposit, gatewayReference: 'pi_unknown' },
      amountCents: 100,
    });
    expect(unknown).toEqual({ outcome: 'failed', reason: 'No such payment_intent' });
  });

  it('charges again, under the same key, a deposit whose answer was lost, and posts it once', async () => {
    const { customer, calls, fundId } = await stripeCustomerWithCard('pm_card_visa');
    const payments = paymentsOf(app.deps);
    const apply = vi.spyOn(payments, 'applyCharge').mockRejectedValueOnce(new Error('the process stopped'));
    try {
      expect((await calls.deposit(fundId, { amount: 21 })).statusCode).toBe(500);
    } finally {
      apply.mockRestore();
    }
    const [charging] = await db.select().from(deposits).where(eq(deposits.customerId, customer.id));
    expect(charging?.status).toBe('charging');
    const later = new Date(Date.now() + 3 * 60_000);
    await expireDepositsJob(app.deps, later);
    await expireDepositsJob(app.deps, later);
    const asked = seen.filter(
      (s) => s.path === '/v1/payment_intents' && s.idempotencyKey === `deposit-${charging?.id}`,
    );
    expect(asked).toHaveLength(2);
    expect(asked[1]?.body.toString()).toBe(asked[0]?.body.toString());
    const [done] = await db.select().from(deposits).where(eq(deposits.customerId, customer.id));
    expect(done?.status).toBe('succeeded');
    expect(await walletOf(db, customer.id)).toEqual({ posted: 2100, pendingIn: 0 });
  });

  it('refuses a CSC where the gateway needs none, and an unknown PaymentMethod', async () => {
    const { customer, calls, fundId } = await stripeCustomerWithCard('pm_card_visa');
    const res = await calls.deposit(fundId, { amount: 10, csc: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.csc[0]).toEqual({
      code: 'not_needed',
      message: 'A security code is not needed for this card.',
    });
    expect((await walletOf(db, customer.id)).posted).toBe(0);
    expect((await calls.post('/v2/funds/cc/stripe', { token: 'pm_nope' })).statusCode).toBe(400);
    expect((await calls.post('/v2/funds/cc/stripe', { token: 'tok_sandbox_x' })).statusCode).toBe(400);
  });

  it.each([
    ['pm_card_chargeDeclined', 'card_declined'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
  ])('%s is declined with its code', async (pm, code) => {
    const { customer, calls, fundId } = await stripeCustomerWithCard(pm);
    const res = await calls.deposit(fundId, { amount: 10 });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe(code);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
  });

  it("3-D Secure: Stripe's redirect, the money held, the return address reads the PaymentIntent", async () => {
    const { customer, calls, fundId } = await stripeCustomerWithCard('pm_card_threeDSecureRequired');
    const deposit = (await calls.deposit(fundId, { amount: 50 })).json().result;
    expect(deposit.status).toBe('awaiting_challenge');
    expect(deposit.redirect_url).toMatch(/^https:\/\/hooks\.stripe\.test\/3ds\/pi_/);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 5000 });
    const returnUrl =
      seen
        .filter((s) => s.path === '/v1/payment_intents')
        .at(-1)
        ?.body.get('return_url') ?? '';
    expect(returnUrl).toContain(`/v2/funds/stripe/return/${deposit.id}?token=`);

    // Back before the customer finished: nothing changes.
    const early = await app.inject({ method: 'GET', url: pathOf(returnUrl) });
    expect(early.headers.location).toContain('status=awaiting_challenge');
    const intentId = deposit.redirect_url.split('/').at(-1);
    const intent = intents.get(intentId);
    if (intent) intent.status = 'succeeded';
    const done = await app.inject({ method: 'GET', url: pathOf(returnUrl) });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${WEB_ORIGIN}/3ds/notify?deposit_id=${deposit.id}&status=succeeded`);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 5000, pendingIn: 0 });
    // The webhook arriving afterwards changes nothing.
    expect((await webhook('payment_intent.succeeded', intentId)).statusCode).toBe(200);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 5000, pendingIn: 0 });
  });

  it('the signed webhook ends a challenged deposit; a bad signature is refused', async () => {
    const { customer, calls, fundId } = await stripeCustomerWithCard('pm_card_threeDSecureRequired');
    const deposit = (await calls.deposit(fundId, { amount: 20 })).json().result;
    const intentId = deposit.redirect_url.split('/').at(-1);
    const forged = await webhook('payment_intent.succeeded', intentId, 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('invalid_signature');
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 2000 });
    const failed = await webhook('payment_intent.payment_failed', intentId);
    expect(failed.statusCode).toBe(200);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
    const detail = (await calls.get(`/v2/funds/${deposit.id}/deposit`)).json().result;
    expect(detail.status).toBe('declined');
  });

  it("PayPal's sandbox stand-in is listed disabled and refused: nothing is held", async () => {
    const customer = await newCustomer(app);
    const calls = paymentCalls(app, customer.access_token);
    const methods = await app.inject({
      method: 'GET',
      url: '/v2/payment_methods',
      headers: { authorization: `Bearer ${customer.access_token}`, 'x-api-version': '3.2' },
    });
    const paypal = methods.json().result.find((m: { code: string }) => m.code === 'pl');
    expect(paypal.rules.enabled).toBe(false);
    const res = await calls.post('/v2/funds/pl/braintree', { amount: 30 });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('method_unavailable');
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
  });

  it('an abandoned challenge expires and its PaymentIntent is cancelled', async () => {
    const { calls, fundId } = await stripeCustomerWithCard('pm_card_threeDSecureRequired');
    const deposit = (await calls.deposit(fundId, { amount: 20 })).json().result;
    const intentId = deposit.redirect_url.split('/').at(-1);
    await expireDepositsJob(app.deps, new Date(Date.now() + 16 * 60_000));
    expect(intents.get(intentId)?.status).toBe('canceled');
    expect((await calls.get(`/v2/funds/${deposit.id}/deposit`)).json().result.status).toBe('expired');
  });
});
