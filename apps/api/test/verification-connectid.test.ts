/**
 * ConnectID (POST /v2/customer/verification/connectid and /callback) through the sandbox provider,
 * a real OpenID provider in this process: each test identity, and every answer that must be refused
 * (a wrong state, a replayed answer, another customer's answer, an expired one, another issuer, the
 * customer cancelling at the provider) refused with nothing changed.
 */
import { and, connectIdRequests, eq, outboxEvents, verificationAttempts } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { type AtProvider, connectIdSandbox, signInAtProvider } from './connectid-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';

const sandbox = await connectIdSandbox();
const app: FastifyInstance = await getTestApp({ verification: sandbox.verification });
const { db } = getTestDb();

/**
 * Signed up with the details of the sandbox's Casey Connect: the sign-up's address is hers, written
 * the short way ("1 George St", with a "Level 3" line).
 */
const casey = () =>
  newCustomer(app, { firstname: 'Casey', lastname: 'Connect', date_of_birth: '1990-05-17' });

const start = (customer: TestCustomer) =>
  call(app, '/v2/customer/verification/connectid', { token: customer.access_token, body: {} });

const callback = (customer: TestCustomer, params: URLSearchParams | Record<string, string>) =>
  call(app, '/v2/customer/verification/connectid/callback', {
    token: customer.access_token,
    body: Object.fromEntries(params instanceof URLSearchParams ? params : Object.entries(params)),
  });

/** Starts a sign-in for the customer and goes through the provider: the answer the shop receives. */
async function signIn(customer: TestCustomer, as: AtProvider): Promise<URLSearchParams> {
  const res = await start(customer);
  expect(res.statusCode).toBe(200);
  return signInAtProvider(res.json().result.authorization_url, as);
}

const overview = async (customer: TestCustomer) =>
  (await call(app, '/v2/customer', { token: customer.access_token })).json().result;

const attemptsOf = (customerId: string) =>
  db.select().from(verificationAttempts).where(eq(verificationAttempts.customerId, customerId));

const requestsOf = (customerId: string) =>
  db.select().from(connectIdRequests).where(eq(connectIdRequests.customerId, customerId));

const verifiedEvents = (customerId: string) =>
  db
    .select()
    .from(outboxEvents)
    .where(and(eq(outboxEvents.type, 'customer.verified'), eq(outboxEvents.aggregateId, customerId)));

/** What a refusal must leave as it was: attempts, the sign-ins' use, verification. */
async function snapshot(customer: TestCustomer) {
  const view = await overview(customer);
  return {
    attempts: (await attemptsOf(customer.id)).length,
    used: (await requestsOf(customer.id)).filter((r) => r.usedAt !== null).length,
    verified: view.is_verified,
  };
}

