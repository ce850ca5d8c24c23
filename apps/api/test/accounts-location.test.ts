/**
 * Where the visitor is: `GET /v2/locate` from the forwarded address, the overview's location flags,
 * a resident abroad confirming (`POST /v2/customer/terms-and-conditions/location`), and buying
 * refused from a banned country until then.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, newCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app = await getTestApp();
const { db } = getTestDb();

/** Public addresses the bundled data places in the United States (banned), Britain and Australia. */
const US = '8.8.8.8';
const GB = '81.2.69.160';
const AU = '203.2.218.214';
const v = { 'x-api-version': '3.4' };

const from = (ip: string, more: Record<string, string> = {}) => ({ ...v, 'x-forwarded-for': ip, ...more });
const overview = async (token: string, ip: string) =>
  (await call(app, '/v2/customer', { token, headers: from(ip) })).json().result;
const confirm = (token: string, ip: string, body: unknown) =>
  call(app, '/v2/customer/terms-and-conditions/location', { token, body, headers: from(ip) });

describe('GET /v2/locate', () => {
  it('locates the forwarded address of a signed request', async () => {
    const us = (await call(app, '/v2/locate', { headers: from(US) })).json().result;
    expect(us).toEqual({ country_code: 'US', state: null, country_banned: true });
    const gb = (await call(app, '/v2/locate', { headers: from(GB) })).json().result;
    expect(gb).toEqual({ country_code: 'GB', state: null, country_banned: false });
    const au = (await call(app, '/v2/locate', { headers: from(AU) })).json().result;
    expect(au).toEqual({ country_code: 'AU', state: 'NSW', country_banned: false });
  });

  it('takes private, loopback and special-purpose addresses for the shop’s own country', async () => {
    for (const ip of ['10.1.2.3', '127.0.0.1', '192.168.1.9', '::1', '198.18.4.5', '192.0.2.5']) {
      const res = await call(app, '/v2/locate', { headers: from(ip) });
      expect(res.json().result.country_code, ip).toBe('AU');
    }
  });

  it('ignores a forwarded address the caller is not trusted to give', async () => {
    const res = await app.inject({ method: 'GET', url: '/v2/locate', headers: { 'x-forwarded-for': US } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.country_code).toBe('AU');
  });
});

describe('a resident abroad', () => {
  it('sees the flags, is refused at the cart, confirms once for the country, then buys', async () => {
    const c = await newCustomer(app);
    const token = c.access_token;
    const home = await overview(token, AU);
    expect(home.country_banned).toBe(false);
    expect(home.country_banned_confirmation_required).toBe(false);

    const away = await overview(token, US);
    expect(away.country_banned).toBe(true);
    expect(away.country_banned_confirmation_required).toBe(true);
    expect(away.located_country).toBe('US');
    expect(away.location_confirmation_text).toContain('Australian resident');

    const refused = await call(app, '/v2/cart/items', { token, body: PB_ITEM, headers: from(US) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('location_confirmation_required');

    // The country confirmed must be the one the customer is located in now.
    const stale = await confirm(token, US, { country_code: 'GB' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('location_changed');

    const ok = await confirm(token, US, { country_code: 'US' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.country_code).toBe('US');
    const after = await overview(token, US);
    expect(after.country_banned).toBe(true);
    expect(after.country_banned_confirmation_required).toBe(false);

    const { add, cart } = checkoutCalls(app);
    const added = await call(app, '/v2/cart/items', { token, body: PB_ITEM, headers: from(US) });
    expect(added.statusCode, added.body).toBe(200);
    await fundWallet(db, c.id, 10_000);
    const due = dueCents(await cart(token));
    const bought = await call(app, '/v2/cart/purchase', {
      token,
      body: { expected_total: aud(due) },
      headers: from(US, { 'idempotency-key': randomUUID() }),
    });
    expect(bought.statusCode, bought.body).toBe(200);

    // Another country is another confirmation; home asks nothing.
    expect((await overview(token, GB)).country_banned_confirmation_required).toBe(true);
    const gbRefused = await call(app, '/v2/cart/items', { token, body: PB_ITEM, headers: from(GB) });
    expect(gbRefused.json().error.code).toBe('location_confirmation_required');
    expect((await add(token, PB_ITEM)).statusCode).toBe(200);
  });

  it('has nothing to confirm at home', async () => {
    const c = await newCustomer(app);
    const res = await confirm(c.access_token, AU, { country_code: 'AU' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('location_confirmation_not_needed');
  });
});

describe('POST /v2/customer/terms-and-conditions/location, bad input', () => {
  it('answers the envelope for a bad or missing country, and 401 signed out', async () => {
    const c = await newCustomer(app);
    for (const body of [{}, { country_code: 'usa' }, { country_code: 'U\u0000' }, { country_code: 7 }]) {
      const res = await confirm(c.access_token, US, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBeDefined();
    }
    const anonymous = await call(app, '/v2/customer/terms-and-conditions/location', {
      body: { country_code: 'US' },
      headers: from(US),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a visitor who is not a resident', () => {
  it('cannot add to an anonymous cart from a banned country, and can from elsewhere', async () => {
    const made = await call(app, '/v2/anon-cart', { method: 'POST', headers: from(US) });
    const token = made.json().result.cart_token;
    const banned = await call(app, `/v2/anon-cart/${token}/items`, { body: PB_ITEM, headers: from(US) });
    expect(banned.statusCode).toBe(403);
    expect(banned.json().error.code).toBe('country_banned');
    expect(banned.json().error.message).toContain('United States');
    const abroad = await call(app, `/v2/anon-cart/${token}/items`, { body: PB_ITEM, headers: from(GB) });
    expect(abroad.statusCode, abroad.body).toBe(200);
  });
});
