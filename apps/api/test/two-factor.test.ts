import { authSessions, customers, customerTwoFactor, eq } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import {
  call,
  challengeOf,
  codeAfter,
  elevateByEmail,
  login,
  loginWithCode,
  newCustomer,
  PASSWORD,
  sendCode,
  totpCode,
  withAuthenticator,
} from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app = await getTestApp();
const { db } = getTestDb();

describe('authenticator set-up', () => {
  it('gives a secret, its otpauth URI and a QR code, and turns on with a right code only', async () => {
    const c = await newCustomer(app);
    const before = await call(app, '/v2/customer/two-factor-auth', { token: c.access_token });
    expect(before.json().result).toEqual({
      enabled: false,
      method: null,
      since: null,
      identifier: null,
      methods: ['authenticator', 'email'],
      remember_for_days: 30,
    });
    // Turning the second factor on is a sensitive change: a session that has not stepped up cannot.
    const notElevated = await call(app, '/v2/customer/two-factor-auth/authenticator', {
      method: 'POST',
      token: c.access_token,
    });
    expect(notElevated.statusCode).toBe(403);
    expect(notElevated.json().error.code).toBe('REQUIRED');
    const token = await elevateByEmail(app, c.access_token, c.email);
    const started = await call(app, '/v2/customer/two-factor-auth/authenticator', {
      method: 'POST',
      token,
    });
    expect(started.statusCode).toBe(200);
    const { secret, otpauth_uri, qr_code } = started.json().result;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Drawhouse');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr_code.split(',')[1], 'base64').toString('utf8')).toContain('<svg');
    const [row] = await db.select().from(customerTwoFactor).where(eq(customerTwoFactor.customerId, c.id));
    expect(row?.pendingSecret).not.toContain(secret);

    const wrong = await call(app, '/v2/customer/two-factor-auth/authenticator', {
      method: 'PUT',
      token,
      body: { otp: totpCode(secret, 5) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: '2fa_incorrect',
      message: 'Code is incorrect or expired. Try again or contact support',
    });
    const right = await call(app, '/v2/customer/two-factor-auth/authenticator', {
      method: 'PUT',
      token,
      body: { otp: totpCode(secret) },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().result).toMatchObject({ enabled: true, method: 'authenticator' });
    expect(right.json().result.since).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(
      (await call(app, '/v2/customer', { token: c.access_token })).json().result.two_factor_enabled,
    ).toBe(true);
  });
});

describe('sign-in with the second factor', () => {
  it('asks for the code, refuses a wrong one, accepts the right one once, then remembers the device', async () => {
    const c = await withAuthenticator(app);
    const device = { fingerprint: c.fingerprint };
    const asked = await login(app, { email: c.email, password: PASSWORD, fingerprint: c.fingerprint });
    expect(asked.statusCode).toBe(401);
    expect(asked.json().error.code).toBe('2fa_required');
    expect(asked.json().result).toEqual({
      challenge_id: expect.stringMatching(/^[\w-]{40,}$/),
      two_factor_auth: {
        method: 'authenticator',
        identifier: expect.stringContaining('***@example.com'),
      },
    });
    expect(asked.json().result.access_token).toBeUndefined();
    const challenge = challengeOf(asked);

    const wrong = await sendCode(app, challenge, '000000', device);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('2fa_incorrect');
    const wrongPassword = await login(app, { email: c.email, password: 'wrong password' });
    expect(wrongPassword.json().error.code).toBe('invalid_credentials');
    expect(wrongPassword.json().result).toBeUndefined();

    const otp = totpCode(c.secret);
    const ok = await sendCode(app, challenge, otp, device);
    expect(ok.statusCode).toBe(200);
    const payload = JSON.parse(
      Buffer.from(ok.json().result.access_token.split('.')[1], 'base64url').toString('utf8'),
    );
    expect(payload.elv).toBeDefined();
    // The challenge signs in once; the code too, on a new challenge.
    const again = await sendCode(app, challenge, otp, device);
    expect([again.statusCode, again.json().error.code]).toEqual([401, 'invalid_challenge']);
    const replay = await loginWithCode(app, { email: c.email, password: PASSWORD }, otp);
    expect(replay.json().error.code).toBe('2fa_incorrect');

    const remembered = await login(app, { email: c.email, password: PASSWORD, fingerprint: c.fingerprint });
    expect(remembered.statusCode).toBe(200);
  });

  it('forgets remembered devices when the password changes', async () => {
    const c = await withAuthenticator(app);
    const signedIn = await loginWithCode(
      app,
      { email: c.email, password: PASSWORD, fingerprint: c.fingerprint },
      totpCode(c.secret),
    );
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().result.access_token;
    const changed = await call(app, '/v2/customer/change-password', {
      token,
      body: { current_password: PASSWORD, new_password: `${PASSWORD} again` },
    });
    expect(changed.statusCode).toBe(200);
    const next = await login(app, {
      email: c.email,
      password: `${PASSWORD} again`,
      fingerprint: c.fingerprint,
    });
    expect(next.statusCode).toBe(401);
    expect(next.json().error.code).toBe('2fa_required');
  });

  it('locks after 5 wrong codes, also against the right code, and unlocks after the lock time', async () => {
    const c = await withAuthenticator(app);
    const challenge = challengeOf(await login(app, { email: c.email, password: PASSWORD }));
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await sendCode(app, challenge, String(100000 + i));
      codes.push(res.json().error.code);
    }
    expect(codes).toEqual([
      '2fa_incorrect',
      '2fa_incorrect',
      '2fa_incorrect',
      '2fa_incorrect',
      '2fa_account_locked',
    ]);
    const locked = await sendCode(app, challenge, totpCode(c.secret));
    expect(locked.statusCode).toBe(423);
    expect(locked.json().error.message).toBe(
      'Your account has been locked due to too many incorrect 2FA attempts. Please contact support.',
    );
    const noCode = await login(app, { email: c.email, password: PASSWORD });
    expect(noCode.json().error.code).toBe('2fa_account_locked');
    const [row] = await db.select().from(customers).where(eq(customers.id, c.id));
    const until = row?.twoFactorLockedUntil?.getTime() ?? 0;
    expect(until - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    // Fifteen minutes later.
    await db
      .update(customers)
      .set({ twoFactorLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(customers.id, c.id));
    const after = await loginWithCode(app, { email: c.email, password: PASSWORD }, totpCode(c.secret));
    expect(after.statusCode).toBe(200);
  });

  it('sends a 6-digit code by email when that is the method; a code works once', async () => {
    const c = await newCustomer(app);
    const token = await elevateByEmail(app, c.access_token, c.email);
    const otp = await codeAfter(app, c.email, () =>
      call(app, '/v2/customer/two-factor-auth/email', { method: 'POST', token }),
    );
    const wrong = await call(app, '/v2/customer/two-factor-auth/email', {
      method: 'PUT',
      token,
      body: { otp: '12345' },
    });
    expect(wrong.statusCode).toBe(400);
    const on = await call(app, '/v2/customer/two-factor-auth/email', {
      method: 'PUT',
      token,
      body: { otp },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().result).toMatchObject({ enabled: true, method: 'email' });

    let asked = await login(app, { email: 'nobody@example.com', password: PASSWORD });
    const loginCode = await codeAfter(app, c.email, async () => {
      asked = await login(app, { email: c.email, password: PASSWORD, fingerprint: c.fingerprint });
    });
    expect(asked.statusCode).toBe(401);
    expect(asked.json().result.two_factor_auth.method).toBe('email');
    expect(asked.json().result.two_factor_auth.identifier).toMatch(/^.\*\*\*@example\.com$/);
    const ok = await sendCode(app, challengeOf(asked), loginCode, { fingerprint: c.fingerprint });
    expect(ok.statusCode).toBe(200);
    const reuse = await loginWithCode(app, { email: c.email, password: PASSWORD }, loginCode);
    expect(reuse.json().error.code).toBe('2fa_incorrect');
  });

  it('asks autologin for the code too, with a challenge that takes the place of the link', async () => {
    const c = await withAuthenticator(app);
    const { token } = (await call(app, '/v2/transfer', { method: 'POST', token: c.elevatedToken })).json()
      .result;
    const asked = await call(app, '/v2/autologin', { body: { token } });
    expect(asked.statusCode).toBe(401);
    expect(asked.json().error.code).toBe('2fa_required');
    expect(asked.json().result.two_factor_auth.method).toBe('authenticator');
    const again = await call(app, '/v2/autologin', { body: { token } });
    expect([again.statusCode, again.json().error.code]).toEqual([401, 'invalid_token']);
    const ok = await sendCode(app, challengeOf(asked), totpCode(c.secret));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.customer.customer_id).toBe(c.id);
  });
});

describe('step-up', () => {
  it('elevates with an authenticator code; turning 2FA off needs it', async () => {
    const c = await withAuthenticator(app);
    const signedIn = await loginWithCode(app, { email: c.email, password: PASSWORD }, totpCode(c.secret));
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json().result;
    // Not elevated any more: pretend the sign-in was long ago (the refreshed token says so).
    const sessionId = JSON.parse(
      Buffer.from(session.access_token.split('.')[1], 'base64url').toString('utf8'),
    ).sid;
    await db
      .update(authSessions)
      .set({ elevatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(authSessions.id, sessionId));
    const refreshed = await call(app, '/v2/refresh', { body: { refresh_token: session.refresh_token } });
    const access = refreshed.json().result.access_token;

    const blocked = await call(app, '/v2/customer/two-factor-auth', { method: 'DELETE', token: access });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('REQUIRED');
    const elevate = await call(app, '/v2/customer/elevate', {
      token: access,
      body: { otp: totpCode(c.secret, 1) },
    });
    expect(elevate.statusCode).toBe(200);
    const elevated = elevate.json().result.access_token;
    const off = await call(app, '/v2/customer/two-factor-auth', { method: 'DELETE', token: elevated });
    expect(off.statusCode).toBe(200);
    expect(off.json().result.enabled).toBe(false);
    expect((await login(app, { email: c.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('steps up on refresh when the refresh carries a code', async () => {
    const c = await withAuthenticator(app);
    const sid = JSON.parse(Buffer.from(c.access_token.split('.')[1] ?? '', 'base64url').toString('utf8')).sid;
    await db
      .update(authSessions)
      .set({ elevatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(authSessions.id, sid));
    const plain = await call(app, '/v2/refresh', { body: { refresh_token: c.refresh_token } });
    const plainPayload = plain.json().result.access_token.split('.')[1];
    expect(JSON.parse(Buffer.from(plainPayload, 'base64url').toString('utf8')).elv).toBeUndefined();
    const refreshToken = plain.json().result.refresh_token;
    const wrong = await call(app, '/v2/refresh', { body: { refresh_token: refreshToken, otp: '000000' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('2fa_incorrect');
    const ok = await call(app, '/v2/refresh', {
      body: { refresh_token: refreshToken, otp: totpCode(c.secret) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const payload = JSON.parse(
      Buffer.from(ok.json().result.access_token.split('.')[1], 'base64url').toString('utf8'),
    );
    expect(payload.elv).toBeGreaterThan(Date.now() / 1000 - 60);
  });
});
