/**
 * What the API's OpenID Connect clients (ConnectID, Apple, Google) share, through openid-client:
 * discovery once per client (again after a failure), the sign-in address (authorization code with
 * PKCE S256, state and nonce), and the provider's answer as a callback page passed it on.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import * as oidc from 'openid-client';

export type OidcClientSettings = { issuer: string; clientId: string; clientSecret: string };
export type OidcChecks = { state: string; nonce: string; codeVerifier: string };

/** Discovery of the provider, kept once it succeeds; `unavailable` makes the error to throw. */
export function oidcConfiguration(
  settings: OidcClientSettings,
  unavailable: (error: unknown) => Error,
): () => Promise<oidc.Configuration> {
  let discovered: Promise<oidc.Configuration> | undefined;
  // A local sandbox is plain http; a real provider's config requires https.
  const insecure = new URL(settings.issuer).protocol === 'http:';
  return () => {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw unavailable(error);
      });
    return discovered;
  };
}

export async function oidcAuthorizationUrl(
  configuration: oidc.Configuration,
  redirectUri: string,
  scope: string,
  { state, nonce, codeVerifier }: OidcChecks,
  /** More parameters of the provider's (Apple's `response_mode=form_post`). */
  extra: Record<string, string> = {},
): Promise<string> {
  return oidc.buildAuthorizationUrl(configuration, {
    ...extra,
    redirect_uri: redirectUri,
    scope,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }).href;
}

/** The provider's answer (its query) as the storefront's callback page posted it. */
export function oidcAnswerParams(body: {
  state: string;
  code?: string | undefined;
  iss?: string | undefined;
  error?: string | undefined;
  errorDescription?: string | undefined;
}): URLSearchParams {
  const params = new URLSearchParams({ state: body.state });
  if (body.code !== undefined) params.set('code', body.code);
  if (body.iss !== undefined) params.set('iss', body.iss);
  if (body.error !== undefined) params.set('error', body.error);
  if (body.errorDescription !== undefined) params.set('error_description', body.errorDescription);
  return params;
}

/** Fresh state, nonce and PKCE verifier for a sign-in at the provider. */
export function oidcChecks(): OidcChecks {
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
}

/**
 * Exchanges the answer's code (PKCE verifier, expected state and nonce, an ID token required):
 * openid-client checks the state and the ID token's issuer, audience and nonce. It does not check
 * the ID token's signature (OpenID Connect lets a client trust the TLS of the token endpoint
 * instead); `verifySignature` does.
 */
function oidcCodeGrant(
  configuration: oidc.Configuration,
  redirectUri: string,
  params: URLSearchParams,
  { state, nonce, codeVerifier }: OidcChecks,
) {
  const current = new URL(redirectUri);
  current.search = params.toString();
  return oidc.authorizationCodeGrant(configuration, current, {
    pkceCodeVerifier: codeVerifier,
    expectedState: state,
    expectedNonce: nonce,
    idTokenExpected: true,
  });
}

/** The provider's published signing keys, fetched once per configuration and again on a new key id. */
const keySets = new WeakMap<oidc.Configuration, ReturnType<typeof createRemoteJWKSet>>();

function providerKeys(configuration: oidc.Configuration): ReturnType<typeof createRemoteJWKSet> {
  let keys = keySets.get(configuration);
  if (!keys) {
    const uri = configuration.serverMetadata().jwks_uri;
    if (!uri) throw new Error('the provider publishes no jwks_uri');
    keys = createRemoteJWKSet(new URL(uri));
    keySets.set(configuration, keys);
  }
  return keys;
}

/**
 * Whether the ID token is signed by one of the provider's published keys (and names it as issuer
 * and this client as audience). A key set that cannot be fetched is thrown, not refused.
 */
async function verifySignature(configuration: oidc.Configuration, idToken: string): Promise<boolean> {
  try {
    await jwtVerify(idToken, providerKeys(configuration), {
      issuer: configuration.serverMetadata().issuer,
      audience: configuration.clientMetadata().client_id,
    });
    return true;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) return false;
    throw error;
  }
}

/**
 * Why an answer gave no ID token: the person cancelled at the provider (`cancelled`), the provider
 * answered another error or an ID token that does not check out (`declined`), or the token call
 * refused the code, used or expired (`spent`).
 */
export type OidcRefusal = 'cancelled' | 'declined' | 'spent';

/**
 * The ID token's claims of the provider's answer (oidcCodeGrant), or why the person or the provider
 * said no. Anything else (the network, a broken provider) is thrown for the caller to name.
 */
export async function oidcIdClaims(
  configuration: oidc.Configuration,
  redirectUri: string,
  params: URLSearchParams,
  checks: OidcChecks,
): Promise<{ claims: oidc.IDToken | undefined } | { refusal: OidcRefusal }> {
  try {
    const tokens = await oidcCodeGrant(configuration, redirectUri, params, checks);
    if (tokens.id_token && !(await verifySignature(configuration, tokens.id_token))) {
      return { refusal: 'declined' };
    }
    return { claims: tokens.claims() };
  } catch (error) {
    if (error instanceof oidc.AuthorizationResponseError) {
      return { refusal: error.error === 'access_denied' ? 'cancelled' : 'declined' };
    }
    if (error instanceof oidc.ResponseBodyError) return { refusal: 'spent' };
    // openid-client's own checks of the answer (issuer, audience, nonce, state) failed.
    if (error instanceof oidc.ClientError) return { refusal: 'declined' };
    throw error;
  }
}
