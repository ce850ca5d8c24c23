/**
 * Routes as the OpenAPI document promises them: an address that is a route of its own is never
 * answered by a parametric route's handler (405 with its methods), and a production API's document
 * leaves the operators' /admin routes out.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
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
