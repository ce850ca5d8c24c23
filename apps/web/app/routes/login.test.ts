/**
 * The code step of the sign-in form and of sign-in links: the pending sign-in cookie holds the API's
 * challenge id and what the code form shows, never the password or the link's token, and the code
 * goes to POST /v2/login/code with the challenge id alone.
 */
import { RouterContextProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnswerSchema, type ApiEnvelope, ApiError, api, type RequestOptions } from '../lib/api.server';
import { THROTTLED_METHOD } from '../lib/otp';
import { createSealer } from '../lib/seal.server';
import { PENDING_COOKIE, setSessionSecretForTests, unsealPending } from '../lib/session.server';
import { SIGN_IN_EXPIRED } from '../lib/sign-in-code.server';
import { readVisitor, type Visitor, visitorContext } from '../lib/visitor.server';
import { action } from './login';
import { action as autologinAction } from './login-autologin';

const SECRET = 'a-test-secret-of-enough-length';
setSessionSecretForTests(SECRET);

const EMAIL = 'jane@example.com';
const PASSWORD = 'correct horse battery staple';
const CHALLENGE = 'challenge-id-of-the-api';

type Call = { path: string; body: unknown };

function refused(status: number, code: string, result?: unknown): ApiError {
  return new ApiError({ status, code, message: code, url: 'http://api.example/v2', result });
}

function jwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part(payload)}.c2ln`;
}

const SIGNED_IN = {
  accessToken: jwt({ sub: 'cust-1', exp: Math.floor(Date.now() / 1000) + 900 }),
  refreshToken: 'family.random',
  deviceUuid: 'device-1',
  fingerprint: 'fp-1',
  customer: { customerId: 'cust-1', forcePasswordChange: false },
};

/** The API answers each POST with the next answer: an error is thrown, anything else is the result. */
function fakeApi(answers: unknown[]): Call[] {
  const calls: Call[] = [];
  vi.spyOn(api, 'request').mockImplementation(
    async (_schema: AnswerSchema, _service: string, path: string, options: RequestOptions = {}) => {
      calls.push({ path, body: options.body });
      const answer = answers.shift();
      if (answer instanceof ApiError) throw answer;
      return { result: answer, messages: [] } as unknown as ApiEnvelope<never>;
    },
  );
  vi.spyOn(api, 'get').mockRejectedValue(new Error('no config in this test'));
  return calls;
}

/** Posts the form to /login, or with `token` to the sign-in link's page. */
async function post(
  form: Record<string, string>,
  cookie = '',
  token?: string,
): Promise<{ visitor: Visitor; data: unknown }> {
  const path = token ? `/login/autologin/${token}` : '/login';
  const request = new Request(`http://shop.example${path}`, {
    method: 'POST',
    headers: cookie ? { Cookie: cookie } : {},
    body: new URLSearchParams(form),
  });
  const { visitor } = readVisitor(request);
  const context = new RouterContextProvider();
  context.set(visitorContext, visitor);
  const url = new URL(request.url);
  const data = token
    ? await autologinAction({ request, context, params: { token }, url, pattern: '/login/autologin/:token' })
    : await action({ request, context, params: {}, url, pattern: '/login' });
  return { visitor, data };
}

/** The value of the cookie `name` that the answer sets. */
function cookieValue(visitor: Visitor, name: string): string | undefined {
  const set = visitor.responseCookies.findLast((c) => c.startsWith(`${name}=`));
  return set === undefined ? undefined : decodeURIComponent(set.slice(name.length + 1).split(';')[0] ?? '');
}

/** Signs in with the password (the API asks for a code); answers the pending cookie it set. */
async function askedForCode(): Promise<{ pending: string; data: unknown }> {
  const { visitor, data } = await post({ intent: 'signin', email: EMAIL, password: PASSWORD });
  const pending = cookieValue(visitor, PENDING_COOKIE);
  if (!pending) throw new Error('no pending sign-in cookie');
  return { pending, data };
}

afterEach(() => vi.restoreAllMocks());

