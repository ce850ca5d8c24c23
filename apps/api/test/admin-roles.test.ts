/**
 * Every /admin route names the role it needs, and the check holds for every role: an operator
 * without the route's role is refused (403) before anything runs, one with it gets past the check,
 * and nobody signed in gets 401. Only signing in and invitations are open. New routes are walked as
 * they are added (the list is the app's own).
 */
import { OPERATOR_ROLES, type OperatorRole } from '@drawhouse/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createOperator } from '../src/modules/operators/index.ts';
import { getTestApp } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const OPEN = new Set([
  'POST /admin/session',
  'GET /admin/invitations/:token',
  'POST /admin/invitations/:token/accept',
]);
const ZERO_ID = '00000000-0000-4000-8000-000000000000';

/** The route's address with every parameter filled (an id no row has). */
function addressOf(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) =>
    name === 'drawNo' ? '1' : name === 'offer' ? 'powerball' : ZERO_ID,
  );
}

let calls = 0;
function call(method: string, url: string, token?: string) {
  calls += 1;
  return app.inject({
    method: method as 'GET',
    url: addressOf(url),
    // The operators' calls are limited per address: each call comes from its own.
    remoteAddress: `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
}

describe('the /admin routes', () => {
  const routes = app.adminRoutes.filter((r) => !OPEN.has(`${r.method} ${r.url}`));

  it('each name a role, but the open ones', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => r.role === undefined).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    for (const open of OPEN) {
      const [method, url] = open.split(' ');
      expect(app.adminRoutes.find((r) => r.method === method && r.url === url)?.role, open).toBeUndefined();
    }
  });

  it('answer 401 to nobody signed in', async () => {
    for (const r of routes) {
      expect((await call(r.method, r.url)).statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it.each([...OPERATOR_ROLES, 'none'] as const)(
    'check the role, for an operator with the role %s only',
    async (role) => {
      const { token } = await createOperator(
        app.deps.db,
        `walk-${role}-${Date.now()}`,
        role === 'none' ? [] : [role as OperatorRole],
      );
      for (const r of routes) {
        const res = await call(r.method, r.url, token);
        const allowed = r.role === 'any' || r.role === role;
        const where = `${role} on ${r.method} ${r.url}: ${res.body.slice(0, 200)}`;
        if (allowed) {
          expect([401, 403], where).not.toContain(res.statusCode);
          expect(res.statusCode, where).toBeLessThan(500);
        } else {
          expect(res.statusCode, where).toBe(403);
          expect(res.json().error.code, where).toBe('role_required');
        }
      }
    },
  );
});
