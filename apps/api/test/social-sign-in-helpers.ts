/**
 * The sandbox Apple and Google providers in the test's process on free ports (closed after the
 * file's tests), the config that uses them, and a tester's sign-in at one of them.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import { testConfig } from '../src/config.ts';
import {
  SANDBOX_SOCIAL_CLIENTS,
  SOCIAL_CALLBACK_PATH,
  type SocialSignInConfig,
  socialCallbackUri,
} from '../src/modules/accounts/social-sign-in/social-sign-in.config.ts';
import { startSocialProvider } from '../src/sandboxes/social-provider.server.ts';
import { call } from './accounts-helpers.ts';
import { signInAtProvider } from './connectid-helpers.ts';

export type Provider = 'apple' | 'google';

/** A client of the providers other than the shop: a code issued to it is not the shop's. */
export const OTHER_CLIENT = { clientId: 'someone-else', clientSecret: 'someone-else-secret' };

export async function socialSandbox(): Promise<SocialSignInConfig> {
  const web = testConfig().webBaseUrl;
  const config: SocialSignInConfig = { apple: null, google: null };
  for (const provider of ['apple', 'google'] as const) {
    const redirectUris = [socialCallbackUri(web, provider)];
    const running = await startSocialProvider({
      provider,
      port: 0,
      clients: [
        { ...SANDBOX_SOCIAL_CLIENTS[provider], redirectUris },
        { ...OTHER_CLIENT, redirectUris },
      ],
    });
    afterAll(() => running.close());
    config[provider] = { mode: 'sandbox', issuer: running.issuer, ...SANDBOX_SOCIAL_CLIENTS[provider] };
  }
  return config;
}

/** Who to be at the provider: a test identity's key, or a typed account. */
export type AtSocialProvider =
  | string
  | { typed: { sub: string; email: string; given_name: string; family_name: string } };

export async function startAt(
  app: FastifyInstance,
  provider: Provider,
  options: { token?: string; intent?: 'sign_in' | 'link' } = {},
): Promise<URL> {
  const res = await call(app, `/v2/social-authentication/${provider}/start`, {
    body: { intent: options.intent ?? 'sign_in' },
    ...(options.token ? { token: options.token } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().result.authorization_url);
}

/** Goes through the provider from `url`: the query the provider sends the browser back with. */
export function atProvider(url: URL, as: AtSocialProvider): Promise<URLSearchParams> {
  return signInAtProvider(url.href, typeof as === 'string' ? as : { typed: as.typed }, SOCIAL_CALLBACK_PATH);
}

export function callback(app: FastifyInstance, provider: Provider, params: URLSearchParams, token?: string) {
  const body = Object.fromEntries(params);
  return call(app, `/v2/social-authentication/${provider}/callback`, { body, ...(token ? { token } : {}) });
}

/** Start, provider, callback: the shop's answer. */
export async function signInWith(
  app: FastifyInstance,
  provider: Provider,
  as: AtSocialProvider,
  options: { token?: string; intent?: 'sign_in' | 'link' } = {},
) {
  const params = await atProvider(await startAt(app, provider, options), as);
  return callback(app, provider, params, options.token);
}
