/**
 * Apple and Google sign-in settings. APPLE_SIGN_IN and GOOGLE_SIGN_IN: `none` (the default: off),
 * `sandbox` (the local provider `npm start` runs, apps/api/src/sandboxes/social-provider.server.ts,
 * at APPLE_ISSUER / GOOGLE_ISSUER, by default http://localhost:4501 and :4502, with its built-in
 * client) or `provider` (a real one: <P>_ISSUER, <P>_CLIENT_ID and <P>_CLIENT_SECRET; for Apple the
 * secret is the client secret JWT Apple's developer account issues).
 */
import type { SocialProviderName } from '@drawhouse/domain';

export type SocialProviderConfig = {
  mode: 'sandbox' | 'provider';
  issuer: string;
  clientId: string;
  clientSecret: string;
};

export type SocialSignInConfig = Record<SocialProviderName, SocialProviderConfig | null>;

/** The sandbox providers' built-in clients: public, refused in production. */
export const SANDBOX_SOCIAL_CLIENTS = {
  apple: { clientId: 'drawhouse-apple-sandbox', clientSecret: 'apple-sandbox-secret-not-for-production' },
  google: { clientId: 'drawhouse-google-sandbox', clientSecret: 'google-sandbox-secret-not-for-production' },
} as const;

export const SANDBOX_SOCIAL_PORTS = { apple: 4501, google: 4502 } as const;

/**
 * Where a provider sends the browser back: the storefront's landing page of that provider,
 * `/social-authentication/{provider}`, which posts the answer on.
 */
export const SOCIAL_CALLBACK_PATH = '/social-authentication';

export function socialCallbackUri(webBaseUrl: string, provider: SocialProviderName): string {
  return `${webBaseUrl}${SOCIAL_CALLBACK_PATH}/${provider}`;
}

function providerOf(env: NodeJS.ProcessEnv, provider: SocialProviderName): SocialProviderConfig | null {
  const P = provider.toUpperCase();
  const mode = env[`${P}_SIGN_IN`] ?? 'none';
  if (mode === 'none') return null;
  const issuer = env[`${P}_ISSUER`] ?? '';
  if (mode === 'sandbox') {
    return {
      mode,
      issuer: issuer || `http://localhost:${SANDBOX_SOCIAL_PORTS[provider]}`,
      ...SANDBOX_SOCIAL_CLIENTS[provider],
    };
  }
  if (mode !== 'provider') throw new Error(`${P}_SIGN_IN must be none, sandbox or provider, got "${mode}"`);
  const clientId = env[`${P}_CLIENT_ID`] ?? '';
  const clientSecret = env[`${P}_CLIENT_SECRET`] ?? '';
  if (!/^https:\/\//.test(issuer) || !clientId || !clientSecret) {
    throw new Error(
      `${P}_SIGN_IN=provider needs ${P}_ISSUER (an https address), ${P}_CLIENT_ID and ${P}_CLIENT_SECRET`,
    );
  }
  return { mode, issuer, clientId, clientSecret };
}

export function loadSocialSignInConfig(env: NodeJS.ProcessEnv): SocialSignInConfig {
  return { apple: providerOf(env, 'apple'), google: providerOf(env, 'google') };
}

/** The sandbox providers sign anyone in as anyone: never in production. */
export function socialSignInProductionProblems(config: SocialSignInConfig): string[] {
  return (['apple', 'google'] as const)
    .filter((p) => config[p]?.mode === 'sandbox')
    .map(
      (p) =>
        `${p.toUpperCase()}_SIGN_IN must not be sandbox in production: the sandbox provider signs the tester in as anyone, with a client secret published in this repository. Set ${p.toUpperCase()}_SIGN_IN=provider with the real provider, or none.`,
    );
}
