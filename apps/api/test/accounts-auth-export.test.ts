import { describe, expect, it } from 'vitest';
import { ok } from '../src/http/envelope.ts';
import { customerAuth } from '../src/modules/accounts/index.ts';
import { call, elevateByEmail, newCustomer } from './accounts-helpers.ts';
import { getTestApp } from './helpers.ts';

/** What each probe module got from `customerAuth`, to compare with the accounts routes' own. */
const probes: ReturnType<typeof customerAuth>['authenticate'][] = [];

/** The API plus a probe module that signs customers in the way other modules will. */
const app = await getTestApp({}, async (api) => {
  await api.register(async (other) => {
    probes.push(customerAuth(other).authenticate);
  });
  await api.register(
    async (probe) => {
      const auth = customerAuth(probe);
      probes.push(auth.authenticate);
      probe.get('/whoami', { preValidation: auth.authenticate }, async (request) => {
        const customer = request.customer;
        return ok({ id: customer?.customer.id ?? null });
      });
      probe.post('/withdraw', { preValidation: auth.authenticate }, async (request) => {
        const customer = auth.requireStepUp(request);
        return ok({ id: customer.customer.id });
      });
    },
    { prefix: '/v2/probe' },
  );
});

describe('customerAuth for other modules', () => {
  it('signs the customer in and asks for a step-up where a module says so', async () => {
    const c = await newCustomer(app);
    expect((await call(app, '/v2/probe/whoami')).statusCode).toBe(401);
    expect((await call(app, '/v2/probe/whoami', { token: c.access_token })).json().result.id).toBe(c.id);
    const blocked = await call(app, '/v2/probe/withdraw', { token: c.access_token, body: {} });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('REQUIRED');
    const elevated = await elevateByEmail(app, c.access_token, c.email);
    expect((await call(app, '/v2/probe/withdraw', { token: elevated, body: {} })).statusCode).toBe(200);
  });
});

describe('the accounts services', () => {
  it('are built once per app: every module signs in through the same services', () => {
    expect(probes).toHaveLength(2);
    for (const authenticate of probes) expect(authenticate).toBe(app.accounts.authenticate.required);
  });
});
