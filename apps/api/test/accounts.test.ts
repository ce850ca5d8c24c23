import { randomUUID } from 'node:crypto';
import { customers, eq, sql } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import { call, login, newCustomer, PASSWORD, randomIp, signupBody } from './accounts-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';

const app = await getTestApp();
const { db } = getTestDb();

async function customerRows(email: string) {
  return db.select().from(customers).where(sql`lower(${customers.email}) = lower(${email})`);
}

describe('POST /v2/signup', () => {
  it('creates the customer, signs them in and sends the welcome mail with a confirm link', async () => {
    const body = signupBody({ email: `Mixed.${randomUUID()}@Example.com`, email_opt_in: true });
    const res = await call(app, '/v2/signup', { body, headers: { 'x-api-version': '3.5' } });
    expect(res.statusCode).toBe(201);
    const result = res.json().result;
    expect(result.access_token).toMatch(/^ey/);
    expect(result.refresh_token).toContain('.');
    expect(result.device_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.fingerprint.length).toBeGreaterThan(20);
    const email = String(body.email).toLowerCase();
    expect(result.customer).toMatchObject({
      email,
      firstname: 'Jane',
      state: 'NSW',
      pricing_id: 'default',
      segment_name: 'default',
      email_address_confirmation_required: true,
      force_password_change: false,
      two_factor_enabled: false,
      balance: { amount: 0, currency: 'AUD' },
    });
    const [row] = await customerRows(email);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.communicationPreferences.email).toBe(true);

    const mail = await mailOf(app).waitFor(email, /Welcome/);
    const link = /(http\S+account-verification\?token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const token = new URL(link ?? '').searchParams.get('token');
    const confirmed = await call(app, '/v2/customer/confirm-email-address', {
      method: 'PATCH',
      body: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    const overview = await call(app, '/v2/customer', { token: result.access_token });
    expect(overview.json().result.email_address_confirmation_required).toBe(false);
    const again = await call(app, '/v2/customer/confirm-email-address', { method: 'PATCH', body: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');
  });

  it('answers field errors in the words customers read, and leaves no row behind', async () => {
    const email = `${randomUUID()}@example.com`;
    const res = await call(app, '/v2/signup', {
      body: signupBody({
        email,
        password: 'password',
        phone: '12ab',
        date_of_birth: '2015-01-01',
        accept_terms: false,
        address: { address: '', suburb: 'Sydney', state: 'NSW', postcode: '200', country: 'AU' },
      }),
    });
    expect(res.statusCode).toBe(400);
    const { errors, error } = res.json();
    expect(error.code).toBe('validation_error');
    expect(errors.password[0]).toEqual({
      code: 'password_common',
      message: 'This password is too common and easy to guess. Please choose another.',
    });
    expect(errors.phone[0].message).toBe('Please enter a valid phone number.');
    expect(errors.date_of_birth[0].message).toBe('You must be 18 or older to join.');
    expect(errors.accept_terms[0].message).toBe('You must agree to the terms and conditions to proceed.');
    expect(errors['address.address'][0].message).toBe('This field is required.');
    expect(errors['address.postcode'][0].message).toBe('Please enter a valid postcode.');
    expect(errors['address.address_line_2']).toBeUndefined();
    expect(await customerRows(email)).toHaveLength(0);
  });

  it('names a missing field as required, and refuses short passwords and non-Australian addresses', async () => {
    const { email: _omit, ...noEmail } = signupBody();
    const missing = await call(app, '/v2/signup', { body: noEmail });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.email[0]).toEqual({ code: 'required', message: 'This field is required.' });

    const res = await call(app, '/v2/signup', {
      body: signupBody({
        password: 'short',
        address: {
          address: '1 Queen St',
          suburb: 'Auckland',
          state: 'OTHER',
          postcode: '1010',
          country: 'NZ',
        },
      }),
    });
    expect(res.json().errors.password[0].message).toBe('Your password must be at least 8 characters.');
    expect(res.json().errors['address.country'][0].message).toBe(
      'Drawhouse accounts are for Australian addresses only.',
    );
  });

  it('refuses a taken email, whatever its case, as a field error', async () => {
    const first = await newCustomer(app);
    const res = await call(app, '/v2/signup', { body: signupBody({ email: first.email.toUpperCase() }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email[0]).toEqual({
      code: 'email_taken',
      message: 'An account with this email already exists. Sign in or reset your password.',
    });
    expect(await customerRows(first.email)).toHaveLength(1);
  });

  it('never answers 5xx to malformed bodies', async () => {
    const bodies: unknown[] = [
      {},
      [],
      { email: 5, password: [], address: 'x' },
      { ...signupBody(), address: null },
      { ...signupBody(), date_of_birth: '2000-02-30' },
      { ...signupBody(), favourite_numbers: ['a'] },
      { ...signupBody(), email: 'x'.repeat(5000) },
    ];
    for (const body of bodies) {
      const res = await call(app, '/v2/signup', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const notJson = await app.inject({
      method: 'POST',
      url: '/v2/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    const text = await call(app, '/v2/signup', { body: 'null' });
    expect(text.statusCode).toBe(415);
    for (const url of ['/v2/login', '/v2/login/code', '/v2/refresh', '/v2/password/reset', '/v2/autologin']) {
      for (const body of [{}, { email: {}, refresh_token: 7, token: null, challenge_id: [] }, []]) {
        const res = await call(app, url, { body });
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
  });
});

describe('POST /v2/login', () => {
  it('signs in with the right password, case-insensitively by email', async () => {
    const c = await newCustomer(app);
    const res = await login(app, {
      email: c.email.toUpperCase(),
      password: PASSWORD,
      fingerprint: c.fingerprint,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.customer.customer_id).toBe(c.id);
    expect(res.json().result.fingerprint).toBe(c.fingerprint);
    expect(res.json().result.device_uuid).toBe(c.device_uuid);
  });

  it('answers invalid_credentials alike for a wrong password and an unknown email', async () => {
    const c = await newCustomer(app);
    const wrong = await login(app, { email: c.email, password: 'not the password' });
    const unknown = await login(app, { email: `${randomUUID()}@example.com`, password: PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({
        status: 401,
        code: 'invalid_credentials',
        message: 'The email or password is incorrect.',
      });
    }
  });

  it('mails the customer when a sign-in comes from a new device, not from a known one', async () => {
    const c = await newCustomer(app);
    const known = await login(app, { email: c.email, password: PASSWORD, fingerprint: c.fingerprint });
    expect(known.statusCode).toBe(200);
    const fresh = await login(app, { email: c.email, password: PASSWORD, fingerprint: 'made-up' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().result.fingerprint).not.toBe('made-up');
    await drainOutbox(app);
    const mail = await mailOf(app).waitFor(c.email, /New sign-in/);
    expect(mail.text).toContain('new device');
    const all = mailOf(app)
      .messages()
      .filter((m) => m.to.includes(c.email) && /New sign-in/.test(m.subject));
    expect(all).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it('blocks an account after 10 failures for a while, not its known devices, nor other accounts', async () => {
    const c = await newCustomer(app);
    for (let i = 0; i < 10; i++) {
      const res = await login(app, { email: c.email, password: `wrong-${i}-password` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(app, { email: c.email, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('login_throttled');
    const fromKnownDevice = await login(app, {
      email: c.email,
      password: PASSWORD,
      fingerprint: c.fingerprint,
    });
    expect(fromKnownDevice.statusCode).toBe(200);
    const other = await newCustomer(app);
    expect((await login(app, { email: other.email, password: PASSWORD })).statusCode).toBe(200);
    const [row] = await db
      .execute<{ blocked_until: Date }>(
        sql`select blocked_until from auth_throttles where key = ${`login:${c.email}`}`,
      )
      .then((r) => r.rows);
    // Bounded: the block ends within 15 minutes.
    expect(new Date(row?.blocked_until ?? 0).getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);
  });

  it('limits sign-in attempts per visitor address', async () => {
    const ip = randomIp();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await login(app, { email: `${randomUUID()}@example.com`, password: 'whatever-pass' }, ip))
        .statusCode;
    }
    expect(last).toBe(429);
    const elsewhere = await login(app, { email: `${randomUUID()}@example.com`, password: 'whatever-pass' });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('limits sign-ups, forgotten-password requests and email checks per address', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await call(app, '/v2/signup', { body: signupBody({ email: 'bad' }), ip })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);

    const forgot: number[] = [];
    for (let i = 0; i < 6; i++) {
      forgot.push(
        (await call(app, '/v2/password/forgot', { body: { email: `${randomUUID()}@example.com` }, ip }))
          .statusCode,
      );
    }
    expect(forgot).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('throttles email checks as sign-in is (30 in 5 minutes): they tell who has an account', async () => {
    const ip = randomIp();
    const checks: number[] = [];
    for (let i = 0; i < 31; i++) {
      checks.push((await call(app, `/v2/check-email?email=${randomUUID()}@example.com`, { ip })).statusCode);
    }
    expect(checks.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(checks.at(-1)).toBe(429);
  });
});

describe('GET /v2/check-email and /v2/locate', () => {
  it('says whether an email is free', async () => {
    const c = await newCustomer(app);
    const taken = await call(app, `/v2/check-email?email=${encodeURIComponent(c.email.toUpperCase())}`);
    expect(taken.json().result).toEqual({ available: false });
    const free = await call(app, `/v2/check-email?email=${randomUUID()}@example.com`);
    expect(free.json().result).toEqual({ available: true });
    const bad = await call(app, '/v2/check-email?email=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email[0].message).toBe('Please enter a valid email address.');
  });

  it('locates a visitor from a private address in Australia', async () => {
    const res = await call(app, '/v2/locate');
    expect(res.json().result).toEqual({ country_code: 'AU', state: null, country_banned: false });
  });
});

describe('customers rows', () => {
  it('keeps emails unique whatever their case', async () => {
    const c = await newCustomer(app);
    await expect(
      db.insert(customers).values({
        email: c.email.toUpperCase(),
        passwordHash: 'x',
        firstname: 'A',
        lastname: 'B',
        dateOfBirth: '1990-01-01',
        phone: '0412345678',
        address: '1 A St',
        suburb: 'X',
        state: 'NSW',
        postcode: '2000',
        country: 'AU',
      }),
    ).rejects.toThrow();
    const [row] = await db.select().from(customers).where(eq(customers.id, c.id));
    expect(row?.status).toBe('active');
  });
});
