/**
 * Spend limits, the precommitment limit and the weekly deposit limit: the calls, their bad input,
 * the seven-day wait on a raise, and the guard under parallel spending.
 */
import { createDb } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.ts';
import { ledgerQueries } from '../src/modules/ledger/index.ts';
import { limitsGuard } from '../src/modules/limits/index.ts';
import { createLimitsService } from '../src/modules/limits/limits.service.ts';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { testDatabaseUrl } from './test-database.ts';
import { creditWallet, markVerified, spend } from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();

const as = (customer: TestCustomer, url: string, method = 'GET', body?: unknown) =>
  call(app, url, { method: method as 'GET', token: customer.access_token, ...(body ? { body } : {}) });

async function refusal(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('GET /v2/spend-limits', () => {
  it('needs a signed-in customer', async () => {
    expect((await call(app, '/v2/spend-limits')).statusCode).toBe(401);
  });

  it('lists every period as available, and the system limits with what was spent', async () => {
    const customer = await newCustomer(app);
    await creditWallet(db, customer.id, 10_000);
    await spend(db, customer.id, 2_500);
    const res = await as(customer, '/v2/spend-limits');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result;
    expect(result.available_periods).toEqual(['daily', 'weekly', 'monthly']);
    expect(result.customer_limits).toEqual([]);
    expect(result.system_limits.map((l: { period: string }) => l.period)).toEqual([
      'daily',
      'weekly',
      'monthly',
    ]);
    expect(result.system_limits[0]).toMatchObject({
      limit: { amount: 5000, currency: 'AUD' },
      amount_spent: { amount: 25, currency: 'AUD' },
      remaining: { amount: 4975, currency: 'AUD' },
    });
  });
});

describe('setting spend limits', () => {
  it('adds with PUT, lowers at once with POST, and refuses a spend past it with the exceeded amount', async () => {
    const customer = await newCustomer(app);
    await creditWallet(db, customer.id, 50_000);
    const added = await as(customer, '/v2/spend-limits/daily', 'PUT', { limit: 100 });
    expect(added.statusCode, added.body).toBe(200);
    const limit = added.json().result.customer_limits[0];
    expect(limit).toMatchObject({
      period: 'daily',
      limit: { amount: 100 },
      amount_spent: { amount: 0 },
      pending: null,
    });
    expect(added.json().result.available_periods).toEqual(['weekly', 'monthly']);

    const lowered = await as(customer, '/v2/spend-limits/daily', 'POST', { limit: '50.00' });
    expect(lowered.json().result.customer_limits[0]).toMatchObject({ limit: { amount: 50 }, pending: null });

    await spend(db, customer.id, 3_000);
    const refused = await refusal(spend(db, customer.id, 4_000));
    expect(refused.status).toBe(422);
    expect(refused.code).toBe('spend_limit');
    expect(refused.message).toBe(
      'This purchase of $40.00 is $20.00 over your daily spend limit of $50.00: you have spent $30.00 today, so $20.00 is left.',
    );
    await spend(db, customer.id, 2_000);
  });

  it('keeps a raise pending for seven days and says when it takes effect', async () => {
    const customer = await newCustomer(app);
    const res = await as(customer, '/v2/spend-limits/weekly', 'PUT', { limit: 200 });
    expect(res.statusCode).toBe(200);
    const raised = await as(customer, '/v2/spend-limits/weekly', 'POST', { limit: 500 });
    const weekly = raised.json().result.customer_limits[0];
    expect(weekly.limit.amount).toBe(200);
    expect(weekly.pending.limit.amount).toBe(500);
    const wait = Date.parse(weekly.pending.takes_effect_at) - Date.now();
    expect(wait).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(wait).toBeLessThanOrEqual(7 * 86_400_000);
  });

  it('applies the raise once seven days have passed (time injected)', async () => {
    const customer = await newCustomer(app);
    let now = new Date();
    const service = createLimitsService(db, () => now);
    await service.setSpendLimit(customer.id, 'monthly', 100, 'add');
    const raised = await service.setSpendLimit(customer.id, 'monthly', 300, 'edit');
    expect(raised.customerLimits[0]?.limit.amount).toBe(100);
    await creditWallet(db, customer.id, 50_000);
    expect((await refusal(spend(db, customer.id, 20_000, now))).code).toBe('spend_limit');

    now = new Date(now.getTime() + 7 * 86_400_000 - 1000);
    expect((await service.spendLimits(customer.id)).customerLimits[0]?.limit.amount).toBe(100);
    now = new Date(now.getTime() + 2000);
    const later = await service.spendLimits(customer.id);
    expect(later.customerLimits[0]).toMatchObject({ limit: { amount: 300 }, pending: null });
    const guard = limitsGuard(db);
    await expect(guard.assertCanSpend(customer.id, 20_000, now)).resolves.toBeUndefined();
  });

  it('removes a limit by id after seven days; a second removal is 422 with its message', async () => {
    const customer = await newCustomer(app);
    const added = await as(customer, '/v2/spend-limits/daily', 'PUT', { limit: 20 });
    const id = added.json().result.customer_limits[0].id as string;
    const removed = await as(customer, `/v2/spend-limits/${id}`, 'DELETE');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().result.customer_limits[0].pending).toMatchObject({ limit: null });
    const again = await as(customer, `/v2/spend-limits/${id}`, 'DELETE');
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('limit_removal_pending');
    expect(again.json().messages[0].message).toMatch(
      /^Your daily spend limit already ends on \d+ \w+ \d{4}\.$/,
    );
  });

  it("answers 404 for another customer's limit, an unknown id, and editing a limit not set", async () => {
    const owner = await newCustomer(app);
    const other = await newCustomer(app);
    const id = (await as(owner, '/v2/spend-limits/daily', 'PUT', { limit: 20 })).json().result
      .customer_limits[0].id;
    expect((await as(other, `/v2/spend-limits/${id}`, 'DELETE')).statusCode).toBe(404);
    expect((await as(other, '/v2/spend-limits/not-an-id', 'DELETE')).statusCode).toBe(404);
    const edit = await as(other, '/v2/spend-limits/weekly', 'POST', { limit: 20 });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error.code).toBe('limit_not_found');
  });

  it('refuses bad amounts and periods with field errors', async () => {
    const customer = await newCustomer(app);
    const cases: [unknown, string][] = [
      [-5, 'Please enter an amount equal to or greater than 0.01.'],
      [0, 'Please enter an amount equal to or greater than 0.01.'],
      [1.005, 'Amount must follow format e.g: 1.50'],
      ['ten', 'Amount must follow format e.g: 1.50'],
      [1_000_000, 'Please enter an amount equal to or less than 100000.00.'],
    ];
    for (const [limit, message] of cases) {
      const res = await as(customer, '/v2/spend-limits/daily', 'PUT', { limit });
      expect(res.statusCode, String(limit)).toBe(400);
      expect(res.json().errors.limit[0].message).toBe(message);
    }
    expect((await as(customer, '/v2/spend-limits/daily', 'PUT', {})).json().errors.limit[0].message).toBe(
      'This field is required.',
    );
    expect((await as(customer, '/v2/spend-limits/yearly', 'PUT', { limit: 5 })).statusCode).toBe(404);
    expect((await as(customer, '/v2/spend-limits', 'GET')).json().result.customer_limits).toEqual([]);
  });

  it('takes a form body', async () => {
    const customer = await newCustomer(app);
    const res = await call(app, '/v2/spend-limits/daily', {
      method: 'PUT',
      token: customer.access_token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'limit=12.50',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.customer_limits[0].limit.amount).toBe(12.5);
  });
});

