import {
  AdminCustomerSchema,
  AuditPageSchema,
  EmptyResultSchema,
  OperatorSchema,
  OperatorSessionSchema,
  PendingInvitationSchema,
} from '@drawhouse/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, adminCall, queryString, UNEXPECTED_ANSWER } from './api';
import { safeNext, signInPath } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const OPERATOR_ON_THE_WIRE = {
  id: 'op_7',
  name: 'Alice',
  email: 'alice@example.com',
  roles: ['admin'],
  disabled: false,
  locked: false,
  last_sign_in_at: null,
};
const { last_sign_in_at: lastSignInAt, ...sameOnBothSides } = OPERATOR_ON_THE_WIRE;
const OPERATOR = { ...sameOnBothSides, lastSignInAt };

describe('adminCall', () => {
  it('sends a change to /admin with snake_case keys and the back office header, and answers the result camelCased', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      answer(200, { result: OPERATOR_ON_THE_WIRE, messages: [] }),
    );
    vi.stubGlobal('fetch', fetch);
    const result = await adminCall(OperatorSchema, 'PATCH', '/operators/7', {
      body: { roles: ['admin'], disabled: false },
    });
    expect(result).toEqual(OPERATOR);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/admin/operators/7');
    expect(init?.method).toBe('PATCH');
    expect(init?.headers).toMatchObject({ 'x-drawhouse-admin': '1', 'content-type': 'application/json' });
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(init?.body))).toEqual({ roles: ['admin'], disabled: false });
  });

  it('reads without the header and with the query snake_cased', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      answer(200, { result: { entries: [], page: 2, limit: 50, total: 0 }, messages: [] }),
    );
    vi.stubGlobal('fetch', fetch);
    await adminCall(AuditPageSchema, 'GET', '/audit', {
      query: { targetType: 'operator', action: '', page: 2 },
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/admin/audit?target_type=operator&page=2');
    expect(init?.headers).not.toHaveProperty('x-drawhouse-admin');
  });

  it('turns a refusal into an ApiError with the API’s message and field errors', async () => {
    vi.stubGlobal('fetch', async () =>
      answer(400, {
        error: { status: 400, code: 'validation_error', message: 'Enter an email address.' },
        errors: { email: [{ code: 'invalid', message: 'Enter an email address.' }] },
        messages: [],
      }),
    );
    const error = await adminCall(PendingInvitationSchema, 'POST', '/operators/invitations', {
      body: {},
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_error',
      message: 'Enter an email address.',
      fieldErrors: { email: ['Enter an email address.'] },
    });
  });

  it('says so when the API cannot be reached or answers something else', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(adminCall(OperatorSessionSchema, 'GET', '/session')).rejects.toMatchObject({
      status: 0,
      code: 'offline',
    });
    vi.stubGlobal('fetch', async () => new Response('Bad gateway', { status: 502 }));
    await expect(adminCall(OperatorSessionSchema, 'GET', '/session')).rejects.toMatchObject({
      status: 502,
      code: 'failed',
    });
  });
});

describe('adminCall checks the answer against the contract', () => {
  it('answers the parsed result: keys camelCased, keys the schema does not name left out', async () => {
    vi.stubGlobal('fetch', async () =>
      answer(200, {
        result: { operator: { ...OPERATOR_ON_THE_WIRE, unknown_key: 1 }, expires_at: 'x', idle_minutes: 30 },
        messages: [],
      }),
    );
    await expect(adminCall(OperatorSessionSchema, 'GET', '/session')).resolves.toEqual({
      operator: OPERATOR,
      expiresAt: 'x',
      idleMinutes: 30,
    });
  });

  it('refuses an answer its schema refuses, with an ApiError naming the call the page shows', async () => {
    // A role the contract does not know, and a missing field.
    const { locked: _, ...noLocked } = OPERATOR_ON_THE_WIRE;
    vi.stubGlobal('fetch', async () =>
      answer(200, { result: { ...noLocked, roles: ['owner'] }, messages: [] }),
    );
    const error = await adminCall(OperatorSchema, 'PATCH', '/operators/7', {
      body: { disabled: true },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: UNEXPECTED_ANSWER, fieldErrors: {} });
    expect((error as ApiError).message).toMatch(
      /^The API answered something this page does not understand \(PATCH \/admin\/operators\/7\)/,
    );
  });

  it('refuses a success without a result, or one that is not JSON', async () => {
    vi.stubGlobal('fetch', async () => answer(200, { messages: [] }));
    await expect(adminCall(AdminCustomerSchema, 'GET', '/customers/1')).rejects.toMatchObject({
      code: UNEXPECTED_ANSWER,
    });
    vi.stubGlobal('fetch', async () => new Response('<html>', { status: 200 }));
    await expect(adminCall(EmptyResultSchema, 'DELETE', '/session')).rejects.toMatchObject({
      code: UNEXPECTED_ANSWER,
    });
  });
});

describe('addresses', () => {
  it('leaves empty filters out of a query string', () => {
    expect(queryString({})).toBe('');
    expect(queryString({ operator: 'alice', targetId: 'x y', from: '' })).toBe(
      '?operator=alice&target_id=x+y',
    );
  });

  it('goes back after signing in only to a path of this site', () => {
    expect(safeNext('/operators?x=1')).toBe('/operators?x=1');
    for (const next of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example']) {
      expect(safeNext(next)).toBe('/');
    }
    expect(signInPath(new URL('http://localhost:3100/audit?page=2'))).toBe(
      '/sign-in?next=%2Faudit%3Fpage%3D2',
    );
    expect(signInPath(new URL('http://localhost:3100/'))).toBe('/sign-in');
  });
});
