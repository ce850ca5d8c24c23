import { randomUUID } from 'node:crypto';
import { customers, eq, oneTimeTokens, siteConfig, sql } from '@drawhouse/db';
import { experimentGroups, parseExperiments } from '@drawhouse/domain';
import { describe, expect, it } from 'vitest';
import { createAccountsRepository, EmailTakenError } from '../src/modules/accounts/accounts.repository.ts';
import { createTokenKit } from '../src/modules/accounts/tokens.ts';
import { call, elevateByEmail, login, newCustomer, PASSWORD } from './accounts-helpers.ts';
import { getTestApp, getTestDb, mailOf } from './helpers.ts';

const app = await getTestApp();
const { db } = getTestDb();
const NEW_PASSWORD = 'a brand new passphrase 42';

function tokenIn(text: string): string {
  const token = /token=([\w%-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no token in ${text}`);
  return decodeURIComponent(token);
}

describe('GET /v2/customer', () => {
  it('answers exactly the fields its documented schema lists', async () => {
    const c = await newCustomer(app);
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    const schema =
      doc.paths['/v2/customer'].get.responses['200'].content['application/json'].schema.properties.result;
    const res = await call(app, '/v2/customer', { token: c.access_token });
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(Object.keys(result).sort()).toEqual(Object.keys(schema.properties).sort());
    expect(Object.keys(result.balance).sort()).toEqual(['amount', 'currency']);
    expect(result).toMatchObject({ customer_id: c.customer.customer_id, email: c.email });
    expect(result).not.toHaveProperty('password_hash');
  });
});

describe('the overview from the catalogue: branding region and experiment groups', () => {
  it("answers the region of the customer's pricing and their fixed group in each running experiment", async () => {
    const c = await newCustomer(app);
    const id = c.customer.customer_id as string;
    const first = (await call(app, '/v2/customer', { token: c.access_token })).json().result;
    expect(first.branding_region).toBe('AU');
    const [stored] = await db.select().from(siteConfig).where(eq(siteConfig.key, 'experiments'));
    const expected = experimentGroups(id, parseExperiments(stored?.value));
    expect(Object.keys(expected)).toEqual(['homeHero']);
    expect(first.experiment_groups).toEqual({ home_hero: expected.homeHero });

    await db.update(customers).set({ pricingId: 'uk' }).where(eq(customers.id, id));
    const british = (await call(app, '/v2/customer', { token: c.access_token })).json().result;
    expect(british.branding_region).toBe('GB');
    expect(british.experiment_groups).toEqual(first.experiment_groups);
  });
});

describe('customer details (3.2)', () => {
  it('reads and changes name, phone and address', async () => {
    const c = await newCustomer(app);
    const headers = { 'x-api-version': '3.2' };
    const got = await call(app, '/v2/customer/details', { token: c.access_token, headers });
    expect(got.statusCode).toBe(200);
    expect(got.json().result).toEqual({
      firstname: 'Jane',
      lastname: 'Citizen',
      email: c.email,
      phone: '0412 345 678',
      date_of_birth: '1990-05-17',
      address: {
        address: '1 George St',
        address_line_2: 'Level 3',
        suburb: 'Sydney',
        state: 'NSW',
        postcode: '2000',
        country: 'AU',
      },
      email_opt_in: false,
    });
    const body = {
      firstname: 'Janet',
      lastname: 'Citizen',
      phone: '+61 2 9876 5432',
      address: {
        address: '2 Collins St',
        suburb: 'Melbourne',
        state: 'VIC',
        postcode: '3000',
        country: 'AU',
      },
      email_opt_in: true,
    };
    // A new phone or address needs a step-up of the very token; a name alone does not.
    const refused = await call(app, '/v2/customer/details', { token: c.access_token, headers, body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('REQUIRED');
    const current = got.json().result;
    const nameOnly = { ...current, firstname: 'Janine' };
    const renamed = await call(app, '/v2/customer/details', {
      token: c.access_token,
      headers,
      body: nameOnly,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    for (const change of [
      { phone: '0498 765 432' },
      { address: { ...current.address, suburb: 'Parramatta' } },
    ]) {
      const one = await call(app, '/v2/customer/details', {
        token: c.access_token,
        headers,
        body: { ...nameOnly, ...change },
      });
      expect(one.statusCode).toBe(403);
    }
    const elevated = await elevateByEmail(app, c.access_token, c.email);
    const saved = await call(app, '/v2/customer/details', { token: elevated, headers, body });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result.address).toMatchObject({ suburb: 'Melbourne', address_line_2: null });
    expect(saved.json().result.email_opt_in).toBe(true);
    const overview = (await call(app, '/v2/customer', { token: c.access_token })).json().result;
    expect(overview).toMatchObject({ firstname: 'Janet', state: 'VIC' });

    const old = await call(app, '/v2/customer/details', {
      token: c.access_token,
      headers: { 'x-api-version': '3.1' },
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('unsupported_version');
  });

  it('answers field errors, and needs a step-up to change the email', async () => {
    const c = await newCustomer(app);
    const base = {
      firstname: 'Jane',
      lastname: '',
      phone: 'x',
      address: { address: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: 'abcd', country: 'AU' },
    };
    const bad = await call(app, '/v2/customer/details', { token: c.access_token, body: base });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      lastname: [{ message: 'This field is required.' }],
      phone: [{ message: 'Please enter a valid phone number.' }],
      'address.postcode': [{ message: 'Please enter a valid postcode.' }],
    });

    const newEmail = `${randomUUID()}@example.com`;
    const body = { ...base, lastname: 'Citizen', phone: '0412345678', email: newEmail };
    body.address = { ...body.address, postcode: '2000' };
    const blocked = await call(app, '/v2/customer/details', { token: c.access_token, body });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('REQUIRED');

    const elevated = await elevateByEmail(app, c.access_token, c.email);
    const changed = await call(app, '/v2/customer/details', { token: elevated, body });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().result.email).toBe(newEmail);
    const mail = await mailOf(app).waitFor(newEmail, /Confirm your new/);
    expect(mail.text).toContain('/account-verification?token=');
    const overview = (await call(app, '/v2/customer', { token: elevated })).json().result;
    expect(overview.email_address_confirmation_required).toBe(true);
    expect(
      (await login(app, { email: newEmail, password: PASSWORD, fingerprint: c.fingerprint })).statusCode,
    ).toBe(200);
  });
});

describe('email uniqueness on update', () => {
  it('turns a lost race for an email into EmailTakenError', async () => {
    const a = await newCustomer(app);
    const b = await newCustomer(app);
    const repo = createAccountsRepository(db);
    await expect(
      repo.updateCustomer(a.id, { email: b.email.toUpperCase() }, new Date()),
    ).rejects.toBeInstanceOf(EmailTakenError);
  });
});

describe('POST /v2/customer/change-password', () => {
  it('answers 403 REQUIRED until the session steps up, then changes the password and ends other sessions', async () => {
    const c = await newCustomer(app);
    const other = (
      await login(app, { email: c.email, password: PASSWORD, fingerprint: c.fingerprint })
    ).json().result;
    const body = { current_password: PASSWORD, new_password: NEW_PASSWORD };
    const first = await call(app, '/v2/customer/change-password', { token: c.access_token, body });
    expect(first.statusCode).toBe(403);
    expect(first.json().error).toMatchObject({ status: 403, code: 'REQUIRED' });

    const elevated = await elevateByEmail(app, c.access_token, c.email);
    const payload = JSON.parse(Buffer.from(elevated.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(payload.elv).toBeGreaterThan(Date.now() / 1000 - 60);

    const wrongCurrent = await call(app, '/v2/customer/change-password', {
      token: elevated,
      body: { current_password: 'nope nope nope', new_password: NEW_PASSWORD },
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().errors.current_password[0].message).toBe(
      'Your current password is incorrect.',
    );
    const common = await call(app, '/v2/customer/change-password', {
      token: elevated,
      body: { current_password: PASSWORD, new_password: 'iloveyou' },
    });
    expect(common.json().errors.new_password[0].code).toBe('password_common');

    const done = await call(app, '/v2/customer/change-password', { token: elevated, body });
    expect(done.statusCode).toBe(200);
    expect((await call(app, '/v2/customer', { token: elevated })).statusCode).toBe(200);
    expect((await call(app, '/v2/customer', { token: other.access_token })).statusCode).toBe(401);
    expect((await login(app, { email: c.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await login(app, { email: c.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a wrong step-up code', async () => {
    const c = await newCustomer(app);
    const res = await call(app, '/v2/customer/elevate', { token: c.access_token, body: { otp: '000000' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('2fa_incorrect');
    const short = await call(app, '/v2/customer/elevate', { token: c.access_token, body: { otp: '12' } });
    expect(short.json().error.code).toBe('2fa_incorrect');
  });
});

describe('POST /v2/password/force-change', () => {
  it('changes the password of a flagged customer once', async () => {
    const c = await newCustomer(app);
    const notFlagged = await call(app, '/v2/password/force-change', {
      token: c.access_token,
      body: { new_password: NEW_PASSWORD },
    });
    expect(notFlagged.statusCode).toBe(400);
    await db.update(customers).set({ forcePasswordChange: true }).where(eq(customers.id, c.id));
    expect(
      (await call(app, '/v2/customer', { token: c.access_token })).json().result.force_password_change,
    ).toBe(true);
    const res = await call(app, '/v2/password/force-change', {
      token: c.access_token,
      body: { new_password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await call(app, '/v2/customer', { token: c.access_token })).json().result.force_password_change,
    ).toBe(false);
    expect((await login(app, { email: c.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});

describe('forgotten password', () => {
  it('mails a single-use reset link; the reset ends every session', async () => {
    const c = await newCustomer(app);
    const res = await call(app, '/v2/password/forgot', { body: { email: c.email.toUpperCase() } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({});
    const mail = await mailOf(app).waitFor(c.email, /Reset your/);
    expect(mail.text).toContain('/forgot-password?token=');
    const token = tokenIn(mail.text);
    const [stored] = await db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.customerId, c.id))
      .orderBy(sql`created_at desc`);
    expect(stored?.tokenHash).not.toContain(token);
    expect((stored?.expiresAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(3600_000);

    const weak = await call(app, '/v2/password/reset', { body: { token, new_password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.new_password[0].code).toBe('password_too_short');
    const reset = await call(app, '/v2/password/reset', { body: { token, new_password: NEW_PASSWORD } });
    expect(reset.statusCode).toBe(200);
    expect((await call(app, '/v2/customer', { token: c.access_token })).statusCode).toBe(401);
    const again = await call(app, '/v2/password/reset', {
      body: { token, new_password: `${NEW_PASSWORD}!` },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');
    expect((await login(app, { email: c.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('answers {} for an unknown email and refuses expired and made-up tokens', async () => {
    const unknown = await call(app, '/v2/password/forgot', {
      body: { email: `${randomUUID()}@example.com` },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().result).toEqual({});

    const c = await newCustomer(app);
    await call(app, '/v2/password/forgot', { body: { email: c.email } });
    const token = tokenIn((await mailOf(app).waitFor(c.email, /Reset your/)).text);
    await db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.customerId, c.id));
    const expired = await call(app, '/v2/password/reset', { body: { token, new_password: NEW_PASSWORD } });
    expect(expired.json().error.code).toBe('invalid_token');
    const madeUp = await call(app, '/v2/password/reset', {
      body: { token: 'made-up', new_password: NEW_PASSWORD },
    });
    expect(madeUp.json().error.code).toBe('invalid_token');
  });
});

describe('transfer and autologin (3.3)', () => {
  async function transferToken(token: string): Promise<string> {
    const t = await call(app, '/v2/transfer', { method: 'POST', token });
    expect(t.statusCode, t.body).toBe(200);
    return t.json().result.token;
  }

  const autologin = (token: string, fingerprint?: string) =>
    call(app, '/v2/autologin', { body: { token, fingerprint }, headers: { 'x-api-version': '3.3' } });

  it('needs a step-up of the very access token: a stolen copy of the session makes no session', async () => {
    const c = await newCustomer(app);
    const stolen = c.access_token;
    const refused = await call(app, '/v2/transfer', { method: 'POST', token: stolen });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('REQUIRED');
    // The customer steps up in the same session: only the token the step-up answered is elevated.
    const elevated = await elevateByEmail(app, c.access_token, c.email);
    expect((await call(app, '/v2/transfer', { method: 'POST', token: stolen })).statusCode).toBe(403);
    expect((await call(app, '/v2/transfer', { method: 'POST', token: elevated })).statusCode).toBe(200);
  });

  it("the transferred session joins the original's family: signing out ends both", async () => {
    const c = await newCustomer(app);
    const elevated = await elevateByEmail(app, c.access_token, c.email);
    const res = await autologin(await transferToken(elevated));
    expect(res.statusCode, res.body).toBe(200);
    const transferred = res.json().result;
    expect((await call(app, '/v2/customer', { token: transferred.access_token })).statusCode).toBe(200);

    expect((await call(app, '/v2/logout', { method: 'GET', token: c.access_token })).statusCode).toBe(200);
    expect((await call(app, '/v2/customer', { token: transferred.access_token })).statusCode).toBe(401);
    const refresh = await call(app, '/v2/refresh', { body: { refresh_token: transferred.refresh_token } });
    expect(refresh.statusCode).toBe(401);
  });

  it("a reuse alarm on the transferred session's refresh token ends the original too", async () => {
    const c = await newCustomer(app);
    const elevated = await elevateByEmail(app, c.access_token, c.email);
    const transferred = (await autologin(await transferToken(elevated))).json().result;
    const body = { refresh_token: transferred.refresh_token };
    expect((await call(app, '/v2/refresh', { body })).statusCode).toBe(200);
    expect((await call(app, '/v2/refresh', { body })).statusCode).toBe(401);
    expect((await call(app, '/v2/customer', { token: c.access_token })).statusCode).toBe(401);
    const original = await call(app, '/v2/refresh', { body: { refresh_token: c.refresh_token } });
    expect(original.statusCode).toBe(401);
  });

  it('a transfer token of a session signed out since signs no one in', async () => {
    const c = await newCustomer(app);
    const token = await transferToken(await elevateByEmail(app, c.access_token, c.email));
    await call(app, '/v2/logout', { method: 'GET', token: c.access_token });
    const res = await autologin(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_token');
  });

  it('exchanges a transfer token once for a new session', async () => {
    const c = await newCustomer(app);
    const elevated = await elevateByEmail(app, c.access_token, c.email);
    const t = await call(app, '/v2/transfer', { method: 'POST', token: elevated });
    expect(t.statusCode).toBe(200);
    const { token } = t.json().result;
    const res = await call(app, '/v2/autologin', {
      body: { token, fingerprint: c.fingerprint },
      headers: { 'x-api-version': '3.3' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.customer.customer_id).toBe(c.id);
    const again = await call(app, '/v2/autologin', { body: { token } });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('invalid_token');
  });
});

describe('confirmations, terms and preferences', () => {
  it('confirms the address, with or without a mailed token', async () => {
    const c = await newCustomer(app);
    await db.update(customers).set({ addressConfirmationRequired: true }).where(eq(customers.id, c.id));
    expect(
      (await call(app, '/v2/customer', { token: c.access_token })).json().result
        .address_confirmation_required,
    ).toBe(true);
    const res = await call(app, '/v2/customer/confirm-address', {
      method: 'PATCH',
      token: c.access_token,
      body: {},
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await call(app, '/v2/customer', { token: c.access_token })).json().result
        .address_confirmation_required,
    ).toBe(false);
    const anonymous = await call(app, '/v2/customer/confirm-address', {
      method: 'PATCH',
      body: { token: 'nope' },
    });
    expect(anonymous.statusCode).toBe(400);
  });

  it('records the terms acceptance', async () => {
    const c = await newCustomer(app);
    const res = await call(app, '/v2/customer/terms-and-conditions', {
      token: c.access_token,
      body: { accepted: true },
    });
    expect(res.statusCode).toBe(200);
    const bad = await call(app, '/v2/customer/terms-and-conditions', {
      token: c.access_token,
      body: { accepted: false },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('reads and changes communication preferences, and unsubscribes by link without sign-in', async () => {
    const c = await newCustomer(app, { email_opt_in: true });
    const url = `/v2/customer/${c.id}/communication-preferences`;
    const got = await call(app, url, { token: c.access_token });
    expect(got.json().result).toEqual({
      features: { methods_enabled: ['email', 'phone', 'sms', 'directmail'] },
      preferences: { email: true, phone: false, sms: false, directmail: false },
      winner_publicity: 'none',
      marketing_off_reason: null,
    });
    const put = await call(app, url, {
      method: 'PUT',
      token: c.access_token,
      body: { preferences: { sms: true } },
    });
    expect(put.json().result.preferences).toEqual({
      email: true,
      phone: false,
      sms: true,
      directmail: false,
    });
    expect(put.json().result.winner_publicity).toBe('none');
    const shown = await call(app, url, {
      method: 'PUT',
      token: c.access_token,
      body: { preferences: {}, winner_publicity: 'first_name_suburb' },
    });
    expect(shown.json().result).toMatchObject({
      preferences: { sms: true },
      winner_publicity: 'first_name_suburb',
    });
    const refused = await call(app, url, {
      method: 'PUT',
      token: c.access_token,
      body: { preferences: {}, winner_publicity: 'full_name' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.winner_publicity).toBeDefined();
    expect((await call(app, url, { token: c.access_token })).json().result.winner_publicity).toBe(
      'first_name_suburb',
    );

    const kit = createTokenKit(app.deps.jwtSecret);
    const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000);
    const token = kit.unsubscribeToken(c.id, 'powerball', inDays(90));
    const noToken = await call(app, `${url}/powerball`, {
      method: 'PUT',
      body: { preferences: { email: false } },
    });
    expect(noToken.statusCode).toBe(404);
    const wrong = await call(app, `${url}/powerball`, {
      method: 'PUT',
      body: { preferences: { email: false }, token: 'x' },
    });
    expect(wrong.statusCode).toBe(404);
    // A link's token opts nobody in, works for its own topic only, and not once it has expired.
    const optIn = await call(app, `${url}/powerball`, {
      method: 'PUT',
      body: { preferences: { email: false, directmail: true }, token },
    });
    expect(optIn.statusCode).toBe(400);
    expect(optIn.json().errors.preferences[0].code).toBe('off_only');
    const otherTopic = await call(app, `${url}/all`, {
      method: 'PUT',
      body: { preferences: { email: false }, token },
    });
    expect(otherTopic.statusCode).toBe(404);
    const expired = await call(app, `${url}/powerball`, {
      method: 'PUT',
      body: { preferences: { email: false }, token: kit.unsubscribeToken(c.id, 'powerball', inDays(-1)) },
    });
    expect(expired.statusCode).toBe(404);
    const unchanged = await call(app, url, { token: c.access_token });
    expect(unchanged.json().result.preferences).toEqual({
      email: true,
      phone: false,
      sms: true,
      directmail: false,
    });

    const byLink = await call(app, `${url}/powerball`, {
      method: 'PUT',
      body: { preferences: { email: false }, unsubscribe_reasons: ['too_many_emails'], token },
    });
    expect(byLink.statusCode).toBe(200);
    expect(byLink.json().result.preferences.email).toBe(false);
    const [row] = await db.select().from(customers).where(eq(customers.id, c.id));
    expect(row?.emailOptIn).toBe(false);
  });
});

describe('DELETE /v2/customer', () => {
  it('closes the account after a step-up and the password: sessions end, a mail goes out, sign-in fails', async () => {
    const c = await newCustomer(app);
    const first = await call(app, '/v2/customer', {
      method: 'DELETE',
      token: c.access_token,
      body: { password: PASSWORD },
    });
    expect(first.statusCode).toBe(403);
    expect(first.json().error.code).toBe('REQUIRED');
    const elevated = await elevateByEmail(app, c.access_token, c.email);
    const wrong = await call(app, '/v2/customer', {
      method: 'DELETE',
      token: elevated,
      body: { password: 'wrong password!' },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await call(app, '/v2/customer', {
      method: 'DELETE',
      token: elevated,
      body: { password: PASSWORD, reason: 'taking a break' },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(app, '/v2/customer', { token: elevated })).statusCode).toBe(401);
    expect((await call(app, '/v2/refresh', { body: { refresh_token: c.refresh_token } })).statusCode).toBe(
      401,
    );
    await mailOf(app).waitFor(c.email, /is closed/);
    const again = await login(app, { email: c.email, password: PASSWORD });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('invalid_credentials');
    const [row] = await db.select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({ status: 'closed', closeReason: 'taking a break' });
    const forgot = await call(app, '/v2/password/forgot', { body: { email: c.email } });
    expect(forgot.json().result).toEqual({});
  });
});
