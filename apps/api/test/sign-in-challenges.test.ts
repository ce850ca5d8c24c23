/**
 * The code step of a sign-in carries a challenge id, never the password: the id is kept as a hash,
 * bound to the customer and the device, lives 10 minutes, signs in once, and every code sent with it
 * goes through the one code checker.
 */
import { createHash, randomUUID } from 'node:crypto';
import { customers, customerTwoFactor, eq, oneTimeTokens, signInChallenges, sql } from '@drawhouse/db';
import type { LightMyRequestResponse } from 'fastify';
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
  type TestCustomer,
  totpCode,
  withAuthenticator,
} from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app = await getTestApp();
const { db } = getTestDb();

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function challengeRow(challengeId: string) {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(eq(signInChallenges.challengeHash, sha256(challengeId)));
  return row;
}

async function failedCodes(customerId: string): Promise<number | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  return row?.twoFactorFailedCount;
}

function expectRefused(res: LightMyRequestResponse) {
  expect([res.statusCode, res.json().error?.code]).toEqual([401, 'invalid_challenge']);
}

/** A customer whose second factor is a code by email. */
async function withEmailFactor(): Promise<TestCustomer> {
  const c = await newCustomer(app);
  const token = await elevateByEmail(app, c.access_token, c.email);
  const otp = await codeAfter(app, c.email, () =>
    call(app, '/v2/customer/two-factor-auth/email', { method: 'POST', token }),
  );
  const on = await call(app, '/v2/customer/two-factor-auth/email', { method: 'PUT', token, body: { otp } });
  if (on.statusCode !== 200) throw new Error(on.body);
  return c;
}

