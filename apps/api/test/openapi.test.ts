/**
 * The OpenAPI document (/docs/json) against the app itself: every route is in it and every operation
 * in it exists; each operation, called with bad input of every kind the conventions refuse, answers
 * only statuses it documents, in the failure envelope; the sign-in it documents is the sign-in it
 * needs; path parameters are documented no longer than the router takes.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_KEYS, MAX_PARAM_LENGTH } from '../src/http/limits.ts';
import { newCustomer } from './accounts-helpers.ts';
import { getTestApp, signedHeaders } from './helpers.ts';

const app = await getTestApp();

type Parameter = { in: string; name: string; schema: { maxLength?: number } };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, unknown>; description?: string };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  security?: Record<string, string[]>[];
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];
type Op = { method: Method; path: string; op: Operation };

let doc: Document;
let ops: Op[];

beforeAll(async () => {
  doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
  ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] as Operation })),
  );
});

/** Routes the document leaves out on purpose: its own pages and the development mailbox. */
/** Not API calls: the document itself, development pages, and the payment sandbox's HTML pages (its 3-D Secure and PayPal stand-ins, which a browser opens). */
const undocumented = (url: string) =>
  url.startsWith('/docs') ||
  url.startsWith('/dev/') ||
  url.startsWith('/v2/funds/sandbox/challenges/') ||
  url.startsWith('/v2/funds/sandbox/paypal/');

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The address of an operation with each path parameter set to `value`. */
const address = (path: string, value = 'x') => path.replace(/\{[^}]+\}/g, value);

const needsSignIn = (op: Operation) => !op.security?.some((s) => Object.keys(s).length === 0);
const readsBody = (method: Method) => method !== 'get';

function expectDocumented(label: string, res: LightMyRequestResponse, op: Operation): void {
  const documented = Object.keys(op.responses);
  expect(documented, `${label} answered ${res.statusCode}: ${res.body.slice(0, 200)}`).toContain(
    String(res.statusCode),
  );
  if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
    const body = res.json();
    expect(body.error?.status, label).toBe(res.statusCode);
    expect(typeof body.error?.code, label).toBe('string');
    expect(Array.isArray(body.messages), label).toBe(true);
  }
}

describe('the OpenAPI document', () => {
  it('lists every route the app has, and only those', () => {
    const routes = app.routeTable.entries
      .filter((r) => !['HEAD', 'OPTIONS'].includes(r.method) && !undocumented(r.url))
      .map((r) => `${r.method} ${openApiPath(r.url)}`)
      .sort();
    const documented = ops.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort();
    expect(documented).toEqual(routes);
    expect(routes.length).toBeGreaterThan(50);
  });

  it('documents the bearer and app-signature security schemes', () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.appKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-app-key' });
    expect(schemes.appTimestamp).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-timestamp' });
    expect(schemes.appSignature).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-signature' });
    for (const { op } of ops) expect(op.security?.length).toBeGreaterThan(0);
  });

  it('gives every failure status the failure envelope schema', () => {
    for (const { method, path, op } of ops) {
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.description, `${method} ${path} ${status}`).not.toBe('Default Response');
        if (Number(status) < 400) continue;
        const schema = response.content?.['application/json']?.schema as { properties: object };
        expect(Object.keys(schema.properties), `${method} ${path} ${status}`).toEqual(
          expect.arrayContaining(['error', 'messages']),
        );
      }
    }
  });

  it('documents path parameters no longer than the router takes', () => {
    const params = ops.flatMap(({ op }) => (op.parameters ?? []).filter((p) => p.in === 'path'));
    expect(params.length).toBeGreaterThan(10);
    for (const p of params) {
      expect(p.schema.maxLength, p.name).toBeDefined();
      expect(p.schema.maxLength, p.name).toBeLessThanOrEqual(MAX_PARAM_LENGTH);
    }
  });

  it('shows request constraints in the schemas and form bodies where calls take forms', () => {
    const body = (method: Method, path: string) => {
      const content = doc.paths[path]?.[method]?.requestBody?.content ?? {};
      return content['application/json'] as { schema: { properties: Record<string, object> } };
    };
    const signup = body('post', '/v2/signup').schema.properties;
    expect(signup.email).toMatchObject({ format: 'email', maxLength: 254 });
    expect(signup.password).toMatchObject({ minLength: 8, maxLength: 128 });
    expect(body('post', '/v2/password/reset').schema.properties.new_password).toMatchObject({ minLength: 8 });
    const causes = doc.paths['/v2/causes']?.get?.parameters ?? [];
    expect(causes.find((p) => p.name === 'limit')?.schema).toMatchObject({ minimum: 1, maximum: 100 });
    for (const [method, path] of [
      ['delete', '/v2/customer'],
      ['post', '/v2/customer/change-password'],
      ['post', '/v2/login'],
    ] as const) {
      const content = doc.paths[path]?.[method]?.requestBody?.content ?? {};
      expect(Object.keys(content), `${method} ${path}`).toEqual([
        'application/json',
        'application/x-www-form-urlencoded',
      ]);
    }
    const items = doc.paths['/v2/cart/items']?.post?.requestBody;
    expect(Object.keys(items?.content ?? {})).toEqual(['application/json']);
    expect(items?.description).toContain('32768 bytes');
  });
});

