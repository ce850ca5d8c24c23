/**
 * Routes as the OpenAPI document promises them: an address that is a route of its own is never
 * answered by a parametric route's handler (405 with its methods); a production API's document
 * leaves the operators' /admin routes out; a cart item naming a session that is not there answers a
 * status the document lists; a request whose address or head is too long is answered in the envelope
 * with a documented status, also when Node refuses it; the app signature is optional.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH } from '../src/http/limits.ts';
import { call, newCustomer } from './accounts-helpers.ts';
import { getTestApp } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const production: FastifyInstance = await getTestApp({ production: true });

describe('one route never answers at another route’s own address', () => {
  it('DELETE /v2/funds/bank-account and GET /v2/funds/bp/deposit are 405 with the methods they take', async () => {
    const customer = await newCustomer(app);
    const cases: ['DELETE' | 'GET', string, string[]][] = [
      ['DELETE', '/v2/funds/bank-account', ['GET', 'POST']],
      ['GET', '/v2/funds/bp/deposit', ['POST']],
      ['GET', '/v2/funds/dd/deposit', ['POST']],
    ];
    for (const [method, url, methods] of cases) {
      const res = await call(app, url, { method, token: customer.access_token });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(405);
      expect(res.json().error.code).toBe('method_not_allowed');
      const allow = String(res.headers.allow).split(', ');
      for (const m of methods) expect(allow, url).toContain(m);
      expect(allow).not.toContain(method);
    }
    // The parametric routes still answer their own addresses.
    const unknown = await call(app, '/v2/funds/00000000-0000-4000-8000-000000000000/deposit', {
      token: customer.access_token,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('deposit_not_found');
  });
});

describe('the OpenAPI document in production', () => {
  it('leaves out the /admin routes, which a development API documents', async () => {
    const paths = async (a: FastifyInstance) =>
      Object.keys((await a.inject({ method: 'GET', url: '/docs/json' })).json().paths as object);
    const dev = await paths(app);
    expect(dev.some((p) => p.startsWith('/admin'))).toBe(true);
    const prod = await paths(production);
    expect(prod.some((p) => p.startsWith('/admin'))).toBe(false);
    expect(prod).toContain('/v2/customer');
  });
});

type Operation = {
  responses: Record<string, unknown>;
  parameters?: { in: string; name: string; required?: boolean }[];
  security?: Record<string, string[]>[];
};
type Document = {
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { description: string }> };
};

const documentOf = async (a: FastifyInstance): Promise<Document> =>
  (await a.inject({ method: 'GET', url: '/docs/json' })).json();

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ label: `${method.toUpperCase()} ${path}`, op })),
  );

describe('POST /v2/cart/items', () => {
  it('answers a session_id that is not there with 404 session_not_found, a status it documents', async () => {
    const customer = await newCustomer(app);
    const documented = Object.keys((await documentOf(app)).paths['/v2/cart/items']?.post?.responses ?? {});
    for (const sessionId of [randomUUID(), 'not-a-uuid']) {
      const res = await call(app, '/v2/cart/items', {
        token: customer.access_token,
        headers: { 'x-api-version': '3.3' },
        body: { session_id: sessionId, num_shares: 1 },
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('session_not_found');
      expect(documented).toContain(String(res.statusCode));
    }
  });
});

/** The status line, content type and body of a raw HTTP exchange with the listening app. */
function rawExchange(port: number, request: string): Promise<{ head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ head: text.slice(0, split), body: text.slice(split + 4) });
    });
    socket.write(request);
  });
}

/** A GET the server can only refuse: sent, then the connection closed by the server. */
const get = (path: string, headers = '') =>
  `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`;

describe('an over-long address or request head', () => {
  it('is answered in the envelope with a status every operation documents, also when Node refuses it', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const cases: [string, string, number, string][] = [
      // Over the API's own limit: refused by the API.
      [
        'a query string over the address limit',
        get(`/v2/product_offers?q=${'x'.repeat(MAX_URL_LENGTH)}`),
        414,
        'uri_too_long',
      ],
      // Over Node's limit on a request head: refused before Fastify sees a request.
      ['a query string over the head limit', get(`/v2/causes?q=${'x'.repeat(20_000)}`), 414, 'uri_too_long'],
      [
        'headers over the head limit',
        get('/v2/causes', `x-filler: ${'x'.repeat(20_000)}\r\n`),
        431,
        'headers_too_large',
      ],
    ];
    const doc = await documentOf(app);
    for (const [label, request, status, code] of cases) {
      const { head, body } = await rawExchange(port, request);
      expect(head.split('\r\n')[0], label).toBe(
        `HTTP/1.1 ${status} ${status === 414 ? 'URI Too Long' : 'Request Header Fields Too Large'}`,
      );
      expect(head.toLowerCase(), label).toContain('content-type: application/json');
      const envelope = JSON.parse(body);
      expect(envelope.error, label).toEqual({ status, code, message: expect.any(String) });
      expect(envelope.messages, label).toEqual([{ code, message: envelope.error.message }]);
    }
    for (const { label, op } of operations(doc)) {
      expect(Object.keys(op.responses), label).toEqual(expect.arrayContaining(['414', '431']));
    }
    expect(doc.info.description).toContain('431 `headers_too_large`');
  });
});

describe('the app signature', () => {
  it('is optional in the document, and a call without it is served', async () => {
    const doc = await documentOf(app);
    const signature = ['x-app-key', 'x-timestamp', 'x-signature'];
    for (const { label, op } of operations(doc)) {
      const required = (op.parameters ?? []).filter(
        (p) => p.in === 'header' && signature.includes(p.name.toLowerCase()) && p.required,
      );
      expect(required, label).toEqual([]);
      // Some way to call it names none of the signature's schemes.
      const unsigned = (op.security ?? [{}]).some((s) => !('appKey' in s || 'appSignature' in s));
      expect(unsigned, label).toBe(true);
    }
    const schemes = doc.components.securitySchemes;
    for (const name of ['appKey', 'appTimestamp', 'appSignature']) {
      expect(schemes[name]?.description, name).toMatch(/^Optional/);
    }
    // Served without any of the three headers: anonymous and signed in.
    const offers = await app.inject({ method: 'GET', url: '/v2/product_offers' });
    expect(offers.statusCode, offers.body).toBe(200);
    const customer = await newCustomer(app);
    const cart = await app.inject({
      method: 'GET',
      url: '/v2/cart/items',
      headers: { authorization: `Bearer ${customer.access_token}`, 'x-api-version': '3.3' },
    });
    expect(cart.statusCode, cart.body).toBe(200);
  });
});
