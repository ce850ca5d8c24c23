import { EmptyResultSchema } from '@drawhouse/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AnswerSchema,
  type ApiEnvelope,
  ApiError,
  api,
  type RequestOptions,
  type ServiceName,
} from './api.server';
import { customerRequest, refreshSession } from './customer.server';
import {
  type CustomerSession,
  SESSION_COOKIE,
  sealSession,
  setSessionSecretForTests,
} from './session.server';
import { readVisitor } from './visitor.server';

setSessionSecretForTests('a-test-secret-of-enough-length');

function jwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part(payload)}.sig`;
}

const now = Math.floor(Date.now() / 1000);
let counter = 0;

function signedInVisitor(customerId = 'cust_1') {
  counter += 1;
  const session: CustomerSession = {
    accessToken: jwt({ sub: customerId, exp: now + 900 }),
    refreshToken: `family.r${counter}-${Math.random()}`,
    customerId,
    expiresAt: now + 3600,
  };
  const request = new Request('http://shop.example/my-account/my-details.data?_routes=x', {
    headers: { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(sealSession(session))}` },
  });
  return readVisitor(request).visitor;
}

function unauthorised(code = 'unauthorised', status = 401) {
  return new ApiError({ status, code, message: 'no', url: 'http://api/v2/x' });
}

type Handler = (path: string, options: RequestOptions) => unknown;

function fakeApi(handler: Handler) {
  return vi
    .spyOn(api, 'request')
    .mockImplementation(
      async (_schema: AnswerSchema, _service: ServiceName, path: string, options: RequestOptions = {}) => {
        const result = await handler(path, options);
        return { result, messages: [] } as unknown as ApiEnvelope<never>;
      },
    );
}

beforeEach(() => {
  vi.spyOn(api, 'get').mockResolvedValue({ sessionTimeoutSeconds: 3600 } as never);
});
afterEach(() => vi.restoreAllMocks());

