import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CapabilitiesSchema, EmptyResultSchema } from '@drawhouse/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  ContractMismatchError,
  cacheLifetimeMs,
  createApiClient,
  requestSignature,
} from './api.server';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

const discovery = {
  result: {
    services: [
      { name: 'main', base_path: '/v2', versions: ['3.0', '3.9'], default_version: '3.0' },
      { name: 'cms', base_path: '/cms', versions: ['1.0'], default_version: '1.0' },
    ],
  },
  messages: [],
};

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let routes: Record<string, (res: ServerResponse, body: string) => void> = {};

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(value));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const handler = routes[`${req.method} ${req.url}`];
      if (handler) handler(res, body);
      else json(res, 404, { error: { status: 404, code: 'not_found', message: 'Not found' }, messages: [] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  routes = { 'GET /discover': (res) => json(res, 200, discovery) };
});

function client(extra: { now?: () => number; timeoutMs?: number } = {}) {
  return createApiClient({ baseUrl, appKey: 'drawhouse-web', appSecret: 'sekrit', ...extra });
}

describe('request signing', () => {
  it('is the hex SHA-256 of app key, timestamp, secret and customer token in that order', () => {
    const expected = createHash('sha256').update('drawhouse-web1700000000sekrittoken-1').digest('hex');
    expect(requestSignature('drawhouse-web', '1700000000', 'sekrit', 'token-1')).toBe(expected);
    expect(requestSignature('k', '1', 's')).toBe(createHash('sha256').update('k1s').digest('hex'));
  });

  it('sends the app key, timestamp, signature, version and caller headers', async () => {
    routes['GET /v2/capabilities'] = (res) => json(res, 200, { result: { segments: [] }, messages: [] });
    const api = client({ now: () => 1_700_000_000_500 });
    await api.get(CapabilitiesSchema, 'main', '/capabilities', {
      version: '3.9',
      caller: {
        sessionId: 'sess-1',
        subVariant: 'X',
        requestId: 'req_1',
        customerToken: 'tok',
        clientAddress: '203.0.113.9',
      },
    });
    const call = seen.find((s) => s.url === '/v2/capabilities');
    expect(call?.headers['x-app-key']).toBe('drawhouse-web');
    expect(call?.headers['x-timestamp']).toBe('1700000000');
    expect(call?.headers['x-signature']).toBe(
      requestSignature('drawhouse-web', '1700000000', 'sekrit', 'tok'),
    );
    expect(call?.headers['x-api-version']).toBe('3.9');
    expect(call?.headers['x-session-id']).toBe('sess-1');
    expect(call?.headers['x-sub-variant']).toBe('X');
    expect(call?.headers['x-request-id']).toBe('req_1');
    expect(call?.headers.authorization).toBe('Bearer tok');
    expect(call?.headers['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('signs anonymous calls with an empty token, uses the default version and drops bad identifiers', async () => {
    routes['GET /v2/config'] = (res) => json(res, 200, { result: {}, messages: [] });
    const api = client({ now: () => 1_000_000 });
    await api.get(EmptyResultSchema, 'main', '/config', {
      caller: { sessionId: 'bad id!', clientAddress: '1.2.3.4, evil' },
    });
    const call = seen.find((s) => s.url === '/v2/config');
    expect(call?.headers['x-signature']).toBe(requestSignature('drawhouse-web', '1000', 'sekrit', ''));
    expect(call?.headers['x-api-version']).toBe('3.0');
    expect(call?.headers['x-session-id']).toBeUndefined();
    expect(call?.headers.authorization).toBeUndefined();
    expect(call?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.headers['x-forwarded-for']).toBeUndefined();
    expect(call?.headers['idempotency-key']).toBeUndefined();
  });

  it('sends the Idempotency-Key of a money-moving call, and never a malformed one', async () => {
    routes['POST /v2/cart/purchase'] = (res) => json(res, 200, { result: {}, messages: [] });
    const api = client();
    const key = '3b241101-e2bb-4255-8caf-4136c566a962';
    await api.request(EmptyResultSchema, 'main', '/cart/purchase', {
      method: 'POST',
      body: {},
      idempotencyKey: key,
    });
    await api.request(EmptyResultSchema, 'main', '/cart/purchase', {
      method: 'POST',
      body: {},
      idempotencyKey: 'bad key\r\nX: 1',
    });
    const calls = seen.filter((s) => s.url === '/v2/cart/purchase');
    expect(calls.map((c) => c.headers['idempotency-key'])).toEqual([key, undefined]);
  });
});

/** Just enough of an offer for the caching tests. */
const Offers = z.object({ offers: z.array(z.object({ key: z.string(), drawNo: z.number() })) });

describe('case mapping and discovery', () => {
  it('maps response keys to camelCase and body keys to snake_case', async () => {
    routes['POST /v2/anon-cart/abc/items'] = (res, body) =>
      json(res, 200, {
        result: { echo: JSON.parse(body), cart_total: { amount: 5, currency: 'AUD' } },
        messages: [],
      });
    const api = client();
    const envelope = await api.request(
      z.object({ echo: z.unknown(), cartTotal: z.unknown() }),
      'main',
      '/anon-cart/abc/items',
      {
        method: 'POST',
        body: { affiliateCode: 'a1', numDraws: 2, recurringPurchase: { type: 'autoplay' } },
        version: '3.3',
      },
    );
    const call = seen.find((s) => s.url === '/v2/anon-cart/abc/items');
    expect(JSON.parse(call?.body ?? '')).toEqual({
      affiliate_code: 'a1',
      num_draws: 2,
      recurring_purchase: { type: 'autoplay' },
    });
    expect(call?.headers['content-type']).toBe('application/json');
    expect(envelope.result.cartTotal).toEqual({ amount: 5, currency: 'AUD' });
    expect(envelope.result.echo).toEqual({
      affiliateCode: 'a1',
      numDraws: 2,
      recurringPurchase: { type: 'autoplay' },
    });
  });

  it('sends a FormData body as multipart, as it is (documents for review)', async () => {
    routes['POST /v2/customer/verification'] = (res) => json(res, 200, { result: {}, messages: [] });
    const body = new FormData();
    body.append('method', 'pdf_form');
    body.append('form', new Blob(['%PDF-1.7'], { type: 'application/pdf' }), 'form.pdf');
    await client().request(z.object({}), 'main', '/customer/verification', { method: 'POST', body });
    const call = seen.find((s) => s.url === '/v2/customer/verification');
    expect(call?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(call?.body).toContain('name="method"\r\n\r\npdf_form');
    expect(call?.body).toContain('filename="form.pdf"');
  });

  it('fetches discovery once and caches GETs for their lifetime', async () => {
    routes['GET /v2/pricing/default/product_offers'] = (res) =>
      json(res, 200, {
        result: { offers: [{ key: 'powerball', draw_no: 1 }] },
        page_info: { offset: 0 },
        messages: [],
      });
    const api = client();
    const first = await api.request(Offers, 'main', '/pricing/default/product_offers', { version: '3.9' });
    const second = await api.request(Offers, 'main', '/pricing/default/product_offers', { version: '3.9' });
    expect(second).toBe(first);
    expect(first.pageInfo).toEqual({ offset: 0 });
    expect(seen.filter((s) => s.url === '/discover')).toHaveLength(1);
    expect(seen.filter((s) => s.url === '/v2/pricing/default/product_offers')).toHaveLength(1);
    // Answers holding draws are asked for again within seconds: a closed draw is not offered for long
    // (3 s here and at most 1 s more in the front cache: ADR 038).
    expect(cacheLifetimeMs('main', '/pricing/default/product_offers')).toBe(3_000);
    expect(cacheLifetimeMs('main', '/product_offers')).toBe(3_000);
    expect(cacheLifetimeMs('main', '/draws/pricing/default/past/powerball')).toBe(3_000);
    expect(cacheLifetimeMs('main', '/draw/details/powerball/1500')).toBe(3_000);
    expect(cacheLifetimeMs('main', '/past/result_keys')).toBe(3_000);
    expect(cacheLifetimeMs('main', '/tips')).toBe(1_080_000);
    expect(cacheLifetimeMs('cms', '/items/theme')).toBe(600_000);
    expect(cacheLifetimeMs('main', '/config')).toBe(60_000);
    // Daily Winners: the giveaways open and the winners as often as draws; the programme's config a minute.
    expect(cacheLifetimeMs('rewards', '/v3/draws')).toBe(3_000);
    expect(cacheLifetimeMs('rewards', '/v3/winners')).toBe(3_000);
    expect(cacheLifetimeMs('rewards', '/v4/config')).toBe(60_000);
  });

  it('asks again for content within seconds: a saved banner shows soon, an unchanged answer keeps its objects', async () => {
    // What the back office edits is asked for again as often as draws (ADR 064); translations keep a minute.
    for (const path of ['/items/site_config', '/items/pages/about', '/navigation', '/components']) {
      expect(cacheLifetimeMs('cms', path)).toBe(3_000);
    }
    expect(cacheLifetimeMs('cms', '/en-AU/items')).toBe(60_000);
    let text = 'Raffle closes Sunday';
    routes['GET /cms/items/site_config'] = (res) =>
      json(res, 200, { result: { sitewide_banner: { text } }, messages: [] });
    const Config = z.object({ sitewideBanner: z.object({ text: z.string() }) });
    const asked = () => seen.filter((s) => s.url === '/cms/items/site_config').length;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const api = client();
      const first = await api.get(Config, 'cms', '/items/site_config');
      vi.setSystemTime(Date.now() + 2_900);
      expect(await api.get(Config, 'cms', '/items/site_config')).toBe(first);
      expect(asked()).toBe(1);
      // Unchanged after its lifetime: asked again, and the same objects kept (pages are still reused).
      vi.setSystemTime(Date.now() + 200);
      await api.get(Config, 'cms', '/items/site_config');
      await vi.waitFor(() => expect(asked()).toBe(2));
      expect(await api.get(Config, 'cms', '/items/site_config')).toBe(first);
      // Saved in the back office: the next refresh brings it.
      text = 'Raffle closes Monday';
      vi.setSystemTime(Date.now() + 3_100);
      await vi.waitFor(async () =>
        expect((await api.get(Config, 'cms', '/items/site_config')).sitewideBanner.text).toBe(text),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not cache calls made with a customer token', async () => {
    routes['GET /v2/customer'] = (res) => json(res, 200, { result: { id: 1 }, messages: [] });
    const api = client();
    await api.get(z.object({ id: z.number() }), 'main', '/customer', { caller: { customerToken: 't' } });
    await api.get(z.object({ id: z.number() }), 'main', '/customer', { caller: { customerToken: 't' } });
    expect(seen.filter((s) => s.url === '/v2/customer')).toHaveLength(2);
  });

  it('reports a missing discovery address', async () => {
    const api = createApiClient({ baseUrl: '', appKey: 'k', appSecret: 's' });
    await expect(api.get(EmptyResultSchema, 'main', '/config')).rejects.toThrow(
      'discovery service url is not set',
    );
  });
});

describe('contract checks', () => {
  const offer = { key: 'powerball', draw_no: 1 };

  it('fails loudly when an answer does not match its schema, naming the url and the field', async () => {
    routes['GET /v2/pricing/default/product_offers'] = (res) =>
      json(res, 200, { result: { offers: [{ key: 'powerball', draw_no: 'one' }] }, messages: [] });
    const error = await client()
      .get(Offers, 'main', '/pricing/default/product_offers')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractMismatchError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).message).toContain(`${baseUrl}/v2/pricing/default/product_offers`);
    expect((error as Error).message).toContain('offers.0.drawNo');
  });

  it('checks answers that are not cached too (a customer call, a discovery)', async () => {
    routes['GET /v2/customer'] = (res) => json(res, 200, { result: { id: 'not a number' }, messages: [] });
    await expect(
      client().get(z.object({ id: z.number() }), 'main', '/customer', { caller: { customerToken: 't' } }),
    ).rejects.toBeInstanceOf(ContractMismatchError);
    routes['GET /discover'] = (res) =>
      json(res, 200, { result: { services: [{ name: 'main' }] }, messages: [] });
    await expect(client().get(EmptyResultSchema, 'main', '/config')).rejects.toBeInstanceOf(
      ContractMismatchError,
    );
  });

  it('hands on the answer as read (extra keys kept), and skips the work when checks are off', async () => {
    routes['GET /v2/pricing/default/product_offers'] = (res) =>
      json(res, 200, { result: { offers: [{ ...offer, extra: true }] }, messages: [] });
    const checkedOffers = await client().get(Offers, 'main', '/pricing/default/product_offers');
    expect(checkedOffers.offers[0]).toEqual({ key: 'powerball', drawNo: 1, extra: true });

    routes['GET /v2/tips'] = (res) => json(res, 200, { result: { offers: 'wrong' }, messages: [] });
    const unchecked = createApiClient({ baseUrl, appKey: 'k', appSecret: 's', checkAnswers: false });
    expect(await unchecked.get(Offers, 'main', '/tips')).toEqual({ offers: 'wrong' });
  });
});

describe('error mapping', () => {
  it('turns a 4xx into an ApiError with the first server message and camelCased field errors', async () => {
    routes['POST /v2/signup'] = (res) =>
      json(res, 422, {
        error: { status: 422, code: 'validation_failed', message: 'Invalid' },
        errors: { first_name: [{ code: 'required', message: 'This field is required.' }] },
        messages: [{ code: 'validation_failed', message: 'Please check the form.' }],
      });
    const error = await client()
      .request(EmptyResultSchema, 'main', '/signup', { method: 'POST', body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Please check the form.',
      fieldErrors: { firstName: [{ code: 'required', message: 'This field is required.' }] },
    });
  });

  it('falls back to "The API responded with a {status} error ..." when the server sends none', async () => {
    routes['GET /v2/causes/nope'] = (res) =>
      json(res, 404, { error: { status: 404, code: 'cause_not_found' } });
    const error = await client()
      .get(EmptyResultSchema, 'main', '/causes/nope')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 404,
      code: 'cause_not_found',
      message: `The API responded with a 404 error when requesting the following url: ${baseUrl}/v2/causes/nope`,
      fieldErrors: {},
    });
  });

  it('throws a Response for a 5xx', async () => {
    routes['GET /v2/tips'] = (res) =>
      json(res, 503, { error: { status: 503, code: 'maintenance', message: 'Down' }, messages: [] });
    const thrown = await client()
      .get(EmptyResultSchema, 'main', '/tips')
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
    expect(await (thrown as Response).json()).toEqual({ code: 'maintenance', status: 503 });
  });

  it('reports an unparseable answer as a 422', async () => {
    routes['GET /v2/config'] = (res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{not json');
    };
    const error = await client()
      .get(EmptyResultSchema, 'main', '/config')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 422,
      message: `An error occurred when transforming the API result to JSON for the following url: ${baseUrl}/v2/config`,
    });
  });

  it('turns a network failure into an error without field errors', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, appKey: 'k', appSecret: 's' });
    const error = await api.get(EmptyResultSchema, 'main', '/config').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 408, code: 'network_error', fieldErrors: {} });
  });

  it('gives up after the request timeout', async () => {
    routes['GET /v2/slow'] = () => undefined; // never answers
    const error = await client({ timeoutMs: 50 })
      .get(EmptyResultSchema, 'main', '/slow', { cacheMs: 0 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 408, code: 'timeout', fieldErrors: {} });
  });
});
