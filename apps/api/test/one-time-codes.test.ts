/**
 * Every endpoint that takes a one-time code goes through one checker: wrong codes are counted per
 * account, the fifth in a row locks the second factor (also against the right code), and a lock on one
 * endpoint holds on all of them.
 */

import { randomUUID } from 'node:crypto';
import { customers, eq } from '@drawhouse/db';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  call,
  challengeOf,
  codeAfter,
  elevateByEmail,
  login,
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

const LOCK_AFTER = 5;
const ATTEMPTS = 30;

/** A six-digit code that is not `right`. */
function wrongCode(right: string, i: number): string {
  const code = String(100000 + i * 7919);
  return code === right ? String(100001 + i * 7919) : code;
}

/** The error codes of `ATTEMPTS` wrong codes in a row, then of the right code. */
async function guess(
  send: (otp: string) => Promise<LightMyRequestResponse>,
  right: () => string,
): Promise<{ wrong: string[]; right: LightMyRequestResponse }> {
  const wrong: string[] = [];
  for (let i = 0; i < ATTEMPTS; i++) {
    wrong.push((await send(wrongCode(right(), i))).json().error?.code);
  }
  return { wrong, right: await send(right()) };
}

function expectLockedAfterThreshold(result: { wrong: string[]; right: LightMyRequestResponse }) {
  expect(result.wrong.slice(0, LOCK_AFTER - 1)).toEqual(Array(LOCK_AFTER - 1).fill('2fa_incorrect'));
  expect(result.wrong.slice(LOCK_AFTER - 1)).toEqual(
    Array(ATTEMPTS - LOCK_AFTER + 1).fill('2fa_account_locked'),
  );
  expect(result.right.statusCode).toBe(423);
  expect(result.right.json().error.code).toBe('2fa_account_locked');
}

async function lockedUntil(customerId: string): Promise<Date | null | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  return row?.twoFactorLockedUntil;
}

async function emailCode(c: TestCustomer, path: string, token: string): Promise<string> {
  return codeAfter(app, c.email, async () => {
    const sent = await call(app, path, { method: 'POST', token });
    if (sent.statusCode !== 200) throw new Error(`${path}: ${sent.statusCode} ${sent.body}`);
  });
}

