import { CustomerOverviewSchema } from '@drawhouse/contract';
import { createDb } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { createAppDeps } from '../src/deps.ts';
import { envelope, ok } from '../src/http/envelope.ts';
import { DEFAULT_BODY_LIMIT, MAX_KEYS, MAX_PARAM_LENGTH } from '../src/http/limits.ts';
import { newCustomer } from './accounts-helpers.ts';
import { getTestApp, signedHeaders } from './helpers.ts';

/** The API plus a few routes that exist only here, to exercise the conventions every route shares. */
async function appWithProbeRoutes(overrides = {}): Promise<FastifyInstance> {
  return getTestApp(overrides, async (app) => {
    app.post(
      '/v2/probe/echo',
      {
        schema: {
          body: z.object({
            firstName: z.string().min(1),
            favouriteNumbers: z.array(z.number().int()).max(3),
          }),
        },
      },
      async (request) => ok({ received: request.body, drawDate: '2026-11-26' }),
    );
    app.post(
      '/v2/probe/wide',
      { bodyLimit: 64 * 1024, schema: { body: z.record(z.string(), z.unknown()) } },
      async () => ok({}),
    );
    app.get('/v2/probe/boom', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    await app.register(async (scope) => {
      // A customer row that carries more than the overview: the response schema must drop the rest.
      scope.get(
        '/v2/probe/overview',
        { schema: { response: { 200: envelope(CustomerOverviewSchema) } } },
        async () =>
          ok({
            customerId: 'c1',
            pricingId: 'p1',
            segmentName: 'default',
            state: 'NSW',
            firstname: 'Jane',
            lastname: 'Citizen',
            email: 'jane@example.com',
            forcePasswordChange: false,
            accountUpgrade: false,
            isVerified: false,
            addressConfirmationRequired: false,
            emailAddressConfirmationRequired: false,
            balance: { amount: 0, currency: 'AUD', cents: 0 },
            availableFunds: { amount: 0, currency: 'AUD' },
            favouriteNumbers: [{ lottery: 'powerball', numbers: [7] }],
            twoFactorEnabled: false,
            migrationStatus: 'ineligible',
            passwordHash: 'scrypt$secret',
          }),
      );
    });
    app.get('/v2/probe/new', { config: { minVersion: '3.9' } }, async () => ok({ fine: true }));
  });
}

const app = await appWithProbeRoutes();

describe('discovery and health', () => {
  it('lists every service with its base path and versions', async () => {
    const res = await app.inject({ method: 'GET', url: '/discover' });
    expect(res.statusCode).toBe(200);
    const services = res.json().result.services;
    expect(services.map((s: { base_path: string }) => s.base_path)).toEqual([
      '/v2',
      '/cms',
      '/customer-verify',
      '/rewards',
      '/social/v3',
    ]);
    const main = services[0];
    expect(main.versions[0]).toBe('3.0');
    expect(main.versions.at(-1)).toBe('3.9');
    expect(main.default_version).toBe('3.0');
  });

  it('answers healthz and readyz (database reachable)', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json().result.status).toBe('ok');
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().result.status).toBe('ready');
  });

  it('readyz answers 503 when the database is not reachable', async () => {
    const handle = createDb('postgres://nobody:nothing@127.0.0.1:1/none', { max: 1 });
    const down = await buildApp(createAppDeps(handle, testConfig(), { mailer: { send: async () => {} } }));
    const res = await down.inject({ method: 'GET', url: '/readyz' });
    await down.close();
    await handle.close();
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('database_unavailable');
  });
});

describe('request id', () => {
  it('echoes a given request id', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123_X' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123_X');
  });

  it('generates one when absent or not a clean identifier', async () => {
    const none = await app.inject({ method: 'GET', url: '/healthz' });
    const bad = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('versions', () => {
  it('accepts every version of the service', async () => {
    for (const v of ['3.0', '3.5', '3.9']) {
      const res = await app.inject({ method: 'GET', url: '/v2/probe/new', headers: { 'x-api-version': v } });
      expect(res.statusCode, v).toBe(v === '3.9' ? 200 : 400);
    }
  });

  it('refuses a version outside the list with a clear message', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/v2/probe/new',
      headers: { 'x-api-version': '4.0' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toEqual({
      status: 400,
      code: 'unsupported_version',
      message: 'API version "4.0" is not offered by the main service; use 3.0 to 3.9.',
    });
    expect(body.messages[0].code).toBe('unsupported_version');
  });

  it('a route that needs a later version says which', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/v2/probe/new',
      headers: { 'x-api-version': '3.3' },
    });
    expect(res.json().error.message).toContain('needs API version 3.9');
  });
});

