/**
 * Apple and Google sign-in (/v2/social-authentication) through the sandbox providers, real OpenID
 * providers in this process: join, sign in, link after the password, link and unlink from the
 * account, and every answer that must be refused (a wrong state, a replayed code, a code issued to
 * another client, a nonce that is not the one sent, someone else's sign-in) with nothing changed.
 */
import { randomUUID } from 'node:crypto';
import { customers, eq, outboxEvents, socialIdentities, socialSignInRequests } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  call,
  elevateByEmail,
  login,
  newCustomer,
  signupBody,
  type TestCustomer,
  withAuthenticator,
} from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import {
  atProvider,
  callback,
  OTHER_CLIENT,
  type Provider,
  signInWith,
  socialSandbox,
  startAt,
} from './social-sign-in-helpers.ts';

const app: FastifyInstance = await getTestApp({ socialSignIn: await socialSandbox() });
const { db } = getTestDb();

const typed = (
  email = `${randomUUID()}@example.com`,
  names = { given_name: 'Robin', family_name: 'Reed' },
) => ({
  typed: { sub: randomUUID(), email, ...names },
});

const linksOf = (customerId: string) =>
  db.select().from(socialIdentities).where(eq(socialIdentities.customerId, customerId));

/** The sign-up fields a join sends: the usual ones but email and password. */
function joinBody(pendingToken: string, overrides: Record<string, unknown> = {}) {
  const { email: _e, password: _p, attribution: _a, metadata: _m, ...rest } = signupBody();
  return { ...rest, pending_token: pendingToken, ...overrides };
}

