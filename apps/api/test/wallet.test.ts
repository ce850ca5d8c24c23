/**
 * The wallet's reads and bank accounts: the transactions list (signed amounts, statuses, pages),
 * withdrawable funds (cash only), the customer overview's balances, bank accounts and PayID.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, elevateByEmail, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { backdateFund, creditWallet, readyToWithdraw, settleSecurity, spend } from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();

const as = (customer: TestCustomer, url: string, body?: unknown) =>
  call(app, url, { token: customer.access_token, ...(body !== undefined ? { body } : {}) });

/** A new customer whose access token has stepped up (adding a bank account needs it). */
async function steppedUp(): Promise<TestCustomer> {
  const customer = await newCustomer(app);
  return { ...customer, access_token: await elevateByEmail(app, customer.access_token, customer.email) };
}

const national = {
  type: 'national',
  account_name: 'Jo Citizen',
  bank_code: '062-000',
  account_number: '12345678',
};

describe('GET /v2/transactions', () => {
  it('needs a signed-in customer', async () => {
    expect((await call(app, '/v2/transactions')).statusCode).toBe(401);
  });

  it('is empty before any money moved', async () => {
    const customer = await newCustomer(app);
    const res = await as(customer, '/v2/transactions');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: [], page_info: { offset: 0, limit: 10, total: 0 } });
  });

  it('lists money in and out, newest first, signed, ten to a page', async () => {
    const customer = await newCustomer(app);
    await creditWallet(db, customer.id, 20_000);
    await creditWallet(db, customer.id, 500, 'promo');
    for (let i = 0; i < 10; i++) await spend(db, customer.id, 150);
    const first = await as(customer, '/v2/transactions');
    expect(first.json().page_info).toEqual({ offset: 0, limit: 10, total: 12 });
    const items = first.json().result;
    expect(items).toHaveLength(10);
    expect(items[0]).toMatchObject({
      type: 'purchase',
      description: 'Powerball',
      amount: { amount: -1.5, currency: 'AUD' },
      status: 'posted',
      account: 'wallet',
    });
    const rest = (await as(customer, '/v2/transactions?limit=5&offset=10')).json();
    expect(rest.page_info).toEqual({ offset: 10, limit: 5, total: 12 });
    expect(
      rest.result.map((t: { type: string; amount: { amount: number }; account: string }) => [
        t.type,
        t.amount.amount,
        t.account,
      ]),
    ).toEqual([
      ['promo_credit', 5, 'promo'],
      ['deposit', 200, 'wallet'],
    ]);
  });

  it('refuses a bad page', async () => {
    const customer = await newCustomer(app);
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'offset=-1']) {
      expect((await as(customer, `/v2/transactions?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /v2/customer/withdrawable-funds and the overview', () => {
  it('withdraws cash only; the overview counts both', async () => {
    const customer = await newCustomer(app);
    await creditWallet(db, customer.id, 4_000);
    await creditWallet(db, customer.id, 1_000, 'promo');
    await spend(db, customer.id, 500);
    const res = await as(customer, '/v2/customer/withdrawable-funds');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({
      withdrawable_funds: { amount: 35, currency: 'AUD' },
      pending_withdrawals: { amount: 0, currency: 'AUD' },
      promo_credit: { amount: 10, currency: 'AUD' },
      verified: false,
      card_returns: [],
    });
    const overview = (await as(customer, '/v2/customer')).json().result;
    expect(overview.balance).toEqual({ amount: 45, currency: 'AUD' });
    expect(overview.available_funds).toEqual({ amount: 45, currency: 'AUD' });
    expect(overview.is_verified).toBe(false);
  });

  it('answers zero for a customer without a ledger account yet', async () => {
    const customer = await newCustomer(app);
    expect(customer.customer.balance).toEqual({ amount: 0, currency: 'AUD' });
    const res = await as(customer, '/v2/customer/withdrawable-funds');
    expect(res.json().result.withdrawable_funds.amount).toBe(0);
  });
});

describe('POST /v2/funds/bank-account', () => {
  it('saves a national account, masked, the first one the default; the same details answer it again', async () => {
    const customer = await steppedUp();
    const res = await as(customer, '/v2/funds/bank-account', national);
    expect(res.statusCode, res.body).toBe(201);
    const fund = res.json().result;
    expect(fund).toMatchObject({
      code: 'tt',
      type: 'bank',
      bank_account_type: 'national',
      account_name: 'Jo Citizen',
      display: 'BSB 062-000 ****5678',
      default: true,
    });
    expect(res.body).not.toContain('12345678');
    const again = await as(customer, '/v2/funds/bank-account', { ...national, bank_code: '062000' });
    expect(again.json().result.id).toBe(fund.id);
    const payid = await as(customer, '/v2/funds/bank-account', {
      type: 'payid_phone',
      account_name: 'Jo',
      payid: '0412 345 678',
    });
    expect(payid.json().result).toMatchObject({ display: 'PayID ****5678', default: false });
    const list = await as(customer, '/v2/funds/bank-account');
    expect(list.json().result.map((f: { id: string }) => f.id)).toEqual([fund.id, payid.json().result.id]);
  });

  it('saves international accounts and email PayIDs', async () => {
    const customer = await steppedUp();
    const intl = await as(customer, '/v2/funds/bank-account', {
      type: 'international',
      account_name: 'Jo Citizen',
      bank_code: 'NWBKGB2L',
      account_number: 'GB82 WEST 1234 5698 7654 32',
    });
    expect(intl.statusCode, intl.body).toBe(201);
    expect(intl.json().result.display).toBe('SWIFT NWBKGB2L ****5432');
    const email = await as(customer, '/v2/funds/bank-account', {
      type: 'payid_email',
      account_name: 'Jo',
      payid: 'jo@example.com',
    });
    expect(email.json().result.display).toBe('PayID j***@example.com');
  });

  it('reports the BSB and the SWIFT code on bank_code and the number on account_number', async () => {
    const customer = await steppedUp();
    const bsb = await as(customer, '/v2/funds/bank-account', {
      ...national,
      bank_code: '06200',
      account_number: '12',
    });
    expect(bsb.statusCode).toBe(400);
    expect(bsb.json().errors).toEqual({
      bank_code: [{ code: 'invalid', message: 'Please enter a valid BSB of 6 digits.' }],
      account_number: [
        { code: 'invalid', message: 'Please enter a valid account number of 6 to 10 digits.' },
      ],
    });
    const swift = await as(customer, '/v2/funds/bank-account', {
      type: 'international',
      account_name: 'Jo',
      bank_code: 'BAD',
      account_number: 'GB83WEST12345698765432',
    });
    expect(Object.keys(swift.json().errors)).toEqual(['bank_code', 'account_number']);
    const missing = await as(customer, '/v2/funds/bank-account', { type: 'payid_email', account_name: 'Jo' });
    expect(missing.json().errors.payid[0].message).toBe('This field is required.');
    const kind = await as(customer, '/v2/funds/bank-account', { type: 'cheque', account_name: 'Jo' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().errors.type).toBeDefined();
    expect((await as(customer, '/v2/funds/bank-account')).json().result).toEqual([]);
  });

  it('needs a signed-in customer', async () => {
    expect((await call(app, '/v2/funds/bank-account', { body: national })).statusCode).toBe(401);
  });

  it('needs a step-up of the very access token: a stolen copy of the session adds nothing, even once the customer stepped up', async () => {
    const customer = await newCustomer(app);
    const mallory = { ...national, account_name: 'Mallory Attacker', account_number: '87654321' };
    const refused = await as(customer, '/v2/funds/bank-account', mallory);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('REQUIRED');
    await elevateByEmail(app, customer.access_token, customer.email);
    const stolen = await as(customer, '/v2/funds/bank-account', mallory);
    expect(stolen.statusCode).toBe(403);
    expect((await as(customer, '/v2/funds/bank-account')).json().result).toEqual([]);
  });

  it('mails the customer about a new account or PayID, once, naming it and when it can be used', async () => {
    const customer = await steppedUp();
    const mail = mailOf(app);
    const mallory = { ...national, account_name: 'Mallory Attacker' };
    const res = await as(customer, '/v2/funds/bank-account', mallory);
    expect(res.statusCode, res.body).toBe(201);
    const told = await mail.waitFor(customer.email, /A bank account was added for your withdrawals/);
    expect(told.text).toContain('BSB 062-000 ****5678 was added to your account to receive withdrawals');
    expect(told.text).toContain('If you did not add it');
    const payid = await as(customer, '/v2/funds/bank-account', {
      type: 'payid_email',
      account_name: 'Jo',
      payid: 'jo@example.com',
    });
    expect(payid.statusCode).toBe(201);
    const added = () =>
      mail
        .messages()
        .filter((m) => m.to.includes(customer.email) && /bank account was added/.test(m.subject));
    await expect.poll(() => added().length).toBe(2);
    expect(added().some((m) => m.text.includes('PayID j***@example.com was added'))).toBe(true);
    // The same details again add nothing and tell nothing.
    const again = await as(customer, '/v2/funds/bank-account', mallory);
    expect(again.json().result.id).toBe(res.json().result.id);
    await drainOutbox(app);
    expect(added()).toHaveLength(2);
  });
});

describe('a new payout destination', () => {
  const withdraw = (customer: { token: string }, fundId: string) =>
    call(app, '/v2/tt/withdraw', { token: customer.token, body: { amount: 20, fund_id: fundId } });

  it('a withdrawal to an account added less than 24 hours ago waits for an operator, whatever else holds', async () => {
    const customer = await readyToWithdraw(app, db, { fresh: true });
    await settleSecurity(db, customer.id);
    const waiting = await withdraw(customer, customer.fundId);
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(waiting.json().result).toMatchObject({ status: 'requested', approved_by: null });
    await drainOutbox(app);
    const read = await call(app, `/v2/withdrawals/${waiting.json().result.id}`, { token: customer.token });
    expect(read.json().result.status).toBe('requested');

    // Once the account is a day old, the same customer's next withdrawal is approved by rule.
    await backdateFund(db, customer.fundId, 24);
    const paying = await withdraw(customer, customer.fundId);
    expect(paying.json().result).toMatchObject({ status: 'paying', approved_by: 'rule' });
  });
});