describe('the code step of a sign-in', () => {
  const twoFactor = () =>
    refused(401, '2fa_required', {
      challengeId: CHALLENGE,
      twoFactorAuth: { method: 'email', identifier: 'j***@example.com' },
    });

  it('keeps the challenge id in the pending cookie, never the email or the password', async () => {
    const calls = fakeApi([twoFactor()]);
    const { pending, data } = await askedForCode();
    expect(calls).toEqual([
      { path: '/login', body: { email: EMAIL, password: PASSWORD, fingerprint: undefined } },
    ]);
    expect(data).toEqual({ form: 'otp', step: 'otp', method: 'email', identifier: 'j***@example.com' });
    const sealed = createSealer(SECRET, 'pending').unseal<Record<string, unknown>>(pending);
    expect(Object.keys(sealed ?? {}).sort()).toEqual([
      'challengeId',
      'expiresAt',
      'identifier',
      'kind',
      'method',
      'redirect',
    ]);
    expect(JSON.stringify(sealed)).not.toContain(PASSWORD);
    expect(JSON.stringify(sealed)).not.toContain(EMAIL);
    expect(unsealPending(pending, Math.floor(Date.now() / 1000))).toMatchObject({
      kind: 'login',
      challengeId: CHALLENGE,
      redirect: '/my-account',
    });
  });

  it('sends the code with the challenge id alone, and signs in', async () => {
    const calls = fakeApi([twoFactor(), refused(401, '2fa_incorrect'), SIGNED_IN]);
    const { pending } = await askedForCode();
    const wrong = await post({ intent: 'otp', otp: '111111' }, `${PENDING_COOKIE}=${pending}`);
    expect(wrong.data).toMatchObject({ form: 'otp', step: 'otp', error: expect.any(String) });
    const right = await post({ intent: 'otp', otp: '123456' }, `${PENDING_COOKIE}=${pending}`);
    expect(right.data).toBeInstanceOf(Response);
    expect(calls.slice(1)).toEqual([
      { path: '/login/code', body: { challengeId: CHALLENGE, otp: '111111', fingerprint: undefined } },
      { path: '/login/code', body: { challengeId: CHALLENGE, otp: '123456', fingerprint: undefined } },
    ]);
    for (const call of calls.slice(1)) expect(JSON.stringify(call.body)).not.toContain(PASSWORD);
    expect(right.visitor.session?.customerId).toBe('cust-1');
    expect(right.visitor.sessionWrite).toBe('set');
    expect(cookieValue(right.visitor, PENDING_COOKIE)).toBe('');
  });

  it('asks again without a code, and starts over when the API no longer knows the challenge', async () => {
    const calls = fakeApi([twoFactor(), twoFactor(), refused(401, 'invalid_challenge')]);
    const { pending } = await askedForCode();
    const resend = await post({ intent: 'resend' }, `${PENDING_COOKIE}=${pending}`);
    expect(resend.data).toMatchObject({ form: 'otp', notice: 'We have sent you a new code.' });
    const gone = await post({ intent: 'otp', otp: '123456' }, `${PENDING_COOKIE}=${pending}`);
    expect(gone.data).toEqual({ form: 'signin', ok: false, errors: { general: SIGN_IN_EXPIRED } });
    expect(cookieValue(gone.visitor, PENDING_COOKIE)).toBe('');
    expect(calls.slice(1).map((c) => c.body)).toEqual([
      { challengeId: CHALLENGE, otp: undefined, fingerprint: undefined },
      { challengeId: CHALLENGE, otp: '123456', fingerprint: undefined },
    ]);
  });

  it('keeps a throttled sign-in by its challenge id too', async () => {
    const throttled = refused(429, 'login_throttled', { challengeId: CHALLENGE });
    fakeApi([throttled]);
    const { pending, data } = await askedForCode();
    expect(data).toEqual({ form: 'otp', step: 'otp', method: THROTTLED_METHOD });
    const sealed = createSealer(SECRET, 'pending').unseal<Record<string, unknown>>(pending);
    expect(sealed).toMatchObject({ kind: 'login', challengeId: CHALLENGE, method: THROTTLED_METHOD });
    expect(JSON.stringify(sealed)).not.toContain(PASSWORD);
  });

  it('keeps a sign-in link by its challenge id, never the link token', async () => {
    const token = 'link-token-from-the-mail';
    const twoFactorRequired = refused(401, '2fa_required', {
      challengeId: CHALLENGE,
      twoFactorAuth: { method: 'authenticator', identifier: 'Drawhouse (j***@example.com)' },
    });
    const calls = fakeApi([twoFactorRequired, refused(401, '2fa_incorrect')]);
    const exchanged = await post({ intent: 'exchange' }, '', token);
    expect(exchanged.data).toEqual({
      step: 'otp',
      method: 'authenticator',
      identifier: 'Drawhouse (j***@example.com)',
    });
    const pending = cookieValue(exchanged.visitor, PENDING_COOKIE) ?? '';
    const sealed = createSealer(SECRET, 'pending').unseal<Record<string, unknown>>(pending);
    expect(sealed).toMatchObject({ kind: 'autologin', challengeId: CHALLENGE });
    expect(JSON.stringify(sealed)).not.toContain(token);
    const code = await post({ intent: 'otp', otp: '123456' }, `${PENDING_COOKIE}=${pending}`, token);
    expect(code.data).toMatchObject({ step: 'otp', error: expect.any(String) });
    expect(calls).toEqual([
      { path: '/autologin', body: { token, fingerprint: undefined } },
      { path: '/login/code', body: { challengeId: CHALLENGE, otp: '123456', fingerprint: undefined } },
    ]);
  });
});