/** A customer who joined with the provider (no password). */
async function joined(provider: Provider, as = typed()) {
  const answer = await signInWith(app, provider, as);
  expect(answer.statusCode, answer.body).toBe(200);
  const res = await call(app, '/v2/social-authentication/join', {
    body: joinBody(answer.json().result.pending_token),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { as, login: res.json().result };
}

async function linkFor(customer: TestCustomer, provider: Provider, as: ReturnType<typeof typed>) {
  const token = await elevateByEmail(app, customer.access_token, customer.email);
  const res = await signInWith(app, provider, as, { token, intent: 'link' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().result).toEqual({ outcome: 'linked', provider });
  return token;
}

describe('POST /v2/social-authentication/{provider}/start', () => {
  it('answers the provider’s address: code flow with PKCE (S256), state and nonce kept here', async () => {
    const url = await startAt(app, 'google');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const [request] = await db
      .select()
      .from(socialSignInRequests)
      .where(eq(socialSignInRequests.state, url.searchParams.get('state') ?? ''));
    expect(request).toMatchObject({
      provider: 'google',
      intent: 'sign_in',
      nonce: url.searchParams.get('nonce'),
    });
    expect(url.href).not.toContain(request?.codeVerifier);
  });

  it('refuses a link without a signed-in, stepped-up customer', async () => {
    const anonymous = await call(app, '/v2/social-authentication/apple/start', { body: { intent: 'link' } });
    expect(anonymous.statusCode).toBe(401);
    const customer = await newCustomer(app);
    const res = await call(app, '/v2/social-authentication/apple/start', {
      body: { intent: 'link' },
      token: customer.access_token,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('REQUIRED');
  });

  it('refuses a provider it does not know', async () => {
    const res = await call(app, '/v2/social-authentication/myspace/start', { body: {} });
    expect(res.statusCode).toBe(400);
  });
});

describe('joining and signing in', () => {
  it('joins with Apple and its relay email: the details prefilled, no password, then signs in by Apple', async () => {
    const relay = `${randomUUID().slice(0, 8)}@privaterelay.appleid.com`;
    const as = typed(relay, { given_name: 'Avery', family_name: 'Apple' });
    const answer = await signInWith(app, 'apple', as);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json().result;
    expect(result).toMatchObject({
      outcome: 'join_required',
      profile: {
        provider: 'apple',
        email: relay,
        is_private_email: true,
        firstname: 'Avery',
        lastname: 'Apple',
      },
    });

    // The sign-up rules apply: 18+ and the rest.
    const young = await call(app, '/v2/social-authentication/join', {
      body: joinBody(result.pending_token, { date_of_birth: '2015-01-01' }),
    });
    expect(young.statusCode).toBe(400);
    expect(young.json().errors.date_of_birth).toBeDefined();

    const res = await call(app, '/v2/social-authentication/join', { body: joinBody(result.pending_token) });
    expect(res.statusCode, res.body).toBe(201);
    const joinedLogin = res.json().result;
    expect(joinedLogin.customer.email).toBe(relay);
    // The pending answer is used once.
    const again = await call(app, '/v2/social-authentication/join', { body: joinBody(result.pending_token) });
    expect(again.statusCode).toBe(400);

    const list = await call(app, '/v2/social-authentication', { token: joinedLogin.access_token });
    expect(list.json().result).toMatchObject({
      has_password: false,
      identities: [{ provider: 'apple', email: relay }],
    });

    // Apple shares the name only the first time; the subject signs the same customer in.
    const back = await signInWith(app, 'apple', as);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().result.outcome).toBe('signed_in');
    expect(back.json().result.login.customer.customer_id).toBe(joinedLogin.customer.customer_id);
  });

  it('signs in with Google as a password sign-in does: the second factor first when it is on', async () => {
    const customer = await withAuthenticator(app);
    const as = typed();
    const linked = await signInWith(app, 'google', as, { token: customer.elevatedToken, intent: 'link' });
    expect(linked.json().result).toEqual({ outcome: 'linked', provider: 'google' });

    const res = await signInWith(app, 'google', as);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('2fa_required');
    expect(res.json().result.challenge_id).toEqual(expect.any(String));
  });

  it('refuses an account on hold, as a password sign-in does', async () => {
    const customer = await newCustomer(app);
    const as = typed();
    await linkFor(customer, 'google', as);
    await db.update(customers).set({ status: 'locked' }).where(eq(customers.id, customer.id));
    const res = await signInWith(app, 'google', as);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('account_on_hold');
  });
});

describe('an email that belongs to an account', () => {
  it('neither signs in nor links; the password sign-in in the same flow links', async () => {
    const customer = await newCustomer(app);
    const as = typed(customer.email);
    const answer = await signInWith(app, 'google', as);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json().result;
    expect(result.outcome).toBe('account_exists');
    expect(result.login).toBeUndefined();
    expect(await linksOf(customer.id)).toEqual([]);

    // Not with a session from before the answer (the attacker's pending token in an old session).
    const old = await call(app, '/v2/social-authentication/link', {
      body: { pending_token: result.pending_token },
      token: customer.access_token,
    });
    expect(old.statusCode).toBe(400);
    // Nor by another customer who signs in.
    const other = await newCustomer(app);
    const otherLogin = (await login(app, { email: other.email, password: other.password })).json().result;
    const stolen = await call(app, '/v2/social-authentication/link', {
      body: { pending_token: result.pending_token },
      token: otherLogin.access_token,
    });
    expect(stolen.statusCode).toBe(400);
    expect(await linksOf(customer.id)).toEqual([]);

    const signedIn = await login(app, { email: customer.email, password: customer.password });
    const res = await call(app, '/v2/social-authentication/link', {
      body: { pending_token: result.pending_token },
      token: signedIn.json().result.access_token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.identities).toMatchObject([{ provider: 'google', email: customer.email }]);

    const next = await signInWith(app, 'google', as);
    expect(next.json().result.login.customer.customer_id).toBe(customer.id);
    const events = await db.select().from(outboxEvents).where(eq(outboxEvents.aggregateId, customer.id));
    expect(events.map((e) => e.type)).toContain('customer.sign_in_provider_changed');
  });
});

describe('answers that are refused', () => {
  it('a state that was never started here', async () => {
    const params = await atProvider(await startAt(app, 'google'), typed());
    params.set('state', 'made-up-state');
    const res = await callback(app, 'google', params);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('social_state_invalid');
  });

  it('a replayed answer', async () => {
    const params = await atProvider(await startAt(app, 'google'), typed());
    expect((await callback(app, 'google', params)).statusCode).toBe(200);
    const res = await callback(app, 'google', params);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('social_state_used');
  });

  it('an answer of one provider posted as the other’s', async () => {
    const params = await atProvider(await startAt(app, 'google'), typed());
    const res = await callback(app, 'apple', params);
    expect(res.statusCode).toBe(400);
  });

  it('a code issued to another client (its ID token is for another audience)', async () => {
    const url = await startAt(app, 'google');
    url.searchParams.set('client_id', OTHER_CLIENT.clientId);
    const params = await atProvider(url, typed());
    const res = await callback(app, 'google', params);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('social_refused');
  });

  it('an ID token whose nonce is not the one sent', async () => {
    const url = await startAt(app, 'apple');
    await db
      .update(socialSignInRequests)
      .set({ nonce: 'another-nonce' })
      .where(eq(socialSignInRequests.state, url.searchParams.get('state') ?? ''));
    const res = await callback(app, 'apple', await atProvider(url, typed()));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('social_refused');
  });

  it('a cancel at the provider', async () => {
    const res = await callback(app, 'google', await atProvider(await startAt(app, 'google'), 'cancel'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('social_cancelled');
  });

  it('a link started by one customer, answered for another', async () => {
    const owner = await newCustomer(app);
    const token = await elevateByEmail(app, owner.access_token, owner.email);
    const params = await atProvider(await startAt(app, 'google', { token, intent: 'link' }), typed());
    const other = await newCustomer(app);
    const res = await callback(app, 'google', params, other.access_token);
    expect(res.statusCode).toBe(400);
    expect(await linksOf(other.id)).toEqual([]);
    expect(await linksOf(owner.id)).toEqual([]);
  });

  it('a link of an account linked to someone else', async () => {
    const as = typed();
    await linkFor(await newCustomer(app), 'google', as);
    const other = await newCustomer(app);
    const token = await elevateByEmail(app, other.access_token, other.email);
    const res = await signInWith(app, 'google', as, { token, intent: 'link' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('social_account_taken');
  });
});

describe('DELETE /v2/social-authentication/{provider}', () => {
  it('needs a recent step-up, unlinks and mails, never the last way to sign in', async () => {
    const { login: joinedLogin } = await joined('apple');
    const email = joinedLogin.customer.email as string;
    const plain = await call(app, '/v2/social-authentication/apple', {
      method: 'DELETE',
      token: joinedLogin.access_token,
    });
    expect(plain.statusCode).toBe(403);
    const token = await elevateByEmail(app, joinedLogin.access_token, email);
    const last = await call(app, '/v2/social-authentication/apple', { method: 'DELETE', token });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('social_last_sign_in_method');

    const google = await signInWith(app, 'google', typed(), { token, intent: 'link' });
    expect(google.json().result.outcome).toBe('linked');
    const res = await call(app, '/v2/social-authentication/apple', { method: 'DELETE', token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.identities.map((i: { provider: string }) => i.provider)).toEqual(['google']);
    const none = await call(app, '/v2/social-authentication/apple', { method: 'DELETE', token });
    expect(none.statusCode).toBe(404);
  });

  it('unlinks only the signed-in customer’s own', async () => {
    const owner = await newCustomer(app);
    await linkFor(owner, 'google', typed());
    const other = await newCustomer(app);
    const token = await elevateByEmail(app, other.access_token, other.email);
    const res = await call(app, '/v2/social-authentication/google', { method: 'DELETE', token });
    expect(res.statusCode).toBe(404);
    expect(await linksOf(owner.id)).toHaveLength(1);
  });
});
