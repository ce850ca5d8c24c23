import { randomUUID } from 'node:crypto';
import { createDb, deposits, eq, sql } from '@drawhouse/db';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { createAppDeps, createMailDeps } from '../src/deps.ts';
import { EXPIRE_DEPOSITS_JOB, expireDepositsJob } from '../src/jobs/expire-deposits.ts';
import { startJobs } from '../src/jobs/index.ts';
import type { CheckoutDepositRow } from '../src/modules/payments/index.ts';
import { paymentsOf } from '../src/modules/payments/index.ts';
import { runOperator } from '../src/operator/run.ts';
import { call, newCustomer } from './accounts-helpers.ts';
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
import { testDatabaseUrl } from './test-database.ts';

const app = await getTestApp({ webBaseUrl: WEB_ORIGIN });
const { db } = getTestDb();

type Method = {
  code: string;
  funds: { id: string }[];
  rules: Record<string, unknown>;
  attributes: Record<string, unknown>;
};

async function methods(token: string, filter?: string, version = '3.2') {
  const url =
    filter === undefined ? '/v2/payment_methods' : `/v2/payment_methods?filter=${encodeURIComponent(filter)}`;
  return call(app, url, { token, headers: { 'x-api-version': version } });
}

describe('GET /v2/payment_methods', () => {
  it("lists deposit methods with the customer's funds and rules (the deposit filter)", async () => {
    const customer = await newCustomer(app);
    const fundId = await paymentCalls(app, customer.access_token).addCard(CARDS.succeeds);
    const res = await methods(
      customer.access_token,
      'funds.cart eq true,funds.withdraw eq false,funds.digital_wallets eq true',
    );
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().result as Method[];
    expect(list.map((m) => m.code)).toEqual(['cc', 'pl', 'ap', 'gp']);
    const cc = list[0];
    expect(cc?.funds.map((f) => f.id)).toEqual([fundId]);
    expect(cc?.rules).toEqual({
      enabled: true,
      min_amount: { amount: 1, currency: 'AUD' },
      max_amount: { amount: 5000, currency: 'AUD' },
      csc_required: { sandbox: true, stripe: false },
    });
    expect(res.json().result[0].available_gateways).toEqual(['sandbox']);
  });

  it('lists withdrawal methods with the withdrawal filter, and leaves wallets out when asked', async () => {
    const customer = await newCustomer(app);
    const out = await methods(
      customer.access_token,
      'funds.withdraw eq true,funds.failed_verification eq true',
    );
    expect((out.json().result as Method[]).map((m) => m.code)).toEqual(['tt', 'pl', 'tw', 'do']);
    const repeated = await call(
      app,
      `/v2/payment_methods?filter=${encodeURIComponent('funds.cart eq true')}&filter=${encodeURIComponent('funds.digital_wallets eq false')}`,
      { token: customer.access_token, headers: { 'x-api-version': '3.2' } },
    );
    expect((repeated.json().result as Method[]).map((m) => m.code)).toEqual(['cc', 'pl']);
    const all = await methods(customer.access_token);
    const bp = (all.json().result as Method[]).find((m) => m.code === 'bp');
    expect(bp?.attributes).toMatchObject({ biller_code: '987654' });
    expect(String(bp?.attributes.reference)).toMatch(/^\d{10}$/);
  });

  it('refuses a filter it does not know, an old version and a visitor', async () => {
    const customer = await newCustomer(app);
    const bad = await methods(customer.access_token, 'funds.colour eq blue');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_filter');
    expect((await methods(customer.access_token, undefined, '3.1')).statusCode).toBe(400);
    expect((await call(app, '/v2/payment_methods', { headers: { 'x-api-version': '3.2' } })).statusCode).toBe(
      401,
    );
  });
});