describe(`${ATTEMPTS} wrong codes at every code-checking endpoint`, () => {
  it('lock the sign-in code (POST /v2/login/code)', async () => {
    const c = await withAuthenticator(app);
    const challenge = challengeOf(await login(app, { email: c.email, password: PASSWORD }));
    const result = await guess(
      (otp) => sendCode(app, challenge, otp),
      () => totpCode(c.secret),
    );
    expectLockedAfterThreshold(result);
    expect((await lockedUntil(c.id))?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('lock the autologin code (POST /v2/autologin, then /v2/login/code)', async () => {
    const c = await withAuthenticator(app);
    const transfer = await call(app, '/v2/transfer', { method: 'POST', token: c.elevatedToken });
    const { token } = transfer.json().result;
    const challenge = challengeOf(await call(app, '/v2/autologin', { body: { token } }));
    const result = await guess(
      (otp) => sendCode(app, challenge, otp),
      () => totpCode(c.secret),
    );
    expectLockedAfterThreshold(result);
  });

  it('lock the step-up (POST /v2/customer/elevate)', async () => {
    const c = await newCustomer(app);
    const code = await emailCode(c, '/v2/customer/elevate/email', c.access_token);
    const result = await guess(
      (otp) => call(app, '/v2/customer/elevate', { body: { otp }, token: c.access_token }),
      () => code,
    );
    expectLockedAfterThreshold(result);
  });

  it('lock the step-up on refresh (POST /v2/refresh with a code)', async () => {
    const c = await withAuthenticator(app);
    const result = await guess(
      (otp) => call(app, '/v2/refresh', { body: { refresh_token: c.refresh_token, otp } }),
      () => totpCode(c.secret),
    );
    expectLockedAfterThreshold(result);
  });

  it('lock the email set-up (PUT /v2/customer/two-factor-auth/email)', async () => {
    const c = await newCustomer(app);
    const token = await elevateByEmail(app, c.access_token, c.email);
    const code = await emailCode(c, '/v2/customer/two-factor-auth/email', token);
    const result = await guess(
      (otp) => call(app, '/v2/customer/two-factor-auth/email', { method: 'PUT', body: { otp }, token }),
      () => code,
    );
    expectLockedAfterThreshold(result);
    const config = await call(app, '/v2/customer/two-factor-auth', { token });
    expect(config.json().result.enabled).toBe(false);
  });

  it('lock the authenticator set-up (PUT /v2/customer/two-factor-auth/authenticator)', async () => {
    const c = await newCustomer(app);
    const token = await elevateByEmail(app, c.access_token, c.email);
    const started = await call(app, '/v2/customer/two-factor-auth/authenticator', { method: 'POST', token });
    const { secret } = started.json().result;
    const result = await guess(
      (otp) =>
        call(app, '/v2/customer/two-factor-auth/authenticator', { method: 'PUT', body: { otp }, token }),
      () => totpCode(secret),
    );
    expectLockedAfterThreshold(result);
    const config = await call(app, '/v2/customer/two-factor-auth', { token });
    expect(config.json().result.enabled).toBe(false);
  });
});

describe('one lock for every code', () => {
  it('a lock earned at the step-up holds at the email set-up, and the guessed-at code never works', async () => {
    const c = await newCustomer(app);
    const token = await elevateByEmail(app, c.access_token, c.email);
    const setupCode = await emailCode(c, '/v2/customer/two-factor-auth/email', token);
    for (let i = 0; i < LOCK_AFTER; i++) {
      await call(app, '/v2/customer/elevate', { body: { otp: wrongCode(setupCode, i) }, token });
    }
    const put = await call(app, '/v2/customer/two-factor-auth/email', {
      method: 'PUT',
      body: { otp: setupCode },
      token,
    });
    expect(put.statusCode).toBe(423);

    // Fifteen minutes later the lock is over, but the code that was live during the guessing is not.
    await db
      .update(customers)
      .set({ twoFactorLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(customers.id, c.id));
    const later = await call(app, '/v2/customer/two-factor-auth/email', {
      method: 'PUT',
      body: { otp: setupCode },
      token,
    });
    expect(later.statusCode).toBe(400);
    expect(later.json().error.code).toBe('2fa_incorrect');
  });

  it('parallel guesses get no more than the allowed wrong answers before the lock', async () => {
    const c = await newCustomer(app);
    const code = await emailCode(c, '/v2/customer/elevate/email', c.access_token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(app, '/v2/customer/elevate', { body: { otp: wrongCode(code, i) }, token: c.access_token }),
      ),
    );
    const codes = answers.map((a) => a.json().error.code);
    expect(codes.filter((x) => x === '2fa_incorrect').length).toBe(LOCK_AFTER - 1);
    expect(codes.filter((x) => x === '2fa_account_locked').length).toBe(20 - LOCK_AFTER + 1);
    const right = await call(app, '/v2/customer/elevate', { body: { otp: code }, token: c.access_token });
    expect(right.statusCode).toBe(423);
  });

  it('a right code clears the count of wrong ones', async () => {
    const c = await withAuthenticator(app);
    for (let round = 0; round < 2; round++) {
      const challenge = challengeOf(await login(app, { email: c.email, password: PASSWORD }));
      for (let i = 0; i < LOCK_AFTER - 1; i++) {
        const wrong = await sendCode(app, challenge, wrongCode('', i));
        expect(wrong.json().error.code).toBe('2fa_incorrect');
      }
      const ok = await sendCode(app, challenge, totpCode(c.secret, round));
      expect(ok.statusCode).toBe(200);
    }
  });
});

describe('turning the second factor on or off needs a step-up', () => {
  it('refuses a stolen, not stepped-up session every change of the second factor', async () => {
    const c = await newCustomer(app);
    const token = c.access_token;
    const tries: [string, 'POST' | 'PUT' | 'DELETE', unknown][] = [
      ['/v2/customer/two-factor-auth/email', 'POST', {}],
      ['/v2/customer/two-factor-auth/email', 'PUT', { otp: '123456' }],
      ['/v2/customer/two-factor-auth/authenticator', 'POST', {}],
      ['/v2/customer/two-factor-auth/authenticator', 'PUT', { otp: '123456' }],
      ['/v2/customer/two-factor-auth', 'DELETE', undefined],
    ];
    for (const [path, method, body] of tries) {
      const res = await call(app, path, { method, body, token });
      expect([path, method, res.statusCode, res.json().error.code]).toEqual([path, method, 403, 'REQUIRED']);
    }
    // The refused set-up calls counted no code attempt.
    const [row] = await db.select().from(customers).where(eq(customers.id, c.id));
    expect(row?.twoFactorFailedCount).toBe(0);
  });
});

async function fillThrottle(email: string): Promise<void> {
  for (let i = 0; i < 10; i++) await login(app, { email, password: `wrong password ${i}` });
}

/** An answer without its challenge id (each sign-in gets a new one). */
function withoutChallenge(res: LightMyRequestResponse | undefined): unknown {
  return { ...(res?.json() ?? {}), result: undefined };
}

describe('a throttled account', () => {
  it('answers a right password exactly as a wrong one, and lets the owner in with a mailed code', async () => {
    const c = await newCustomer(app);
    await fillThrottle(c.email);
    const wrong = await login(app, { email: c.email, password: 'still wrong' });
    let right: LightMyRequestResponse | undefined;
    const code = await codeAfter(app, c.email, async () => {
      right = await login(app, { email: c.email, password: PASSWORD });
    });
    expect(wrong.statusCode).toBe(429);
    expect(right?.statusCode).toBe(429);
    expect(wrong.json().error.code).toBe('login_throttled');
    // Both carry a challenge id of the same shape, and nothing else tells them apart.
    expect(Object.keys(right?.json().result)).toEqual(['challenge_id']);
    expect(Object.keys(wrong.json().result)).toEqual(['challenge_id']);
    expect(challengeOf(right as LightMyRequestResponse)).toHaveLength(challengeOf(wrong).length);
    expect(withoutChallenge(right)).toEqual(withoutChallenge(wrong));
    const rightChallenge = challengeOf(right as LightMyRequestResponse);
    const wrongChallenge = challengeOf(wrong);

    // A wrong code with the right password's challenge, the right code with a wrong password's, and
    // asking again with either: the same answer again.
    const wrongCodeAnswer = await sendCode(app, rightChallenge, wrongCode(code, 1));
    expect(wrongCodeAnswer.statusCode).toBe(429);
    expect(withoutChallenge(wrongCodeAnswer)).toEqual(withoutChallenge(wrong));
    const wrongPassword = await sendCode(app, wrongChallenge, code);
    expect(wrongPassword.json()).toEqual(wrongCodeAnswer.json());
    expect((await sendCode(app, rightChallenge)).json()).toEqual(wrongCodeAnswer.json());
    expect((await sendCode(app, wrongChallenge)).json()).toEqual(wrongCodeAnswer.json());

    const ok = await sendCode(app, rightChallenge, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.customer.email).toBe(c.email.toLowerCase());
    // The throttle is over for this account.
    expect((await login(app, { email: c.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('asks an authenticator customer for the authenticator code, and mails nothing', async () => {
    const c = await withAuthenticator(app);
    await fillThrottle(c.email);
    const right = await login(app, { email: c.email, password: PASSWORD });
    expect(right.json().error.code).toBe('login_throttled');
    const ok = await sendCode(app, challengeOf(right), totpCode(c.secret));
    expect(ok.statusCode).toBe(200);
  });

  it('keeps a guesser with the right password but no code out', async () => {
    const c = await newCustomer(app);
    await fillThrottle(c.email);
    const challenge = challengeOf(await login(app, { email: c.email, password: PASSWORD }));
    for (let i = 0; i < LOCK_AFTER + 1; i++) {
      const res = await sendCode(app, challenge, wrongCode('', i));
      expect(res.json().error.code).toBe('login_throttled');
    }
    // The fifth wrong code locked the second factor, as at every code-checking call.
    expect((await lockedUntil(c.id))?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });
});

describe('forgotten password', () => {
  /** Open accounts made straight in the database (a reset mail is throttled per account). */
  async function knownEmails(n: number): Promise<string[]> {
    const c = await newCustomer(app);
    const [template] = await db.select().from(customers).where(eq(customers.id, c.id));
    if (!template) throw new Error('no customer row');
    const { id: _id, ...row } = template;
    const emails = Array.from({ length: n }, () => `${randomUUID()}@example.com`);
    await db.insert(customers).values(emails.map((email) => ({ ...row, email })));
    return emails;
  }

  /** Median answer time, in ms, of a forgot-password request for each email. */
  async function medianMs(emails: string[]): Promise<number> {
    const times: number[] = [];
    for (const email of emails) {
      const t = performance.now();
      const res = await call(app, '/v2/password/forgot', { body: { email } });
      times.push(performance.now() - t);
      expect(res.statusCode).toBe(200);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)] ?? 0;
  }

  it('answers a known email as fast as an unknown one (the work happens after the answer)', async () => {
    const rounds = 4;
    const perRound = 8;
    const known = await knownEmails(rounds * perRound);
    const unknown = Array.from({ length: rounds * perRound }, () => `${randomUUID()}@example.com`);
    await medianMs(unknown.slice(0, 4)); // warm up
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let r = 0; r < rounds; r++) {
      knownMs.push(await medianMs(known.slice(r * perRound, (r + 1) * perRound)));
      unknownMs.push(await medianMs(unknown.slice(r * perRound, (r + 1) * perRound)));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    // Work done before the answer (a token, a mail) costs tens of milliseconds; a fraction of one is
    // the noise of a busy machine answering in 3 ms.
    expect(median(knownMs)).toBeLessThan(median(unknownMs) * 1.5 + 1);
  });
});