describe('app signature', () => {
  it('accepts a request signed with the web app secret', async () => {
    const res = await app.inject({ method: 'GET', url: '/v2/probe/new', headers: signedHeaders() });
    expect(res.statusCode).toBe(200);
  });

  it('binds the customer token into the signature', async () => {
    const headers = { ...signedHeaders('token-1'), authorization: 'Bearer token-1' };
    expect((await app.inject({ method: 'GET', url: '/v2/probe/new', headers })).statusCode).toBe(200);
    const swapped = { ...signedHeaders('token-1'), authorization: 'Bearer token-2' };
    expect((await app.inject({ method: 'GET', url: '/v2/probe/new', headers: swapped })).statusCode).toBe(
      401,
    );
  });

  it.each([
    ['a wrong signature', { ...signedHeaders(), 'x-signature': 'f'.repeat(64) }],
    ['no timestamp', { ...signedHeaders(), 'x-timestamp': '' }],
    ['a timestamp over 5 minutes old', signedHeaders('', Math.floor(Date.now() / 1000) - 360)],
    ['a timestamp over 5 minutes ahead', signedHeaders('', Math.floor(Date.now() / 1000) + 360)],
    ['an unknown app key', { ...signedHeaders(), 'x-app-key': 'someone-else' }],
    ['an app key that is not an identifier', { ...signedHeaders(), 'x-app-key': 'drawhouse web' }],
  ])('answers 401 invalid_signature for %s', async (_name, headers) => {
    const res = await app.inject({ method: 'GET', url: '/v2/probe/new', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_signature');
  });

  it('accepts a timestamp within the window', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/v2/probe/new',
      headers: signedHeaders('', Math.floor(Date.now() / 1000) - 290),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('envelope and case mapping', () => {
  it('reads snake_case bodies into camelCase and answers snake_case', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/probe/echo',
      payload: { first_name: 'Ada', favourite_numbers: [7, 11] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: { received: { first_name: 'Ada', favourite_numbers: [7, 11] }, draw_date: '2026-11-26' },
      messages: [],
    });
  });

  it('groups validation errors by target', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/probe/echo',
      payload: { first_name: '', favourite_numbers: ['seven'] },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_error');
    expect(Object.keys(body.errors).sort()).toEqual(['favourite_numbers', 'first_name']);
    expect(body.error.message).toBe('Please check the highlighted fields.');
    expect(body.errors.first_name[0].code).toBe('invalid');
  });

  it('refuses body text holding a NUL character as a field error, before any route reads it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/probe/echo',
      payload: { first_name: 'A\u0000da', favourite_numbers: [7] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      first_name: [{ code: 'invalid', message: 'This field cannot contain a NUL character.' }],
    });
  });

  it('says a missing field is required, in the words customers read', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/probe/echo',
      payload: { favourite_numbers: [] },
    });
    expect(res.json().errors).toEqual({
      first_name: [{ code: 'required', message: 'This field is required.' }],
    });
  });

  it('says a value of the wrong type must be another type, not that it is required', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/probe/echo',
      payload: { first_name: 5, favourite_numbers: 'seven' },
    });
    expect(res.json().errors).toEqual({
      first_name: [{ code: 'invalid', message: 'This field must be text.' }],
      favourite_numbers: [{ code: 'invalid', message: 'This field must be a list.' }],
    });
    const query = await app.inject({ method: 'GET', url: '/v2/causes?limit=abc' });
    expect(query.json().errors).toEqual({
      limit: [{ code: 'invalid', message: 'This field must be a number.' }],
    });
  });

  it('puts errors without a field under general', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/probe/echo',
      payload: '[]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['general']);
  });

  it('answers broken JSON with 400 invalid_json', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/probe/echo',
      payload: '{"first_name": "Ada",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_json');
  });

  it('answers an oversized body with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/probe/echo',
      payload: { first_name: 'x'.repeat(DEFAULT_BODY_LIMIT), favourite_numbers: [] },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it('answers an unknown route with 404 in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/v2/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { status: 404, code: 'not_found', message: 'There is nothing at GET /v2/nothing-here.' },
      messages: [{ code: 'not_found', message: 'There is nothing at GET /v2/nothing-here.' }],
    });
  });

  it('never leaks internals in a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/v2/probe/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('postgres');
    expect(res.json().error).toEqual({
      status: 500,
      code: 'internal_error',
      message: 'Something went wrong.',
    });
  });
});

