/**
 * Apple and Google through openid-client, as ConnectID is reached (verification/connect-id.client.ts):
 * the provider's sign-in address (authorization code with PKCE, state and nonce) and the exchange of
 * the code it sends back, which checks the state, the issuer, the ID token's signature, audience
 * (our client id) and nonce. Network calls: never with a transaction open.
 */
import type { SocialProfile } from '@drawhouse/db';
import { isPrivateRelayEmail, SOCIAL_PROVIDERS, type SocialProviderName } from '@drawhouse/domain';
import { z } from 'zod';
import { oidcAuthorizationUrl, oidcConfiguration, oidcIdClaims } from '../../../http/oidc-client.ts';
import {
  type SocialProviderConfig,
  type SocialSignInConfig,
  socialCallbackUri,
} from './social-sign-in.config.ts';

const SCOPES: Record<SocialProviderName, string> = {
  apple: 'openid email name',
  google: 'openid email profile',
};

const ClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(320).optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  is_private_email: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  given_name: z.string().max(200).optional(),
  family_name: z.string().max(200).optional(),
});

/** Apple's first-time `user` field: `{"name":{"firstName":"..","lastName":".."},"email":".."}`. */
const AppleUserSchema = z.object({
  name: z
    .object({ firstName: z.string().max(200).optional(), lastName: z.string().max(200).optional() })
    .optional(),
});

export class SocialUnavailable extends Error {}
export class SocialRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const truthy = (v: boolean | string | undefined) => v === true || v === 'true';

/** What an ID token (and Apple's `user` field) shared. */
export function profileOf(claims: Record<string, unknown>, appleUser?: string): SocialProfile {
  const c = ClaimsSchema.parse(claims);
  let user: z.infer<typeof AppleUserSchema> | undefined;
  try {
    user = appleUser ? AppleUserSchema.parse(JSON.parse(appleUser)) : undefined;
  } catch {
    user = undefined; // a malformed `user` field only loses the name to prefill
  }
  const email = c.email?.trim().toLowerCase() || null;
  return {
    subject: c.sub,
    email,
    emailVerified: truthy(c.email_verified),
    isPrivateEmail: truthy(c.is_private_email) || (email !== null && isPrivateRelayEmail(email)),
    firstname: c.given_name ?? user?.name?.firstName ?? null,
    lastname: c.family_name ?? user?.name?.lastName ?? null,
  };
}

export type SocialClient = {
  authorizationUrl(checks: { state: string; nonce: string; codeVerifier: string }): Promise<string>;
  exchange(answer: {
    params: URLSearchParams;
    state: string;
    nonce: string;
    codeVerifier: string;
    appleUser?: string | undefined;
  }): Promise<SocialProfile>;
};

export function socialClient(
  provider: SocialProviderName,
  config: SocialProviderConfig,
  redirectUri: string,
): SocialClient {
  const name = provider === 'apple' ? 'Apple' : 'Google';
  const configuration = oidcConfiguration(
    config,
    (error) => new SocialUnavailable(`${name} discovery failed: ${String(error)}`),
  );

  return {
    async authorizationUrl(checks) {
      // Real Apple shares the email and name only when it answers by a form post; the sandbox redirects.
      const extra: Record<string, string> =
        provider === 'apple' && config.mode === 'provider' ? { response_mode: 'form_post' } : {};
      return oidcAuthorizationUrl(await configuration(), redirectUri, SCOPES[provider], checks, extra);
    },

    async exchange({ params, state, nonce, codeVerifier, appleUser }) {
      const answer = await oidcIdClaims(await configuration(), redirectUri, params, {
        state,
        nonce,
        codeVerifier,
      }).catch((error: unknown) => {
        throw new SocialUnavailable(`${name} token exchange failed: ${String(error)}`);
      });
      if ('refusal' in answer) {
        throw answer.refusal === 'cancelled'
          ? new SocialRefused(
              'social_cancelled',
              `You cancelled signing in with ${name}. Nothing was changed.`,
            )
          : new SocialRefused(
              'social_refused',
              `This ${name} sign-in could not be completed (it may have been used already or have expired). Please start again.`,
            );
      }
      const { claims } = answer;
      if (!claims) throw new SocialUnavailable(`${name} answered no ID token`);
      try {
        return profileOf(claims, appleUser);
      } catch {
        throw new SocialRefused(
          'social_refused',
          `${name} did not share what signing in needs. Please start again.`,
        );
      }
    },
  };
}

/** A client for each provider switched on (social-sign-in.config.ts). */
export function socialClients(
  config: SocialSignInConfig,
  webBaseUrl: string,
): Partial<Record<SocialProviderName, SocialClient>> {
  return Object.fromEntries(
    SOCIAL_PROVIDERS.flatMap((p) => {
      const c = config[p];
      return c ? [[p, socialClient(p, c, socialCallbackUri(webBaseUrl, p))]] : [];
    }),
  );
}
