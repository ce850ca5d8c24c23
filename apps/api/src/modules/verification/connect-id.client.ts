/**
 * ConnectID through openid-client: the provider's sign-in address (authorization code with PKCE,
 * state and nonce) and the exchange of the code it sends back, which checks the state, the issuer
 * (`iss`), the ID token's signature, audience and nonce. What the provider shared comes from the ID
 * token: details under `verified_claims` are the ones it vouches for; loose ones are unverified.
 * Network calls: never with a transaction open.
 */
import type { SharedIdentity } from '@drawhouse/domain';
import { z } from 'zod';
import {
  type OidcRefusal,
  oidcAuthorizationUrl,
  oidcConfiguration,
  oidcIdClaims,
} from '../../http/oidc-client.ts';
import type { ConnectIdConfig } from './verification.config.ts';

const SCOPE = 'openid profile address';

const AddressClaimSchema = z.object({
  street_address: z.string(),
  locality: z.string(),
  region: z.string(),
  postal_code: z.string(),
  country: z.string().optional(),
});
const DetailsSchema = z.object({
  given_name: z.string(),
  family_name: z.string(),
  birthdate: z.string(),
  address: AddressClaimSchema.optional(),
});
const VerifiedSchema = z.object({
  verified_claims: z.object({
    verification: z.object({ trust_framework: z.string().min(1) }),
    claims: DetailsSchema,
  }),
});

/** The provider did not answer, or answered what a provider must not: the customer starts again. */
export class ConnectIdUnavailable extends Error {}
/** The provider (or the customer at it) refused the sign-in, or its answer did not check out. */
export class ConnectIdRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The details an ID token shares; null when it shares none. */
export function sharedIdentityOf(claims: Record<string, unknown>): SharedIdentity | null {
  const verified = VerifiedSchema.safeParse(claims);
  const details = verified.success
    ? verified.data.verified_claims.claims
    : DetailsSchema.safeParse(claims).data;
  if (!details) return null;
  const a = details.address;
  return {
    givenName: details.given_name,
    familyName: details.family_name,
    birthdate: details.birthdate,
    address: a
      ? {
          streetAddress: a.street_address,
          locality: a.locality,
          region: a.region,
          postalCode: a.postal_code,
          country: a.country ?? '',
        }
      : null,
    verified: verified.success,
  };
}

export type ConnectIdClient = {
  authorizationUrl(checks: { state: string; nonce: string; codeVerifier: string }): Promise<string>;
  /** The ID token's shared details and its `txn` (or `sub`), after every check of the answer. */
  exchange(answer: {
    params: URLSearchParams;
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<{ identity: SharedIdentity | null; reference: string }>;
};

const REFUSALS: Record<OidcRefusal, () => ConnectIdRefused> = {
  cancelled: () =>
    new ConnectIdRefused(
      'connectid_cancelled',
      'You did not share your details with us, so nothing was checked. You can start again whenever you like.',
    ),
  declined: () =>
    new ConnectIdRefused(
      'connectid_refused',
      'Your identity provider did not complete the sign-in. Please start again.',
    ),
  spent: () =>
    new ConnectIdRefused(
      'connectid_refused',
      'This ConnectID sign-in could not be completed (it may have been used already or have expired). Please start again.',
    ),
};

export function connectIdClient(config: ConnectIdConfig, redirectUri: string): ConnectIdClient {
  const configuration = oidcConfiguration(
    config,
    (error) => new ConnectIdUnavailable(`ConnectID discovery failed: ${String(error)}`),
  );

  return {
    async authorizationUrl(checks) {
      return oidcAuthorizationUrl(await configuration(), redirectUri, SCOPE, checks);
    },

    async exchange({ params, state, nonce, codeVerifier }) {
      const answer = await oidcIdClaims(await configuration(), redirectUri, params, {
        state,
        nonce,
        codeVerifier,
      }).catch((error: unknown) => {
        throw new ConnectIdUnavailable(`ConnectID token exchange failed: ${String(error)}`);
      });
      if ('refusal' in answer) throw REFUSALS[answer.refusal]();
      const { claims } = answer;
      if (!claims) throw new ConnectIdUnavailable('ConnectID answered no ID token');
      const reference = typeof claims.txn === 'string' ? claims.txn : claims.sub;
      return { identity: sharedIdentityOf(claims), reference: `connectid:${reference}` };
    },
  };
}