describe('every documented operation', () => {
  let token = '';
  beforeAll(async () => {
    token = (await newCustomer(app)).access_token;
  });

  const bearer = () => ({ ...signedHeaders(token), authorization: `Bearer ${token}` });

  /** Bad input of every kind the conventions refuse, for one operation. */
  function badCalls({ method, path, op }: Op): [string, InjectOptions][] {
    const url = address(path);
    const verb = method.toUpperCase() as 'GET';
    const calls: [string, InjectOptions][] = [
      ['no headers', { method: verb, url }],
      ['an unknown API version', { method: verb, url, headers: { 'x-api-version': '0.1' } }],
      [
        'a bad signature',
        { method: verb, url, headers: { ...signedHeaders(), 'x-signature': 'f'.repeat(64) } },
      ],
      ['a bearer token that is not one', { method: verb, url, headers: { authorization: 'Bearer nope' } }],
      ['a signed-in customer', { method: verb, url, headers: bearer() }],
    ];
    // Address and query variations go both anonymous and signed in (the route then reads them).
    const both = ([label, request]: [string, InjectOptions]) => {
      calls.push([label, request], [`${label}, signed in`, { ...request, headers: bearer() }]);
    };
    const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    if (query.length > 0) {
      const nul = query.map((name) => `${name}=a%00b`).join('&');
      const odd = query.map((name) => `${name}=1&${name}=abc`).join('&');
      const wide = Array.from({ length: MAX_KEYS + 1 }, (_, i) => `k${i}=1`).join('&');
      both(['NUL query values', { method: verb, url: `${url}?${nul}` }]);
      both(['repeated odd query values', { method: verb, url: `${url}?${odd}` }]);
      both(['too many query keys', { method: verb, url: `${url}?${wide}` }]);
    }
    if (/\{/.test(path)) {
      both([
        'an over-long path parameter',
        { method: verb, url: address(path, 'p'.repeat(MAX_PARAM_LENGTH + 1)) },
      ]);
      both(['broken percent-encoding', { method: verb, url: address(path, '%zz') }]);
      both(['a NUL path parameter', { method: verb, url: address(path, 'a%00b') }]);
    }
    if (readsBody(method)) {
      const json = { 'content-type': 'application/json', ...bearer() };
      const wide = JSON.stringify(
        Object.fromEntries(Array.from({ length: MAX_KEYS + 1 }, (_, i) => [`k${i}`, 0])),
      );
      const bodies: [string, string, Record<string, string>][] = [
        ['broken JSON', '{"a":', json],
        ['an empty object', '{}', json],
        ['a list', '[1,2]', json],
        ['a NUL text field', '{"email":"a\\u0000b","token":"a\\u0000b"}', json],
        ['too many keys', wide, json],
        ['a body over every limit', JSON.stringify({ a: 'x'.repeat(40_000) }), json],
        ['nesting past 64 levels', `${'['.repeat(70)}${']'.repeat(70)}`, json],
        ['XML', '<a/>', { ...json, 'content-type': 'application/xml' }],
        ['a form', 'token=x&otp=1&email=a', { ...json, 'content-type': 'application/x-www-form-urlencoded' }],
        [
          'a form with a forbidden name',
          '__proto__=x',
          { ...json, 'content-type': 'application/x-www-form-urlencoded' },
        ],
      ];
      for (const [label, payload, headers] of bodies)
        calls.push([label, { method: verb, url, payload, headers }]);
    }
    return calls;
  }

  it('answers bad input only with statuses it documents, in the failure envelope', async () => {
    // Signing out ends the token the other calls use: it goes last.
    const ordered = [...ops].sort(
      (a, b) => Number(a.path === '/v2/logout') - Number(b.path === '/v2/logout'),
    );
    let checked = 0;
    for (const entry of ordered) {
      for (const [label, request] of badCalls(entry)) {
        const res = await app.inject(request);
        expectDocumented(`${entry.method.toUpperCase()} ${entry.path} with ${label}`, res, entry.op);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(500);
    // Hundreds of calls, the operators' among them each checking a token with argon2 as a wrong one costs.
  }, 90_000);

  it('needs the sign-in it documents: a bearer token where the document says so, none elsewhere', async () => {
    for (const { method, path, op } of ops) {
      const res = await app.inject({
        method: method.toUpperCase() as 'GET',
        url: address(path),
        ...(readsBody(method) ? { payload: {} } : {}),
      });
      const label = `${method.toUpperCase()} ${path}: ${res.body.slice(0, 200)}`;
      if (needsSignIn(op)) {
        expect(res.statusCode, label).toBe(401);
        expect(res.json().error.code, label).toBe('unauthorised');
      } else if (res.statusCode === 401) {
        expect(res.json().error.code, label).not.toBe('unauthorised');
      }
    }
  });
});
