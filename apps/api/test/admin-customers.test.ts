/**
 * Customers in the back office: support finds an account by email, name, phone or id, sees it whole
 * (details, second factor, sessions, wallet, orders, notes) and acts on it with a reason: lock (the
 * customer is signed out and cannot sign in) and unlock, reset the second factor, close, a note. Each
 * action is audited in its own transaction; a refused one changes nothing and writes nothing.
 */
import { auditLog, desc, eq } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, login, newCustomer, withAuthenticator } from './accounts-helpers.ts';
import { drainOutbox, getTestApp, mailOf } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = app.deps;
const support = await backOfficeOperator(app, ['support']);

const audited = (customerId: string) =>
  db.select().from(auditLog).where(eq(auditLog.targetId, customerId)).orderBy(desc(auditLog.id));

describe('support finds a customer', () => {
  it('by email, name, phone or id, and sees the account whole', async () => {
    // Letters only, as a name must be.
    const unique = `Zed${Date.now()
      .toString(26)
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'a')}`;
    const phone = `04${String(Date.now()).slice(-8)}`;
    const c = await newCustomer(app, { lastname: unique, phone });
    const find = async (q: string) =>
      (await asOperator(app, support, 'GET', `/admin/customers?q=${encodeURIComponent(q)}`)).json().result;
    expect((await find(c.email.slice(0, 12))).customers.map((x: { id: string }) => x.id)).toContain(c.id);
    expect((await find(unique.toLowerCase())).customers.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect((await find(`Ja ${unique}`)).customers.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect(
      (await find(`${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`)).customers.map(
        (x: { id: string }) => x.id,
      ),
    ).toContain(c.id);
    expect((await find(c.id)).customers.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect((await find('%')).customers.map((x: { id: string }) => x.id)).not.toContain(c.id);

    // The customer sets a weekly deposit limit of $100: support sees it.
    const limited = await call(app, '/v2/deposit-limit', {
      method: 'PUT',
      token: c.access_token,
      body: { limit: 100 },
    });
    expect(limited.statusCode, limited.body).toBe(200);
    const shown = await asOperator(app, support, 'GET', `/admin/customers/${c.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    const account = shown.json().result;
    expect(account).toMatchObject({
      id: c.id,
      email: c.email,
      status: 'active',
      two_factor: null,
      is_verified: false,
    });
    expect(account.sessions).toHaveLength(1);
    expect(account.wallet.balance).toEqual({ amount: 0, currency: 'AUD' });
    expect(account.limits).toEqual([
      { kind: 'deposit_weekly', amount: { amount: 100, currency: 'AUD' }, pending: null },
    ]);
    expect(account.recurring_purchases).toEqual([]);
    expect(account.lotto_party_groups).toEqual([]);
    const orders = await asOperator(app, support, 'GET', `/admin/customers/${c.id}/orders`);
    expect(orders.json().result).toMatchObject({ orders: [], total: 0 });
    const transfers = await asOperator(app, support, 'GET', `/admin/customers/${c.id}/transfers`);
    expect(transfers.json().result.total).toBe(0);
    expect((await asOperator(app, support, 'GET', '/admin/customers/not-an-id')).statusCode).toBe(404);
  });
});

describe('support acts on an account', () => {
  it('locks it with a reason (the customer is signed out and cannot sign in), and unlocks it', async () => {
    const c = await newCustomer(app);
    const locked = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/lock`, {
      reason: 'Card reported stolen',
    });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().result).toMatchObject({
      status: 'locked',
      lock_reason: 'Card reported stolen',
      sessions: [],
    });
    expect((await call(app, '/v2/customer', { token: c.access_token })).statusCode).toBe(401);
    expect((await login(app, { email: c.email, password: c.password })).statusCode).not.toBe(200);
    const [row] = await audited(c.id);
    expect(row).toMatchObject({
      action: 'customer.locked',
      operatorId: support.id,
      via: 'back_office',
      before: { status: 'active' },
      after: { status: 'locked', reason: 'Card reported stolen' },
    });

    // Locking twice is refused and writes nothing.
    const again = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/lock`, {
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(await audited(c.id)).toHaveLength(1);

    const unlocked = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/unlock`, {
      reason: 'Customer called back',
    });
    expect(unlocked.json().result.status).toBe('active');
    expect((await login(app, { email: c.email, password: c.password })).statusCode).toBe(200);
  });

  it('refuses an action without a reason, changing nothing', async () => {
    const c = await newCustomer(app);
    const res = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/close`, { reason: '' });
    expect(res.statusCode).toBe(400);
    expect((await asOperator(app, support, 'GET', `/admin/customers/${c.id}`)).json().result.status).toBe(
      'active',
    );
    expect(await audited(c.id)).toHaveLength(0);
  });

  it('resets the second factor (the customer is told) and closes the account (the customer is told)', async () => {
    const c = await withAuthenticator(app);
    const before = (await asOperator(app, support, 'GET', `/admin/customers/${c.id}`)).json().result;
    expect(before.two_factor).toBe('authenticator');
    const reset = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/reset-two-factor`, {
      reason: 'Lost phone, identity checked on a call',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().result.two_factor).toBeNull();
    const noFactor = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/reset-two-factor`, {
      reason: 'Again please',
    });
    expect(noFactor.statusCode).toBe(409);

    const closed = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/close`, {
      reason: 'Asked to close by phone',
    });
    expect(closed.json().result).toMatchObject({ status: 'closed', close_reason: 'Asked to close by phone' });
    expect((await audited(c.id)).map((r) => r.action)).toEqual([
      'customer.closed',
      'customer.two_factor_reset',
    ]);
    await drainOutbox(app);
    await mailOf(app).waitFor(c.email, /closed/i);
  });

  it('keeps notes with who wrote them; other roles are refused', async () => {
    const c = await newCustomer(app);
    const noted = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/notes`, {
      text: 'Called about a missing prize',
    });
    expect(noted.json().result.notes).toMatchObject([
      { operator_name: support.name, text: 'Called about a missing prize' },
    ]);
    const finance = await backOfficeOperator(app, ['finance']);
    expect((await asOperator(app, finance, 'GET', `/admin/customers/${c.id}`)).statusCode).toBe(403);
    expect(
      (await asOperator(app, finance, 'POST', `/admin/customers/${c.id}/notes`, { text: 'x' })).statusCode,
    ).toBe(403);
  });
});
