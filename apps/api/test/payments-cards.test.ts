import { createHmac, randomUUID } from 'node:crypto';
import { deposits, eq, sandboxCardTokens } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import { paymentsOf } from '../src/modules/payments/index.ts';
import { elevateByEmail, newCustomer } from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import {
  CARDS,
  cardBody,
  pathOf,
  paymentCalls,
  submitPage,
  tokenize,
  WEB_ORIGIN,
  walletOf,
} from './payments-helpers.ts';
import { markVerified } from './wallet-helpers.ts';

const app = await getTestApp({ webBaseUrl: WEB_ORIGIN });
/**
 * Another app of this file (other settings) also delivers the outbox: its mail goes to this app's
 * mailbox, where the tests read codes.
 */
const sameMailbox = { mailer: () => app.deps.mailer };
const { db } = getTestDb();

async function customerWithCard(cardNumber: string) {
  const customer = await newCustomer(app);
  const calls = paymentCalls(app, customer.access_token);
  const fundId = await calls.addCard(cardNumber);
  return { customer, calls, fundId };
}

describe('POST /v2/funds/sandbox/tokens', () => {
  it('tokenises a card from the browser and keeps only what a receipt shows', async () => {
    const res = await tokenize(app, cardBody(CARDS.succeeds));
    expect(res.statusCode).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    const { token, brand, last4 } = res.json().result;
    expect({ brand, last4 }).toEqual({ brand: 'visa', last4: '4242' });
    const [row] = await db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.token, token));
    expect(row).toMatchObject({
      brand: 'visa',
      last4: '4242',
      holderName: 'Jane Citizen',
      outcome: 'succeed',
    });
    expect(JSON.stringify(row)).not.toContain(CARDS.succeeds);
    expect(JSON.stringify(row)).not.toMatch(/"123"/);
  });

  it('answers the preflight for the storefront only', async () => {
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/v2/funds/sandbox/tokens',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const ours = await preflight(WEB_ORIGIN);
    expect(ours.statusCode).toBe(204);
    expect(ours.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    expect(ours.headers['access-control-allow-methods']).toContain('POST');
    // The same shop opened at its other loopback name (http://127.0.0.1:3000) checks cards too.
    for (const alias of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect((await preflight(alias)).headers['access-control-allow-origin']).toBe(alias);
    }
    const theirs = await preflight('https://evil.example');
    expect(theirs.headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight('http://127.0.0.1:3001')).headers['access-control-allow-origin']).toBeUndefined();
    // No other route answers CORS.
    const other = await app.inject({
      method: 'GET',
      url: '/v2/funds/card_gateways',
      headers: { origin: WEB_ORIGIN },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('names each wrong field in the customer words', async () => {
    const res = await tokenize(
      app,
      cardBody('4242424242424241', { expiry_month: '1', expiry_year: '2020', csc: '1', holder_name: '' }),
    );
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(errors.card_number[0].message).toBe('Please enter a valid card number.');
    expect(errors.expiry_month[0].message).toBe('This card has expired.');
    expect(errors.csc[0].message).toBe('Please enter a valid security code.');
    expect(errors.holder_name[0].message).toBe("Please enter the card holder's name.");
  });

  it("refuses a holder name of 13 or more digits with 'Please enter the card holder's name.'", async () => {
    const res = await tokenize(app, cardBody(CARDS.succeeds, { holder_name: '4242 4242 4242 4' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.holder_name).toEqual([
      { code: 'invalid', message: "Please enter the card holder's name." },
    ]);
    const twelve = await tokenize(app, cardBody(CARDS.succeeds, { holder_name: 'Jane 123456789012' }));
    expect(twelve.statusCode).toBe(201);
  });

  it('refuses an impossible expiry month and wrong types', async () => {
    expect(
      (await tokenize(app, cardBody(CARDS.succeeds, { expiry_month: '13' }))).json().errors.expiry_month,
    ).toBeDefined();
    const typed = await tokenize(app, cardBody(CARDS.succeeds, { card_number: 4242424242424242 }));
    expect(typed.statusCode).toBe(400);
    expect(typed.json().errors.card_number).toBeDefined();
  });

  it('is rate limited per address', async () => {
    const limited = await getTestApp(
      { webBaseUrl: WEB_ORIGIN, payments: { ...app.deps.config.payments, tokenizeRateLimit: 2 } },
      undefined,
      sameMailbox,
    );
    const from = (ip: string) =>
      limited.inject({
        method: 'POST',
        url: '/v2/funds/sandbox/tokens',
        remoteAddress: ip,
        payload: cardBody(CARDS.succeeds),
      });
    expect((await from('10.9.9.9')).statusCode).toBe(201);
    expect((await from('10.9.9.9')).statusCode).toBe(201);
    const third = await from('10.9.9.9');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('rate_limited');
  });
});

describe('funds', () => {
  it('saves a tokenised card once; the first card is the default', async () => {
    const customer = await newCustomer(app);
    const calls = paymentCalls(app, customer.access_token);
    const token = (await tokenize(app, cardBody(CARDS.succeeds))).json().result.token;
    const saved = await calls.post('/v2/funds/cc/sandbox', { token });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().result).toMatchObject({
      type: 'card',
      default: true,
      brand: 'visa',
      last4: '4242',
      label: 'Visa ending 4242',
      gateway: 'sandbox',
      expired: false,
    });
    const again = await calls.post('/v2/funds/cc/sandbox', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_card_token');
    const unknown = await calls.post('/v2/funds/cc/stripe', { token });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists funds by gateway, moves the default and removes a fund', async () => {
    const { customer, calls, fundId: first } = await customerWithCard(CARDS.succeeds);
    const second = await calls.addCard(CARDS.otherValid);
    const listed = await calls.get('/v2/funds/sandbox');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().result).toMatchObject({ key: 'sandbox', test_mode: true });
    expect(
      listed.json().result.funds.map((f: { id: string; default: boolean }) => [f.id, f.default]),
    ).toEqual([
      [first, true],
      [second, false],
    ]);
    expect(listed.json().result.test_cards.map((c: { number: string }) => c.number)).toContain(
      CARDS.succeeds,
    );

    const made = await calls.post(`/v2/funds/${second}/default`);
    expect(made.statusCode).toBe(200);
    expect(made.json().result.default).toBe(true);
    const after = (await calls.get('/v2/funds/sandbox')).json().result.funds;
    expect(after.map((f: { default: boolean }) => f.default)).toEqual([false, true]);

    // Removing a card needs a step-up of the very access token.
    const refused = await calls.remove(`/v2/funds/${first}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('REQUIRED');
    const elevated = paymentCalls(app, await elevateByEmail(app, customer.access_token, customer.email));
    expect((await elevated.remove(`/v2/funds/${first}`)).statusCode).toBe(200);
    expect(
      (await calls.get('/v2/funds/sandbox')).json().result.funds.map((f: { id: string }) => f.id),
    ).toEqual([second]);
    expect((await elevated.remove(`/v2/funds/${first}`)).statusCode).toBe(404);
  });

  it("answers 404 for another customer's fund, a made-up id and an unknown gateway", async () => {
    const { fundId } = await customerWithCard(CARDS.succeeds);
    const stranger = await newCustomer(app);
    const other = paymentCalls(app, await elevateByEmail(app, stranger.access_token, stranger.email));
    for (const res of [
      await other.post(`/v2/funds/${fundId}/default`),
      await other.remove(`/v2/funds/${fundId}`),
      await other.deposit(fundId, { amount: 10, csc: '123' }),
      await other.remove('/v2/funds/not-a-uuid'),
      await other.deposit(randomUUID(), { amount: 10, csc: '123' }),
      await other.get('/v2/funds/paystream'),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
  });

  it("allows the shop's configured origins (ALLOWED_ORIGINS) to check cards", async () => {
    const behindProxy = await getTestApp(
      { webBaseUrl: WEB_ORIGIN, shopOrigins: ['https://shop.example.com'] },
      undefined,
      sameMailbox,
    );
    const res = await behindProxy.inject({
      method: 'OPTIONS',
      url: '/v2/funds/sandbox/tokens',
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example.com');
  });

  it('lists card gateways without signing in', async () => {
    const res = await app.inject({ method: 'GET', url: '/v2/funds/card_gateways' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.priority_gateway).toBe('sandbox');
    expect(res.json().result.available_card_gateways[0]).toMatchObject({
      key: 'sandbox',
      tokenize_url: `${app.deps.config.payments.apiPublicUrl}/v2/funds/sandbox/tokens`,
      publishable_key: null,
    });
  });

  it('has no Stripe setup while the sandbox is the gateway', async () => {
    const calls = paymentCalls(app, (await newCustomer(app)).access_token);
    expect((await calls.post('/v2/funds/stripe/setup')).statusCode).toBe(404);
  });
});

describe('card deposits', () => {
  it('4242 succeeds: the wallet is credited at once', async () => {
    const { customer, calls, fundId } = await customerWithCard(CARDS.succeeds);
    const res = await calls.deposit(fundId, { amount: 25.5, csc: '123' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toMatchObject({
      status: 'succeeded',
      redirect_url: null,
      amount: { amount: 25.5, currency: 'AUD' },
      method_code: 'cc',
      fund: { id: fundId, label: 'Visa ending 4242' },
    });
    expect(await walletOf(db, customer.id)).toEqual({ posted: 2550, pendingIn: 0 });
    const detail = await calls.get(`/v2/funds/${res.json().result.id}/deposit`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().result.status).toBe('succeeded');
  });

  it('any other valid number succeeds', async () => {
    const { customer, calls, fundId } = await customerWithCard(CARDS.otherValid);
    expect((await calls.deposit(fundId, { amount: '10.00', csc: '123' })).statusCode).toBe(201);
    expect((await walletOf(db, customer.id)).posted).toBe(1000);
  });

  it.each([
    [CARDS.declined, 'card_declined', 'Your card was declined. Please try another card.'],
    [
      CARDS.insufficientFunds,
      'insufficient_funds',
      'Your card has insufficient funds. Please try another card.',
    ],
  ])('%s is refused with a clear message and moves nothing', async (card, code, message) => {
    const { customer, calls, fundId } = await customerWithCard(card);
    const res = await calls.deposit(fundId, { amount: 10, csc: '123' });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toEqual({ status: 402, code, message });
    expect(res.json().messages[0].message).toBe(message);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
  });

  it('3220 asks for a challenge, holds the money, then succeeds exactly once', async () => {
    const { customer, calls, fundId } = await customerWithCard(CARDS.challengeThenSucceeds);
    const res = await calls.deposit(fundId, { amount: 40, csc: '123' });
    expect(res.statusCode, res.body).toBe(201);
    const deposit = res.json().result;
    expect(deposit.status).toBe('awaiting_challenge');
    expect(deposit.redirect_url).toMatch(/\/v2\/funds\/sandbox\/challenges\/[0-9a-f-]+\?token=/);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 4000 });

    const page = await app.inject({ method: 'GET', url: pathOf(deposit.redirect_url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('Fail authentication');
    expect(page.body).toContain('$40.00');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${WEB_ORIGIN}`);
    // The shop's other loopback name may frame it too; an IPv6 literal, which a source list cannot
    // name (the browser reports it as an error), is left out.
    expect(page.headers['content-security-policy']).toContain('http://127.0.0.1:3000');
    expect(page.headers['content-security-policy']).not.toContain('[::1]');

    const done = await submitPage(app, deposit.redirect_url, 'complete');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${WEB_ORIGIN}/3ds/notify?deposit_id=${deposit.id}&status=succeeded`);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 4000, pendingIn: 0 });

    // A second submit (a double click, a replay) changes nothing.
    const twice = await submitPage(app, deposit.redirect_url, 'fail');
    expect(twice.headers.location).toContain('status=succeeded');
    expect(await walletOf(db, customer.id)).toEqual({ posted: 4000, pendingIn: 0 });
    const detail = await calls.get(`/v2/funds/${deposit.id}/deposit`);
    expect(detail.json().result).toMatchObject({ status: 'succeeded', redirect_url: null });
  });

  it('3220 with a failed authentication is declined and the hold voided', async () => {
    const { customer, calls, fundId } = await customerWithCard(CARDS.challengeThenSucceeds);
    const deposit = (await calls.deposit(fundId, { amount: 15, csc: '123' })).json().result;
    const done = await submitPage(app, deposit.redirect_url, 'fail');
    expect(done.headers.location).toContain('status=declined');
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
    const detail = (await calls.get(`/v2/funds/${deposit.id}/deposit`)).json().result;
    expect(detail).toMatchObject({ status: 'declined', failure_code: 'authentication_failed' });
    expect(detail.message).toMatch(/could not be authenticated/);
  });

  it('1629 passes the challenge but is declined', async () => {
    const { customer, calls, fundId } = await customerWithCard(CARDS.challengeThenDeclined);
    const deposit = (await calls.deposit(fundId, { amount: 15, csc: '123' })).json().result;
    expect(deposit.status).toBe('awaiting_challenge');
    const done = await submitPage(app, deposit.redirect_url, 'complete');
    expect(done.headers.location).toContain('status=declined');
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
    expect((await calls.get(`/v2/funds/${deposit.id}/deposit`)).json().result.message).toBe(
      'Your card was declined. Please try another card.',
    );
  });

  it('a challenge abandoned for over 15 minutes expires by the job; the page then says so', async () => {
    const { customer, calls, fundId } = await customerWithCard(CARDS.challengeThenSucceeds);
    const deposit = (await calls.deposit(fundId, { amount: 12, csc: '123' })).json().result;
    const payments = paymentsOf(app.deps);
    expect(await payments.deposits.expireAbandoned(new Date(Date.now() + 14 * 60_000))).toBe(0);
    await payments.deposits.expireAbandoned(new Date(Date.now() + 16 * 60_000));
    const [row] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row?.status).toBe('expired');
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
    const late = await submitPage(app, deposit.redirect_url, 'complete');
    expect(late.headers.location).toContain('status=expired');
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
  });

  it("a page address forged from the JWT secret opens nothing: the token is the deposit's own random one", async () => {
    const { customer, calls, fundId } = await customerWithCard(CARDS.challengeThenSucceeds);
    const deposit = (await calls.deposit(fundId, { amount: 25, csc: '123' })).json().result;
    // What anyone holding the JWT secret could derive before: an HMAC of the deposit id.
    const derived = createHmac('sha256', app.deps.jwtSecret)
      .update(`payments-page:${deposit.id}`)
      .digest('base64url')
      .slice(0, 32);
    const forged = `${WEB_ORIGIN}/v2/funds/sandbox/challenges/${deposit.id}?token=${derived}`;
    expect((await app.inject({ method: 'GET', url: pathOf(forged) })).statusCode).toBe(404);
    expect((await submitPage(app, forged, 'complete')).statusCode).toBe(404);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 2500 });

    const [row] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row?.pageToken).toBeTruthy();
    expect(new URL(deposit.redirect_url).searchParams.get('token')).toBe(row?.pageToken);
    // Reading the deposit again answers the same address, which still opens the page.
    const again = (await calls.get(`/v2/funds/${deposit.id}/deposit`)).json().result;
    expect(again.redirect_url).toBe(deposit.redirect_url);
    expect((await submitPage(app, again.redirect_url, 'complete')).headers.location).toContain(
      'status=succeeded',
    );
  });

  it('a challenge page with a wrong token or for an unknown deposit says it expired', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/v2/funds/sandbox/challenges/${randomUUID()}?token=x`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This payment page has expired');
  });
});

describe('deposit amounts and CSC', () => {
  it.each([
    [-5, 'Please enter an amount equal to or greater than 1.00.'],
    [0, 'Please enter an amount equal to or greater than 1.00.'],
    [0.5, 'Please enter an amount equal to or greater than 1.00.'],
    [10.005, 'Amount must follow format e.g: 1.50'],
    ['1.505', 'Amount must follow format e.g: 1.50'],
    ['ten', 'Amount must follow format e.g: 1.50'],
    ['', 'Amount must follow format e.g: 1.50'],
    [5000.01, 'Please enter an amount equal to or less than 5000.00.'],
  ])('refuses %s with a field error and moves nothing', async (amount, message) => {
    const { customer, calls, fundId } = await customerWithCard(CARDS.succeeds);
    const res = await calls.deposit(fundId, { amount, csc: '123' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.amount[0].message).toBe(message);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
  });

  it('refuses an amount of the wrong type', async () => {
    const { calls, fundId } = await customerWithCard(CARDS.succeeds);
    const res = await calls.deposit(fundId, { amount: { amount: 5 }, csc: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.amount).toBeDefined();
  });

  it('takes the largest amount (a verified account)', async () => {
    const { customer, calls, fundId } = await customerWithCard(CARDS.succeeds);
    await markVerified(db, customer.id);
    expect((await calls.deposit(fundId, { amount: 5000, csc: '123' })).statusCode).toBe(201);
    expect((await walletOf(db, customer.id)).posted).toBe(500_000);
  });

  it('wants the CSC where the gateway asks and refuses a malformed one', async () => {
    const { customer, calls, fundId } = await customerWithCard(CARDS.succeeds);
    const missing = await calls.deposit(fundId, { amount: 10 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.csc).toEqual([{ code: 'required', message: 'This field is required.' }]);
    const bad = await calls.deposit(fundId, { amount: 10, csc: '12' });
    expect(bad.json().errors.csc[0].code).toBe('invalid');
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
  });

  it('refuses a CSC where none is needed (a wallet payment)', async () => {
    const customer = await newCustomer(app);
    const started = paymentsOf(app.deps);
    await expect(
      db.transaction((tx) =>
        started.startDeposit(tx, {
          customerId: customer.id,
          wallet: { code: 'gp', gateway: 'sandbox', token: 'sandbox-wallet-approved' },
          amountCents: 1000,
          csc: '123',
          purpose: { kind: 'top_up' },
        }),
      ),
    ).rejects.toMatchObject({ status: 400, errors: { csc: [{ code: 'not_needed' }] } });
  });
});

describe('idempotency', () => {
  it('replays the first answer for the same key and refuses other parameters', async () => {
    const { customer, calls, fundId } = await customerWithCard(CARDS.succeeds);
    const key = randomUUID();
    const first = await calls.deposit(fundId, { amount: 20, csc: '123' }, key);
    const again = await calls.deposit(fundId, { amount: 20, csc: '123' }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().result.id).toBe(first.json().result.id);
    expect((await walletOf(db, customer.id)).posted).toBe(2000);
    const other = await calls.deposit(fundId, { amount: 21, csc: '123' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_mismatch');
    expect((await walletOf(db, customer.id)).posted).toBe(2000);
  });

  it('replays a decline', async () => {
    const { calls, fundId } = await customerWithCard(CARDS.declined);
    const key = randomUUID();
    const first = await calls.deposit(fundId, { amount: 20, csc: '123' }, key);
    const again = await calls.deposit(fundId, { amount: 20, csc: '123' }, key);
    expect([first.statusCode, again.statusCode]).toEqual([402, 402]);
    expect(again.json().error.code).toBe('card_declined');
  });

  it('one key sent 10 times at once charges once', async () => {
    const { customer, calls, fundId } = await customerWithCard(CARDS.succeeds);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => calls.deposit(fundId, { amount: 7, csc: '123' }, key)),
    );
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    expect((await walletOf(db, customer.id)).posted).toBe(700);
  });
});