describe('POST /v2/customer/verification/connectid', () => {
  it('answers the provider’s sign-in address: code flow with PKCE (S256), state and nonce kept for this customer', async () => {
    const customer = await casey();
    const before = await overview(customer);
    expect(before.verification.methods).toContainEqual({ type: 'connect_id', status: 'not_attempted' });

    const res = await start(customer);
    expect(res.statusCode).toBe(200);
    const { authorization_url: address, expires_at: expiresAt } = res.json().result;
    const url = new URL(address);
    expect(url.origin).toBe(sandbox.issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid profile address');
    const [request] = await requestsOf(customer.id);
    expect(request).toMatchObject({
      state: url.searchParams.get('state'),
      nonce: url.searchParams.get('nonce'),
    });
    // The verifier stays here; only its challenge travels.
    expect(address).not.toContain(request?.codeVerifier);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(request?.usedAt).toBeNull();
  });
});

describe('POST /v2/customer/verification/connectid/callback with the sandbox identities', () => {
  it('Casey Connect: verified through the provider; the customer told once; the method closed', async () => {
    const customer = await casey();
    const params = await signIn(customer, 'casey-connect');
    expect(params.get('iss')).toBe(sandbox.issuer);

    const res = await callback(customer, params);
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({ outcome: 'verified', reason: null, is_verified: true });
    const [attempt] = await attemptsOf(customer.id);
    expect(attempt).toMatchObject({
      method: 'connect_id',
      status: 'completed',
      outcome: 'verified',
      sources: [{ source: 'connectid', name: true, dateOfBirth: true, address: true }],
    });
    expect(attempt?.providerReference).toMatch(/^connectid:sandbox-casey-connect$/);
    expect(await verifiedEvents(customer.id)).toHaveLength(1);
    const after = await overview(customer);
    expect(after.is_verified).toBe(true);
    expect(after.verification.methods).toContainEqual({ type: 'connect_id', status: 'disabled' });

    await drainOutbox(app);
    const mails = mailOf(app)
      .messages()
      .filter((m) => m.to.includes(customer.email.toLowerCase()) && m.subject === 'Your account is verified');
    expect(mails).toHaveLength(1);

    // A verified customer has nothing to start.
    const again = await start(customer);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_verified');
  });

  it('typed details that are the account’s verify too', async () => {
    const customer = await newCustomer(app, { lastname: 'Typed' });
    const params = await signIn(customer, {
      typed: {
        given_name: 'Jane',
        family_name: 'Typed',
        birthdate: '1990-05-17',
        street_address: 'Level 3, 1 George Street',
        locality: 'Sydney',
        region: 'NSW',
        postal_code: '2000',
      },
    });
    expect((await callback(customer, params)).json().result.outcome).toBe('verified');
  });

  it('Casey Connect born 2012: attempted, under age, nothing lifted', async () => {
    const customer = await casey();
    const res = await callback(customer, await signIn(customer, 'casey-under-18'));
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      outcome: 'not_verified',
      reason: 'under_age',
      is_verified: false,
    });
    expect(res.json().result.message).toMatch(/18 or older/);
    const [attempt] = await attemptsOf(customer.id);
    expect(attempt).toMatchObject({ method: 'connect_id', outcome: 'not_verified', reason: 'under_age' });
    expect(await verifiedEvents(customer.id)).toHaveLength(0);
    expect((await overview(customer)).verification.methods).toContainEqual({
      type: 'connect_id',
      status: 'attempted',
    });
  });

  it('Morgan Other: another name, attempted with no match', async () => {
    const customer = await casey();
    const res = await callback(customer, await signIn(customer, 'morgan-other'));
    expect(res.json().result).toMatchObject({
      outcome: 'not_verified',
      reason: 'no_match',
      is_verified: false,
    });
    const [attempt] = await attemptsOf(customer.id);
    expect(attempt?.sources).toEqual([
      { source: 'connectid', name: false, dateOfBirth: true, address: true },
    ]);
  });

  it('details the bank has not verified match nothing', async () => {
    const customer = await casey();
    const res = await callback(customer, await signIn(customer, 'casey-unverified'));
    expect(res.json().result).toMatchObject({ outcome: 'not_verified', reason: 'no_match' });
  });
});

describe('the daily limit, shared with the other checks', () => {
  it('refuses to start once the customer has used their checks for the day', async () => {
    const limited = await getTestApp({ verification: { ...sandbox.verification, attemptsPerDay: 1 } });
    const customer = await newCustomer(limited, { firstname: 'Casey', lastname: 'Connect' });
    const started = async () =>
      call(limited, '/v2/customer/verification/connectid', { token: customer.access_token, body: {} });
    const first = await started();
    const params = await signInAtProvider(first.json().result.authorization_url, 'morgan-other');
    const answered = await call(limited, '/v2/customer/verification/connectid/callback', {
      token: customer.access_token,
      body: Object.fromEntries(params),
    });
    expect(answered.json().result.outcome).toBe('not_verified');

    const again = await started();
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('verification_attempts_exceeded');
    expect(await requestsOf(customer.id)).toHaveLength(1);
  });
});