describe('the challenge of a sign-in', () => {
  it('is kept as a hash only, names the customer and lives 10 minutes', async () => {
    const c = await withAuthenticator(app);
    const challengeId = challengeOf(await login(app, { email: c.email, password: PASSWORD }));
    const row = await challengeRow(challengeId);
    expect(row?.customerId).toBe(c.id);
    expect(row?.throttled).toBe(false);
    expect(JSON.stringify(row)).not.toContain(challengeId);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(10 * 60_000);
  });

  it('signs in once: a second answer, even in parallel with the right code, is refused', async () => {
    const c = await withAuthenticator(app);
    const challengeId = challengeOf(await login(app, { email: c.email, password: PASSWORD }));
    const otp = totpCode(c.secret);
    const answers = await Promise.all([1, 2, 3].map(() => sendCode(app, challengeId, otp)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(401);
      expect(['invalid_challenge', '2fa_incorrect']).toContain(refused.json().error.code);
    }
    expectRefused(await sendCode(app, challengeId, totpCode(c.secret, 1)));
    expect((await challengeRow(challengeId))?.usedAt).toBeInstanceOf(Date);
  });

  it('refuses an unknown or expired id and changes nothing: no code counted, no code used', async () => {
    const c = await withAuthenticator(app);
    const [before] = await db.select().from(customerTwoFactor).where(eq(customerTwoFactor.customerId, c.id));
    expectRefused(await sendCode(app, 'no-such-challenge', totpCode(c.secret)));
    expectRefused(await sendCode(app, randomUUID(), totpCode(c.secret)));

    const challengeId = challengeOf(await login(app, { email: c.email, password: PASSWORD }));
    await db
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInChallenges.challengeHash, sha256(challengeId)));
    const otp = totpCode(c.secret);
    expectRefused(await sendCode(app, challengeId, otp));
    expectRefused(await sendCode(app, challengeId));
    expect(await failedCodes(c.id)).toBe(0);
    const [after] = await db.select().from(customerTwoFactor).where(eq(customerTwoFactor.customerId, c.id));
    expect(after?.lastTimeStep).toBe(before?.lastTimeStep);
    // The code the expired challenge was refused with still works on a live one.
    expect((await loginWithCode(app, { email: c.email, password: PASSWORD }, otp)).statusCode).toBe(200);
  });

  it('is bound to the device the sign-in named (X-Device-Id and fingerprint)', async () => {
    const c = await withAuthenticator(app);
    const device = randomUUID();
    const asked = await call(app, '/v2/login', {
      body: { email: c.email, password: PASSWORD, fingerprint: c.fingerprint },
      headers: { 'x-device-id': device },
    });
    const challengeId = challengeOf(asked);
    const otp = totpCode(c.secret);
    const elsewhere = [
      { headers: { 'x-device-id': randomUUID() }, fingerprint: c.fingerprint },
      { fingerprint: c.fingerprint },
      { headers: { 'x-device-id': device } },
      { headers: { 'x-device-id': device }, fingerprint: 'another-fingerprint' },
    ];
    for (const other of elsewhere) expectRefused(await sendCode(app, challengeId, otp, other));
    expect(await failedCodes(c.id)).toBe(0);
    expect((await challengeRow(challengeId))?.usedAt).toBeNull();

    const ok = await sendCode(app, challengeId, otp, {
      headers: { 'x-device-id': device },
      fingerprint: c.fingerprint,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.fingerprint).toBe(c.fingerprint);
  });

  it('ends when the password changes', async () => {
    const c = await withAuthenticator(app);
    const challengeId = challengeOf(await login(app, { email: c.email, password: PASSWORD }));
    const changed = await call(app, '/v2/customer/change-password', {
      token: c.elevatedToken,
      body: { current_password: PASSWORD, new_password: `${PASSWORD} anew` },
    });
    expect(changed.statusCode).toBe(200);
    expectRefused(await sendCode(app, challengeId, totpCode(c.secret)));
  });

  it('asks again without a code: a new email code for the same challenge, the old code ends', async () => {
    const c = await withEmailFactor();
    let asked: LightMyRequestResponse | undefined;
    const first = await codeAfter(app, c.email, async () => {
      asked = await login(app, { email: c.email, password: PASSWORD });
    });
    const challengeId = challengeOf(asked as LightMyRequestResponse);
    // The resend guard holds a new code back for 30 seconds: age the last one past it.
    await db
      .update(oneTimeTokens)
      .set({ createdAt: sql`${oneTimeTokens.createdAt} - interval '1 minute'` })
      .where(eq(oneTimeTokens.customerId, c.id));
    let again: LightMyRequestResponse | undefined;
    const second = await codeAfter(app, c.email, async () => {
      again = await sendCode(app, challengeId);
    });
    expect(again?.statusCode).toBe(401);
    expect(again?.json().error.code).toBe('2fa_required');
    expect(again?.json().result).toEqual({
      challenge_id: challengeId,
      two_factor_auth: { method: 'email', identifier: expect.stringMatching(/^.\*\*\*@example\.com$/) },
    });
    expect(second).not.toBe(first);
    expect((await sendCode(app, challengeId, first)).json().error.code).toBe('2fa_incorrect');
    expect((await sendCode(app, challengeId, second)).statusCode).toBe(200);
  });

  it('holds a lock earned elsewhere: the right code is refused while the second factor is locked', async () => {
    const c = await withAuthenticator(app);
    const challengeId = challengeOf(await login(app, { email: c.email, password: PASSWORD }));
    for (let i = 0; i < 5; i++) {
      await call(app, '/v2/customer/elevate', { body: { otp: String(200000 + i) }, token: c.access_token });
    }
    const locked = await sendCode(app, challengeId, totpCode(c.secret));
    expect([locked.statusCode, locked.json().error.code]).toEqual([423, '2fa_account_locked']);
    expect((await challengeRow(challengeId))?.usedAt).toBeNull();
  });

  it('of a throttled sign-in with a wrong password names no customer', async () => {
    const c = await newCustomer(app);
    for (let i = 0; i < 10; i++) await login(app, { email: c.email, password: `wrong password ${i}` });
    const wrong = await login(app, { email: c.email, password: 'wrong again' });
    expect(wrong.statusCode).toBe(429);
    const row = await challengeRow(challengeOf(wrong));
    expect(row).toMatchObject({ customerId: null, throttled: true });
  });
});
