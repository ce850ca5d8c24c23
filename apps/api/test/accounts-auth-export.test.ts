import { createDb } from '@drawhouse/db';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { createAppDeps, createMailDeps } from '../src/deps.ts';
import { ok } from '../src/http/envelope.ts';
import { customerAuth } from '../src/modules/accounts/index.ts';
import { call, elevateByEmail, newCustomer } from './accounts-helpers.ts';

/** The API plus a probe module that signs customers in the way other modules will. */
const handle = createDb(inject('databaseUrl'), { max: 2 });
const config = testConfig();
const mail = await createMailDeps(config);
const app = await buildApp(createAppDeps(handle, config, mail));
await app.register(
  async (probe) => {
    const auth = customerAuth(probe);
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
await app.ready();
afterAll(async () => {
  await app.close();
  await handle.close();
  await mail.mailCatcher?.stop();
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