describe('precommitment', () => {
  it("sets, bounds the month's spend, and waits seven days to go", async () => {
    const customer = await newCustomer(app);
    await creditWallet(db, customer.id, 50_000);
    const set = await as(customer, '/v2/precommitment', 'POST', { limit: 60 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().result).toMatchObject({
      limit: { amount: 60 },
      amount_spent: { amount: 0 },
      pending: null,
    });
    await spend(db, customer.id, 5_000);
    const refused = await refusal(spend(db, customer.id, 2_000));
    expect(refused.code).toBe('precommitment_limit');
    expect(refused.message).toContain('is $10.00 over your precommitment limit of $60.00 a month');
    const removed = await as(customer, '/v2/precommitment', 'DELETE');
    expect(removed.json().result).toMatchObject({ limit: { amount: 60 }, pending: { limit: null } });
    expect((await as(customer, '/v2/precommitment', 'DELETE')).statusCode).toBe(422);
    const read = await as(customer, '/v2/precommitment');
    expect(read.json().result.amount_spent.amount).toBe(50);
  });

  it('DELETE without a limit is 404', async () => {
    const customer = await newCustomer(app);
    expect((await as(customer, '/v2/precommitment', 'DELETE')).statusCode).toBe(404);
  });
});

describe('deposits: weekly limit and the unverified cap', () => {
  it('an unverified account may deposit $500 in total', async () => {
    const customer = await newCustomer(app);
    const guard = limitsGuard(db);
    await creditWallet(db, customer.id, 45_000);
    await guard.assertCanDeposit(customer.id, 5_000, new Date());
    const refused = await refusal(guard.assertCanDeposit(customer.id, 5_001, new Date()));
    expect(refused.code).toBe('verify_account_required');
    expect(refused.message).toContain('capped at $500.00');
    const view = (await as(customer, '/v2/deposit-limit')).json().result;
    expect(view.unverified_cap).toEqual({
      limit: { amount: 500, currency: 'AUD' },
      amount_deposited: { amount: 450, currency: 'AUD' },
      remaining: { amount: 50, currency: 'AUD' },
    });
    await markVerified(db, customer.id);
    await guard.assertCanDeposit(customer.id, 100_000, new Date());
    expect((await as(customer, '/v2/deposit-limit')).json().result.unverified_cap).toBeNull();
  });

  it('the weekly deposit limit counts any 7 days', async () => {
    const customer = await newCustomer(app);
    await markVerified(db, customer.id);
    const set = await as(customer, '/v2/deposit-limit', 'PUT', { limit: 100 });
    expect(set.statusCode, set.body).toBe(200);
    await creditWallet(db, customer.id, 7_000);
    const guard = limitsGuard(db);
    const refused = await refusal(guard.assertCanDeposit(customer.id, 4_000, new Date()));
    expect(refused.code).toBe('deposit_limit');
    expect(refused.message).toBe(
      'This deposit of $40.00 is $10.00 over your weekly deposit limit of $100.00: you have deposited $70.00 in the last 7 days, so $30.00 is left.',
    );
    // Eight days on, the deposits have left the window.
    await guard.assertCanDeposit(customer.id, 10_000, new Date(Date.now() + 8 * 86_400_000));
    const read = (await as(customer, '/v2/deposit-limit')).json().result;
    expect(read).toMatchObject({
      limit: { amount: 100 },
      amount_deposited: { amount: 70 },
      remaining: { amount: 30 },
    });
    const removed = await as(customer, '/v2/deposit-limit', 'DELETE');
    expect(removed.json().result.pending.limit).toBeNull();
  });
});

describe('limits under parallel spending', () => {
  it('40 concurrent $10 purchases against a $100 daily limit: exactly 10 pass', async () => {
    const customer = await newCustomer(app);
    await creditWallet(db, customer.id, 100_000);
    await as(customer, '/v2/spend-limits/daily', 'PUT', { limit: 100 });
    const pool = createDb(testDatabaseUrl(), { max: 8 });
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 40 }, () => spend(pool.db, customer.id, 1_000)),
      );
      const passed = results.filter((r) => r.status === 'fulfilled');
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
      expect(passed).toHaveLength(10);
      expect(refused.every((e) => e instanceof AppError && e.code === 'spend_limit')).toBe(true);
      const accounts = await ledgerQueries(db).customerAccounts(customer.id);
      expect(accounts.wallet.debitsPosted).toBe(10_000);
    } finally {
      await pool.close();
    }
  });

  it('the system limit holds too (global_spend_limit)', async () => {
    const customer = await newCustomer(app);
    await markVerified(db, customer.id);
    await creditWallet(db, customer.id, 600_000);
    await spend(db, customer.id, 499_000);
    const refused = await refusal(spend(db, customer.id, 2_000));
    expect(refused.code).toBe('global_spend_limit');
    expect(refused.message).toContain('the daily spend limit for every account of $5,000.00');
  });
});

describe('the customer overview', () => {
  it('answers the precommitment and the spend limits set, with what was spent', async () => {
    const customer = await newCustomer(app);
    const none = (await as(customer, '/v2/customer')).json().result;
    expect(none.spend_limits).toEqual([]);
    expect(none.pre_commitment).toMatchObject({ limit: null, amount_spent: { amount: 0 } });

    await creditWallet(db, customer.id, 10_000);
    expect((await as(customer, '/v2/spend-limits/weekly', 'PUT', { limit: 80 })).statusCode).toBe(200);
    expect((await as(customer, '/v2/precommitment', 'POST', { limit: 300 })).statusCode).toBe(200);
    await spend(db, customer.id, 1_250);
    const res = await as(customer, '/v2/customer');
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json().result;
    expect(overview.spend_limits).toEqual([
      expect.objectContaining({
        period: 'weekly',
        limit: { amount: 80, currency: 'AUD' },
        amount_spent: { amount: 12.5, currency: 'AUD' },
        remaining: { amount: 67.5, currency: 'AUD' },
      }),
    ]);
    expect(overview.pre_commitment).toMatchObject({
      limit: { amount: 300, currency: 'AUD' },
      amount_spent: { amount: 12.5, currency: 'AUD' },
    });
  });
});