describe('PayPal (pl)', () => {
  it('redirects to the approval page; approving credits the wallet and returns to the account', async () => {
    const customer = await newCustomer(app);
    const calls = paymentCalls(app, customer.access_token);
    const res = await calls.post('/v2/funds/pl/braintree', { amount: 30 });
    expect(res.statusCode, res.body).toBe(201);
    const deposit = res.json().result;
    expect(deposit).toMatchObject({
      status: 'awaiting_approval',
      method_code: 'pl',
      fund: { type: 'paypal' },
    });
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 3000 });
    const page = await app.inject({ method: 'GET', url: pathOf(deposit.redirect_url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Approve payment');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const approved = await submitPage(app, deposit.redirect_url, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`${WEB_ORIGIN}/my-account/deposit/details/${deposit.id}/success`);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 3000, pendingIn: 0 });
    // The same PayPal fund serves the next deposit.
    const next = await calls.post('/v2/funds/pl/braintree', { amount: 5 });
    expect(next.json().result.fund_id).toBe(deposit.fund_id);
  });

  it('cancelling voids the hold and returns to the cancel page', async () => {
    const customer = await newCustomer(app);
    const deposit = (
      await paymentCalls(app, customer.access_token).post('/v2/funds/pl/braintree', { amount: 30 })
    ).json().result;
    const cancelled = await submitPage(app, deposit.redirect_url, 'cancel');
    expect(cancelled.headers.location).toBe(`${WEB_ORIGIN}/my-account/deposit/${deposit.id}/cancel`);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
    const late = await submitPage(app, deposit.redirect_url, 'approve');
    expect(late.headers.location).toContain('/cancel');
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
  });

  it('a checkout deposit returns to the checkout and tells the checkout inside the posting transaction', async () => {
    const customer = await newCustomer(app);
    const payments = paymentsOf(app.deps);
    const heard: { status: string; walletPosted: number }[] = [];
    const listener = async (
      tx: Parameters<Parameters<typeof payments.onCheckoutDepositSucceeded>[0]>[0],
      deposit: CheckoutDepositRow,
    ) => {
      if (deposit.customerId !== customer.id) return undefined;
      heard.push({ status: deposit.status, walletPosted: (await walletOf(tx, customer.id)).posted });
      return { checkoutId: '00000000-0000-4000-8000-000000000001' };
    };
    payments.onCheckoutDepositSucceeded(listener);
    payments.onCheckoutDepositSucceeded(listener);
    const begun = await db.transaction(async (tx) =>
      payments.startDeposit(tx, {
        customerId: customer.id,
        fundId: await payments.paypalFund(tx, customer.id),
        amountCents: 1250,
        purpose: { kind: 'checkout', cartId: randomUUID(), idempotencyKey: randomUUID() },
      }),
    );
    if (!('result' in begun)) throw new Error('a PayPal deposit waits for its approval, nothing to charge');
    const started = begun.result;
    expect(started.outcome).toBe('challenge');
    const approved = await submitPage(app, started.redirectUrl ?? '', 'approve');
    expect(approved.headers.location).toBe(`${WEB_ORIGIN}/checkout/deposit/${started.deposit.id}/success`);
    expect(heard).toEqual([{ status: 'succeeded', walletPosted: 1250 }]);
    const [row] = await db.select().from(deposits).where(eq(deposits.id, started.deposit.id));
    expect(row?.checkoutId).toBe('00000000-0000-4000-8000-000000000001');
  });

  it('an abandoned approval expires', async () => {
    const customer = await newCustomer(app);
    const deposit = (
      await paymentCalls(app, customer.access_token).post('/v2/funds/pl/braintree', { amount: 9 })
    ).json().result;
    await expireDepositsJob(app.deps, new Date(Date.now() + 16 * 60_000));
    const detail = await paymentCalls(app, customer.access_token).get(`/v2/funds/${deposit.id}/deposit`);
    expect(detail.json().result).toMatchObject({ status: 'expired', redirect_url: null });
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
  });
});

describe('Apple Pay and Google Pay', () => {
  it.each(['ap', 'gp'])('%s: an approved wallet token credits the wallet', async (code) => {
    const customer = await newCustomer(app);
    const res = await paymentCalls(app, customer.access_token).post(`/v2/funds/${code}/sandbox/deposit`, {
      amount: 11,
      wallet_token: 'sandbox-wallet-approved',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toMatchObject({ status: 'succeeded', method_code: code, fund: null });
    expect((await walletOf(db, customer.id)).posted).toBe(1100);
  });

  it('a declined token, an unreadable token and an unknown gateway are refused', async () => {
    const calls = paymentCalls(app, (await newCustomer(app)).access_token);
    const declined = await calls.post('/v2/funds/ap/sandbox/deposit', {
      amount: 11,
      wallet_token: 'sandbox-wallet-declined',
    });
    expect(declined.statusCode).toBe(402);
    const poor = await calls.post('/v2/funds/gp/sandbox/deposit', {
      amount: 11,
      wallet_token: 'sandbox-wallet-insufficient-funds',
    });
    expect(poor.json().error.code).toBe('insufficient_funds');
    const unreadable = await calls.post('/v2/funds/gp/sandbox/deposit', {
      amount: 11,
      wallet_token: 'nonsense',
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().errors.wallet_token).toBeDefined();
    const gateway = await calls.post('/v2/funds/ap/eway/deposit', {
      amount: 11,
      wallet_token: 'sandbox-wallet-approved',
    });
    expect(gateway.statusCode).toBe(404);
  });
});

describe('BPAY and direct deposit', () => {
  it('answers the reference; the operator reconciles the bank line once', async () => {
    const customer = await newCustomer(app);
    const calls = paymentCalls(app, customer.access_token);
    const res = await calls.post('/v2/funds/bp/deposit', { amount: 100 });
    expect(res.statusCode, res.body).toBe(201);
    const deposit = res.json().result;
    expect(deposit).toMatchObject({
      status: 'awaiting_reconciliation',
      reference: { biller_code: '987654' },
    });
    const reference = deposit.reference.reference as string;
    const dd = (await calls.post('/v2/funds/dd/deposit', { amount: 50 })).json().result;
    expect(dd.reference).toMatchObject({ bsb: '062-000', reference });

    const out: string[] = [];
    const err: string[] = [];
    const run = (argv: string[]) =>
      runOperator(argv, { db, out: (l) => out.push(l), err: (l) => err.push(l) });
    const line = `bank-${randomUUID()}`;
    const args = [
      'deposits:reconcile',
      'bp',
      '--reference',
      reference,
      '--amount',
      '100.00',
      '--transaction',
      line,
    ];
    expect(await run(args)).toBe(0);
    expect(out.at(-1)).toMatch(/\$100\.00 credited/);
    expect(await run(args)).toBe(0);
    expect(out.at(-1)).toMatch(/reconciled already/);
    expect((await walletOf(db, customer.id)).posted).toBe(10_000);
    const detail = await calls.get(`/v2/funds/${deposit.id}/deposit`);
    expect(detail.json().result.status).toBe('succeeded');

    expect(
      await run([
        'deposits:reconcile',
        'bp',
        '--reference',
        '0000000000',
        '--amount',
        '5',
        '--transaction',
        'x',
      ]),
    ).toBe(1);
    expect(
      await run([
        'deposits:reconcile',
        'xx',
        '--reference',
        reference,
        '--amount',
        '5',
        '--transaction',
        'y',
      ]),
    ).toBe(1);
  });

  it('refuses an amount below the minimum', async () => {
    const calls = paymentCalls(app, (await newCustomer(app)).access_token);
    const res = await calls.post('/v2/funds/bp/deposit', { amount: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.amount[0].message).toBe(
      'Please enter an amount equal to or greater than 10.00.',
    );
  });
});

describe('jobs', () => {
  it('pg-boss starts on the database and schedules the expiry job every minute', async () => {
    const jobs = await startJobs(testDatabaseUrl(), app.deps, { info: () => {}, error: () => {} });
    try {
      const schedules = await jobs.boss.getSchedules();
      expect(schedules.find((s) => s.name === EXPIRE_DEPOSITS_JOB)?.cron).toBe('* * * * *');
    } finally {
      await jobs.stop();
    }
  });
});

describe('logs', () => {
  it('a whole card journey never logs the card number or the CSC', async () => {
    const lines: string[] = [];
    const handle = createDb(testDatabaseUrl(), { max: 2 });
    const config = testConfig({ webBaseUrl: WEB_ORIGIN, logLevel: 'trace' });
    const mail = await createMailDeps(config);
    const logged = await buildApp({
      ...createAppDeps(handle, config, mail),
      logStream: { write: (l) => lines.push(l) },
    });
    await logged.ready();
    afterAll(async () => {
      await logged.close();
      await handle.close();
      await mail.mailCatcher?.stop();
    });

    const customer = await newCustomer(logged);
    const calls = paymentCalls(logged, customer.access_token);
    const cardNumber = CARDS.challengeThenSucceeds;
    // A bad attempt too (its errors must not echo the number), then the real one.
    expect((await tokenize(logged, cardBody(cardNumber, { csc: '98' }))).statusCode).toBe(400);
    await tokenize(logged, cardBody(cardNumber, { card_number: `${cardNumber}?x` }));
    const fundId = await calls.addCard(cardNumber);
    const deposit = (await calls.deposit(fundId, { amount: 20, csc: '123' })).json().result;
    await logged.inject({ method: 'GET', url: pathOf(deposit.redirect_url) });
    expect((await submitPage(logged, deposit.redirect_url, 'complete')).headers.location).toContain(
      'succeeded',
    );

    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    expect(text).toContain('/v2/funds/sandbox/tokens');
    expect(text).not.toContain(cardNumber);
    expect(text).not.toContain('4000 0000 0000 3220');
    expect(text).not.toMatch(/"csc"/);
    const stored = await db.execute(
      sql`select count(*)::int as n from sandbox_card_tokens where token like '%3220%'`,
    );
    expect(stored.rows[0]).toEqual({ n: 0 });
  });
});
