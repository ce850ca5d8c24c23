/**
 * The elevation modal's form: the code goes to POST /v2/customer/elevate; a wrong code is the
 * modal's failure, and a session whose renewal the API refuses while the code is sent is
 * AUTH_REFRESH_FAILED (the customer is signed out and told in the dialog).
 */
import { RouterContextProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnswerSchema, ApiError, api, type RequestOptions } from '../../lib/api.server';
import { SESSION_COOKIE, sealSession, setSessionSecretForTests } from '../../lib/session.server';
import { readVisitor, visitorContext } from '../../lib/visitor.server';
import { action } from './elevate';

setSessionSecretForTests('a-test-secret-of-enough-length');

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: Record<string, unknown>) => `${part({ alg: 'HS256' })}.${part(payload)}.c2ln`;
const now = Math.floor(Date.now() / 1000);

function refused(status: number, code: string): ApiError {
  return new ApiError({ status, code, message: code, url: 'http://api.example/v2' });
}

/** The API's answer per path: an error is thrown, anything else is the result. */
function fakeApi(answers: Record<string, unknown>): string[] {
  const paths: string[] = [];
  vi.spyOn(api, 'request').mockImplementation(
    async (_schema: AnswerSchema, _service: string, path: string, _options: RequestOptions = {}) => {
      paths.push(path);
      const answer = answers[path];
      if (answer instanceof ApiError) throw answer;
      return { result: answer, messages: [] } as never;
    },
  );
  vi.spyOn(api, 'get').mockResolvedValue({ sessionTimeoutSeconds: 3600 } as never);
  return paths;
}

async function submitCode(otp: string) {
  const session = sealSession({
    accessToken: jwt({ sub: 'cust-1', exp: now + 900 }),
    refreshToken: `family.${Math.random()}`,
    customerId: 'cust-1',
    expiresAt: now + 3600,
  });
  const request = new Request('http://shop.example/session/elevate', {
    method: 'POST',
    headers: { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(session)}` },
    body: new URLSearchParams({ otp }),
  });
  const { visitor } = readVisitor(request);
  const context = new RouterContextProvider();
  context.set(visitorContext, visitor);
  const url = new URL(request.url);
  return {
    result: await action({ request, context, params: {}, url, pattern: '/session/elevate' }),
    visitor,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('the elevation form', () => {
  it('keeps the session with the elevated token on a good code', async () => {
    const elevated = jwt({ sub: 'cust-1', exp: now + 900, elevated: true });
    fakeApi({ '/customer/elevate': { accessToken: elevated } });
    const { result, visitor } = await submitCode('123456');
    expect(result).toEqual({ ok: true });
    expect(visitor.session?.accessToken).toBe(elevated);
  });

  it('answers the elevation failure for a wrong code, and the session stays', async () => {
    fakeApi({ '/customer/elevate': refused(401, '2fa_incorrect') });
    const { result, visitor } = await submitCode('123456');
    expect(result).toEqual({ ok: false, error: 'Authentication failed. Please try again.' });
    expect(visitor.sessionWrite).toBeUndefined();
  });

  it('answers AUTH_REFRESH_FAILED when the session cannot be renewed while the code is sent', async () => {
    const paths = fakeApi({
      '/customer/elevate': refused(401, 'token_expired'),
      '/refresh': refused(401, 'invalid_refresh_token'),
    });
    const { result, visitor } = await submitCode('123456');
    expect(paths).toEqual(['/customer/elevate', '/refresh']);
    expect(result).toEqual({
      ok: false,
      code: 'AUTH_REFRESH_FAILED',
      error: 'Authentication refresh failed. Please try again.',
    });
    expect(visitor.sessionWrite).toBe('clear');
  });
});