describe('request sizes', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const postForm = (url: string, payload: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { ...form, ...headers } });
  const wideBody = (keys: number) =>
    JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, 0])));

  it('reads a few KB of body unless the route declares more, and refuses the rest with 413', async () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(DEFAULT_BODY_LIMIT) });
    const login = await app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(login.statusCode).toBe(413);
    expect(login.json().error.code).toBe('payload_too_large');
    // The favourite numbers take more; past their own limit they are refused too (before sign-in).
    const numbers = (n: number) =>
      JSON.stringify({ favourite_numbers: [{ lottery: 'powerball', numbers: Array(n).fill(10) }] });
    const put = (payload: string) =>
      app.inject({
        method: 'PUT',
        url: '/v2/favourite-numbers',
        payload,
        headers: { 'content-type': 'application/json' },
      });
    expect((await put(numbers(4000))).statusCode).toBe(401);
    expect((await put(numbers(40_000))).statusCode).toBe(413);
  });

  it('refuses an unknown address with a large body by its size, not after reading it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/nothing-here',
      payload: JSON.stringify({ a: 'x'.repeat(100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a body with more keys than any call needs with 413, before renaming them', async () => {
    const post = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/v2/probe/wide',
        payload,
        headers: { 'content-type': 'application/json' },
      });
    expect((await post(wideBody(MAX_KEYS))).statusCode).toBe(200);
    const res = await post(wideBody(MAX_KEYS + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      status: 413,
      code: 'payload_too_large',
      message: 'The request body has more fields than this service accepts.',
    });
  });

  it('refuses a query string with more keys than any call needs with 400', async () => {
    const query = Array.from({ length: MAX_KEYS + 1 }, (_, i) => `k${i}=1`).join('&');
    const res = await app.inject({ method: 'GET', url: `/v2/causes?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('too_many_parameters');
  });

  it('treats a NUL in a query value like one in a body: a field error, not a 500', async () => {
    for (const [url, field] of [
      ['/v2/causes?slug=a%00b', 'slug'],
      ['/v2/check-email?email=a%00@example.com', 'email'],
      ['/v2/product_offers?pricing=a%00b', 'pricing'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toEqual({
        [field]: [{ code: 'invalid', message: 'This field cannot contain a NUL character.' }],
      });
    }
  });

  it('takes path parameters up to the length their schemas document, 414 beyond', async () => {
    const long = await app.inject({ method: 'GET', url: `/v2/causes/${'a'.repeat(MAX_PARAM_LENGTH)}` });
    expect(long.statusCode).toBe(404);
    expect(long.json().error.code).toBe('cause_not_found');
    const longer = await app.inject({ method: 'GET', url: `/v2/causes/${'a'.repeat(MAX_PARAM_LENGTH + 1)}` });
    expect(longer.statusCode).toBe(414);
  });

  it('takes a form-encoded body where the body is text fields, through the same validation', async () => {
    const customer = await newCustomer(app);
    const signIn = await postForm(
      '/v2/login',
      new URLSearchParams({ email: customer.email, password: customer.password }).toString(),
    );
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().result.customer.email).toBe(customer.email);
    const auth = {
      ...signedHeaders(customer.access_token),
      authorization: `Bearer ${customer.access_token}`,
    };
    const change = await postForm('/v2/customer/change-password', 'current_password=x', auth);
    expect(change.statusCode).toBe(400);
    expect(change.json().errors).toEqual({
      new_password: [{ code: 'required', message: 'This field is required.' }],
    });
    // A form call without fields reaches its route: the transfer token asks for a step-up.
    const transfer = await postForm('/v2/transfer', '', auth);
    expect(transfer.statusCode).toBe(403);
    expect(transfer.json().error.code).toBe('REQUIRED');
    const repeated = await postForm('/v2/password/forgot', 'email=a@example.com&email=b@example.com');
    expect(repeated.statusCode).toBe(400);
    expect(Object.keys(repeated.json().errors)).toEqual(['email']);
    const proto = await postForm('/v2/password/forgot', '__proto__=x&__proto__=y&email=a@example.com');
    expect(proto.statusCode).toBe(400);
    expect(proto.json().error.code).toBe('invalid_form');
  });

  it('refuses a form where the body is not text fields with 415, naming what the route takes', async () => {
    const echo = await postForm('/v2/probe/echo', 'first_name=Ada');
    expect(echo.statusCode).toBe(415);
    expect(echo.json().error.message).toBe('Send the request body as application/json.');
    const text = await app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: '<login/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe(
      'Send the request body as application/json or application/x-www-form-urlencoded.',
    );
  });
});

describe('response cache', () => {
  it('keeps one entry per answer whatever unknown query parameters come with it', async () => {
    app.responseCache.clear();
    for (const url of ['/v2/config', '/v2/config?junk=1', '/v2/config?junk=2&more=3']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    expect(app.responseCache.size).toBe(1);
    for (const url of ['/v2/causes?limit=5', '/v2/causes?junk=1&limit=5', '/v2/causes?limit=6']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    expect(app.responseCache.size).toBe(3);
  });
});

describe('methods', () => {
  it('answers a known address asked with another method with 405 and the methods it takes', async () => {
    for (const [method, url, allow] of [
      ['DELETE', '/v2/config', 'GET, HEAD'],
      ['POST', '/v2/causes/some-cause?x=1', 'GET, HEAD'],
      ['GET', '/v2/login', 'POST'],
      ['PATCH', '/v2/customer', 'DELETE, GET, HEAD'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.json().error.code).toBe('method_not_allowed');
    }
    const res = await app.inject({ method: 'DELETE', url: '/v2/config' });
    expect(res.json().error.message).toBe('DELETE is not allowed at /v2/config; use GET, HEAD.');
  });

  it('still answers an unknown address with 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/v2/configs' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });
});

describe('security', () => {
  it("sends a JSON API's security headers, and no rate limit headers until the limit is reached", async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
    const docs = await app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('keeps CORS closed by default', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/v2/probe/new',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('rate-limits per IP with 429 in the envelope', async () => {
    const limited = await appWithProbeRoutes({ rateLimitMax: 3 });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (await limited.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.0.0.9' })).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    const other = await limited.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.0.0.10' });
    expect(other.statusCode).toBe(200);
    const res = await limited.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.0.0.9' });
    expect(res.json().error.code).toBe('rate_limited');
    expect(res.headers['x-ratelimit-limit']).toBe('3');
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('rate limit key', () => {
  it("counts the storefront's signed requests per forwarded visitor, anyone else per connection", async () => {
    const limited = await appWithProbeRoutes({ rateLimitMax: 2 });
    const call = (headers: Record<string, string>) =>
      limited.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.0.0.1', headers });
    const visitorA = { ...signedHeaders(), 'x-forwarded-for': '203.0.113.1' };
    const visitorB = { ...signedHeaders(), 'x-forwarded-for': '203.0.113.2' };
    expect((await call(visitorA)).statusCode).toBe(200);
    expect((await call(visitorA)).statusCode).toBe(200);
    expect((await call(visitorA)).statusCode).toBe(429);
    expect((await call(visitorB)).statusCode).toBe(200);
    // Unsigned, a claimed address counts for nothing: both share the connection's count.
    expect((await call({ 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(200);
    expect((await call({ 'x-forwarded-for': '198.51.100.2' })).statusCode).toBe(200);
    expect((await call({ 'x-forwarded-for': '198.51.100.3' })).statusCode).toBe(429);
  });
});

describe('OpenAPI', () => {
  it('serves the document with snake_case properties and the browsable docs', async () => {
    const doc = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    const echo = doc.json().paths['/v2/probe/echo'].post;
    const schema = echo.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(['first_name', 'favourite_numbers']);
    expect(schema.properties.first_name.minLength).toBe(1);
    const offers = doc.json().paths['/v2/pricing/{pricingName}/product_offers'].get;
    const result = offers.responses['200'].content['application/json'].schema.properties.result;
    const draw = result.properties.offers.items.properties.draws.items;
    expect(Object.keys(draw.properties)).toContain('is_prize_pool_unknown');
    const login = doc.json().paths['/v2/login'].post;
    const signedIn = login.responses['200'].content['application/json'].schema.properties.result;
    expect(Object.keys(signedIn.properties)).toContain('access_token');
    expect(Object.keys(signedIn.properties.customer.properties)).toContain('customer_id');
    const refused = login.responses['401'].content['application/json'].schema.properties;
    expect(Object.keys(refused.result.properties)).toEqual(['challenge_id', 'two_factor_auth']);
    const throttled = login.responses['429'].content['application/json'].schema.properties;
    expect(Object.keys(throttled.result.properties)).toEqual(['challenge_id']);
    const code = doc.json().paths['/v2/login/code'].post;
    const codeBody = code.requestBody.content['application/json'].schema;
    expect(Object.keys(codeBody.properties)).toEqual(['challenge_id', 'otp', 'fingerprint']);
    expect(
      Object.keys(code.responses['401'].content['application/json'].schema.properties.result.properties),
    ).toEqual(['challenge_id', 'two_factor_auth']);
    const loginBody = login.requestBody.content['application/json'].schema;
    expect(Object.keys(loginBody.properties)).not.toContain('otp');
    const details = doc.json().paths['/v2/customer/details'].get;
    const address =
      details.responses['200'].content['application/json'].schema.properties.result.properties.address;
    expect(Object.keys(address.properties)).toContain('address_line_2');
    const overview = await app.inject({
      method: 'GET',
      url: '/v2/probe/overview',
      headers: signedHeaders(''),
    });
    expect(overview.statusCode).toBe(200);
    expect(overview.json().result).not.toHaveProperty('password_hash');
    expect(overview.json().result.balance).toEqual({ amount: 0, currency: 'AUD' });
    expect(overview.json().result.favourite_numbers).toEqual([{ lottery: 'powerball', numbers: [7] }]);
    const ui = await app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
