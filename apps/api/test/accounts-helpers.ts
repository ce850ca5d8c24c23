/** Helpers of the accounts tests: unique customers, signed calls from a chosen visitor address. */
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { mailOf, signedHeaders } from './helpers.ts';

export const PASSWORD = 'correct horse battery staple';

/** A visitor address of its own, so per-address rate limits of one test never touch another. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export function signupBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: `${randomUUID()}@example.com`,
    password: PASSWORD,
    firstname: 'Jane',
    lastname: 'Citizen',
    date_of_birth: '1990-05-17',
    phone: '0412 345 678',
    address: {
      address: '1 George St',
      address_line_2: 'Level 3',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
      country: 'AU',
    },
    accept_terms: true,
    email_opt_in: false,
    attribution: { utm_source: 'test' },
    metadata: { platform: 'Web' },
    ...overrides,
  };
}

type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
};

/** A request as the storefront's server sends it: signed, with the visitor's address forwarded. */
export function call(
  app: FastifyInstance,
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    ...signedHeaders(options.token ?? ''),
    'x-forwarded-for': options.ip ?? randomIp(),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  };
  return app.inject({
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
}

export type LoginResult = {
  access_token: string;
  refresh_token: string;
  device_uuid: string;
  fingerprint: string;
  customer: { customer_id: string; email: string; two_factor_enabled: boolean } & Record<string, unknown>;
};

export type TestCustomer = LoginResult & { email: string; password: string; id: string };

/** Signs a new customer up and returns the login result with the email and password. */
export async function newCustomer(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<TestCustomer> {
  const body = signupBody(overrides);
  const res = await call(app, '/v2/signup', { body });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const result = res.json().result as LoginResult;
  return {
    ...result,
    email: String(body.email),
    password: String(body.password),
    id: result.customer.customer_id,
  };
}

export async function login(
  app: FastifyInstance,
  body: { email: string; password: string; fingerprint?: string },
  ip?: string,
): Promise<LightMyRequestResponse> {
  return call(app, '/v2/login', { body, ...(ip ? { ip } : {}) });
}

/** The challenge id of a 2fa_required or login_throttled answer. */
export function challengeOf(res: LightMyRequestResponse): string {
  const id = res.json().result?.challenge_id;
  if (typeof id !== 'string') throw new Error(`no challenge: ${res.statusCode} ${res.body}`);
  return id;
}

/** The code step of a sign-in (POST /v2/login/code): the challenge id, the code, the same device. */
export async function sendCode(
  app: FastifyInstance,
  challengeId: string,
  otp?: string,
  device: { fingerprint?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return call(app, '/v2/login/code', {
    body: {
      challenge_id: challengeId,
      ...(otp !== undefined ? { otp } : {}),
      ...(device.fingerprint ? { fingerprint: device.fingerprint } : {}),
    },
    ...(device.headers ? { headers: device.headers } : {}),
  });
}

/**
 * Signs in with the password, then sends `otp` with the challenge id it answered; an answer without
 * a challenge (signed in, refused, locked) comes back as it is.
 */
export async function loginWithCode(
  app: FastifyInstance,
  body: { email: string; password: string; fingerprint?: string },
  otp: string,
): Promise<LightMyRequestResponse> {
  const asked = await login(app, body);
  if (typeof asked.json().result?.challenge_id !== 'string') return asked;
  return sendCode(app, challengeOf(asked), otp, body.fingerprint ? { fingerprint: body.fingerprint } : {});
}

/** The 6-digit code of the first code mail to `email` that arrives after `action` starts. */
export async function codeAfter(
  app: FastifyInstance,
  email: string,
  action: () => Promise<unknown>,
): Promise<string> {
  const catcher = mailOf(app);
  const seen = new Set(catcher.messages().map((m) => m.id));
  await action();
  const until = Date.now() + 5000;
  for (;;) {
    const mail = catcher
      .messages()
      .find((m) => !seen.has(m.id) && m.to.includes(email.toLowerCase()) && /code is/.test(m.subject));
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (code) return code;
    if (Date.now() > until) throw new Error(`no code mail to ${email}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Steps a session up with an email code; returns the elevated access token. */
export async function elevateByEmail(app: FastifyInstance, token: string, email: string): Promise<string> {
  const otp = await codeAfter(app, email, async () => {
    const sent = await call(app, '/v2/customer/elevate/email', { method: 'POST', token });
    if (sent.statusCode !== 200) throw new Error(`elevate/email: ${sent.statusCode} ${sent.body}`);
  });
  const res = await call(app, '/v2/customer/elevate', { body: { otp }, token });
  if (res.statusCode !== 200) throw new Error(`elevate: ${res.statusCode} ${res.body}`);
  return res.json().result.access_token as string;
}

/** The code of an authenticator secret (base32) now, or `offsetSteps` periods away. */
export function totpCode(secret: string, offsetSteps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });
}

/**
 * A new customer with the authenticator turned on (stepped up by email first, set up with the previous
 * period's code, so a sign-in can use the current one).
 */
export async function withAuthenticator(
  app: FastifyInstance,
): Promise<TestCustomer & { secret: string; elevatedToken: string }> {
  const c = await newCustomer(app);
  const elevatedToken = await elevateByEmail(app, c.access_token, c.email);
  const started = await call(app, '/v2/customer/two-factor-auth/authenticator', {
    method: 'POST',
    token: elevatedToken,
  });
  if (started.statusCode !== 200) throw new Error(`authenticator: ${started.statusCode} ${started.body}`);
  const { secret } = started.json().result;
  const confirmed = await call(app, '/v2/customer/two-factor-auth/authenticator', {
    method: 'PUT',
    token: elevatedToken,
    body: { otp: totpCode(secret, -1) },
  });
  if (confirmed.statusCode !== 200) throw new Error(confirmed.body);
  return { ...c, secret, elevatedToken };
}