describe('refresh and retry once', () => {
  it('refreshes after a 401, keeps the new pair and retries', async () => {
    const visitor = signedInVisitor();
    const fresh = jwt({ sub: 'cust_1', exp: now + 900, n: 2 });
    const calls: string[] = [];
    fakeApi((path, options) => {
      calls.push(`${path} ${options.caller?.customerToken === fresh ? 'fresh' : 'old'}`);
      if (path === '/refresh')
        return { accessToken: fresh, refreshToken: 'family.next', customerId: 'cust_1' };
      if (options.caller?.customerToken !== fresh) throw unauthorised();
      return { ok: true };
    });
    const answer = await customerRequest(EmptyResultSchema, visitor, '/customer/details');
    expect(answer.result).toEqual({ ok: true });
    expect(calls).toEqual(['/customer/details old', '/refresh old', '/customer/details fresh']);
    expect(visitor.session?.refreshToken).toBe('family.next');
    expect(visitor.customerToken).toBe(fresh);
    expect(visitor.sessionWrite).toBe('set');
  });

  it('also for a 403 that is not a step-up', async () => {
    const visitor = signedInVisitor();
    const fresh = jwt({ sub: 'cust_1' });
    fakeApi((path, options) => {
      if (path === '/refresh') return { accessToken: fresh, refreshToken: 'f.n', customerId: 'cust_1' };
      if (options.caller?.customerToken !== fresh) throw unauthorised('forbidden', 403);
      return 'done';
    });
    expect((await customerRequest(EmptyResultSchema, visitor, '/customer')).result).toBe('done');
  });

  it('signs out and sends to /login when the new tokens name another customer', async () => {
    const visitor = signedInVisitor();
    fakeApi((path) => {
      if (path === '/refresh') {
        return { accessToken: jwt({ sub: 'cust_2' }), refreshToken: 'f.n', customerId: 'cust_2' };
      }
      throw unauthorised();
    });
    const thrown = await customerRequest(EmptyResultSchema, visitor, '/customer').catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/login?redirectTo=%2Fmy-account%2Fmy-details');
    expect(visitor.signedIn).toBe(false);
    expect(visitor.sessionWrite).toBe('clear');
  });

  it('signs out when the refresh is refused, and when the retry is refused again', async () => {
    const refused = signedInVisitor();
    fakeApi((path) => {
      if (path === '/refresh') throw unauthorised('invalid_refresh_token');
      throw unauthorised();
    });
    const toLogin = await customerRequest(EmptyResultSchema, refused, '/customer').catch((e: unknown) => e);
    expect(toLogin).toBeInstanceOf(Response);
    expect(refused.sessionWrite).toBe('clear');
    // The sign-in page says the session ended (the unauthorised state).
    expect((toLogin as Response).headers.get('Set-Cookie')).toContain('Your%20session%20has%20ended');
    vi.restoreAllMocks();
    vi.spyOn(api, 'get').mockResolvedValue({ sessionTimeoutSeconds: 3600 } as never);

    const again = signedInVisitor();
    let customerCalls = 0;
    fakeApi((path) => {
      if (path === '/refresh')
        return { accessToken: jwt({ sub: 'cust_1' }), refreshToken: 'f.n', customerId: 'cust_1' };
      customerCalls += 1;
      throw unauthorised();
    });
    await expect(customerRequest(EmptyResultSchema, again, '/customer')).rejects.toBeInstanceOf(Response);
    expect(customerCalls).toBe(2);
    expect(again.sessionWrite).toBe('clear');
  });

  it('leaves a step-up (403 REQUIRED) and a wrong code to the caller, without refreshing', async () => {
    const visitor = signedInVisitor();
    const spy = fakeApi((path) => {
      if (path === '/customer/change-password') throw unauthorised('REQUIRED', 403);
      throw unauthorised('2fa_incorrect');
    });
    await expect(
      customerRequest(EmptyResultSchema, visitor, '/customer/change-password'),
    ).rejects.toMatchObject({
      code: 'REQUIRED',
    });
    await expect(customerRequest(EmptyResultSchema, visitor, '/customer/elevate')).rejects.toMatchObject({
      code: '2fa_incorrect',
    });
    expect(spy.mock.calls.map((c) => c[2])).toEqual(['/customer/change-password', '/customer/elevate']);
    expect(visitor.signedIn).toBe(true);
  });

  it('uses a refresh token once for requests sent side by side', async () => {
    const first = signedInVisitor();
    const second = readVisitor(
      new Request('http://shop.example/', {
        headers: {
          Cookie: `${SESSION_COOKIE}=${encodeURIComponent(sealSession(first.session as CustomerSession))}`,
        },
      }),
    ).visitor;
    let refreshes = 0;
    fakeApi(async (path) => {
      if (path === '/refresh') {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return {
          accessToken: jwt({ sub: 'cust_1', n: refreshes }),
          refreshToken: `f.${refreshes}`,
          customerId: 'cust_1',
        };
      }
      return null;
    });
    const [a, b] = await Promise.all([refreshSession(first), refreshSession(second)]);
    expect([a, b]).toEqual([true, true]);
    expect(refreshes).toBe(1);
    expect(first.session?.refreshToken).toBe(second.session?.refreshToken);
  });

  it('swaps an access token that has expired before calling', async () => {
    const visitor = signedInVisitor();
    if (visitor.session) visitor.session.accessToken = jwt({ sub: 'cust_1', exp: now - 5 });
    const fresh = jwt({ sub: 'cust_1', exp: now + 900 });
    const paths: string[] = [];
    fakeApi((path) => {
      paths.push(path);
      return path === '/refresh' ? { accessToken: fresh, refreshToken: 'f.n', customerId: 'cust_1' } : 'ok';
    });
    await customerRequest(EmptyResultSchema, visitor, '/customer');
    expect(paths).toEqual(['/refresh', '/customer']);
  });

  it('sends a visitor who is not signed in to /login', async () => {
    const visitor = readVisitor(new Request('http://shop.example/change-Password')).visitor;
    const thrown = await customerRequest(EmptyResultSchema, visitor, '/customer').catch((e: unknown) => e);
    expect((thrown as Response).headers.get('Location')).toBe('/login?redirectTo=%2Fchange-Password');
    expect((thrown as Response).headers.get('Set-Cookie')).toContain('dh_return_to=%2Fchange-Password');
  });
});