describe('sign-ins left open', () => {
  it('at most ten at once: the eleventh is refused until one is used or expires', async () => {
    const customer = await casey();
    for (let i = 0; i < 10; i += 1) expect((await start(customer)).statusCode).toBe(200);
    const refused = await start(customer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('connectid_too_many_sign_ins');
    expect(await requestsOf(customer.id)).toHaveLength(10);

    await db
      .update(connectIdRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(connectIdRequests.customerId, customer.id));
    expect((await start(customer)).statusCode).toBe(200);
  });
});

describe('answers that are refused, with nothing changed', () => {
  it('a wrong state', async () => {
    const customer = await casey();
    const params = await signIn(customer, 'casey-connect');
    const before = await snapshot(customer);

    const res = await callback(customer, { ...Object.fromEntries(params), state: 'not-a-state-we-sent' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ status: 400, code: 'connectid_state_invalid' });
    expect(res.json().error.message).toMatch(/does not belong to a sign-in you started/);
    expect(await snapshot(customer)).toEqual(before);

    // The real answer still goes through.
    expect((await callback(customer, params)).json().result.outcome).toBe('verified');
  });

  it('a replayed answer (the same code and state again)', async () => {
    const customer = await casey();
    const params = await signIn(customer, 'morgan-other');
    expect((await callback(customer, params)).statusCode).toBe(200);
    const before = await snapshot(customer);
    expect(before).toEqual({ attempts: 1, used: 1, verified: false });

    const res = await callback(customer, params);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('connectid_state_used');
    expect(await snapshot(customer)).toEqual(before);
  });

  it('a replayed code with a new sign-in’s state: the provider refuses it', async () => {
    const customer = await casey();
    const first = await signIn(customer, 'morgan-other');
    expect((await callback(customer, first)).statusCode).toBe(200);
    const fresh = new URL((await start(customer)).json().result.authorization_url).searchParams.get('state');
    const before = await snapshot(customer);

    const res = await callback(customer, { ...Object.fromEntries(first), state: String(fresh) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('connectid_refused');
    expect(await snapshot(customer)).toEqual(before);
  });

  it('another customer’s answer', async () => {
    const owner = await casey();
    const other = await casey();
    const params = await signIn(owner, 'casey-connect');
    const ownerBefore = await snapshot(owner);
    const otherBefore = await snapshot(other);

    const res = await callback(other, params);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('connectid_state_invalid');
    expect(await snapshot(other)).toEqual(otherBefore);
    expect(await snapshot(owner)).toEqual(ownerBefore);

    // It stays the owner's to use.
    expect((await callback(owner, params)).json().result.outcome).toBe('verified');
  });

  it('an answer after the sign-in expired', async () => {
    const customer = await casey();
    const params = await signIn(customer, 'casey-connect');
    await db
      .update(connectIdRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(connectIdRequests.customerId, customer.id));
    const before = await snapshot(customer);
    const res = await callback(customer, params);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('connectid_state_expired');
    expect(await snapshot(customer)).toEqual(before);
  });

  it('an answer naming another issuer', async () => {
    const customer = await casey();
    const params = await signIn(customer, 'casey-connect');
    const before = await snapshot(customer);
    const res = await callback(customer, { ...Object.fromEntries(params), iss: 'https://idp.example.test' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('connectid_refused');
    expect(await snapshot(customer)).toEqual(before);
  });

  it('the customer cancelling at the provider', async () => {
    const customer = await casey();
    const params = await signIn(customer, 'cancel');
    expect(params.get('error')).toBe('access_denied');
    const before = await snapshot(customer);
    const res = await callback(customer, {
      state: String(params.get('state')),
      iss: String(params.get('iss')),
      error: String(params.get('error')),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('connectid_cancelled');
    expect(await snapshot(customer)).toEqual(before);
  });

  it('a callback without signing in', async () => {
    const res = await call(app, '/v2/customer/verification/connectid/callback', { body: { state: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});
