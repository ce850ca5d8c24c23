/**
 * The sandbox Apple and Google providers: real OpenID providers (oidc-provider), one server each on
 * its own port, so "Continue with Apple" and "Continue with Google" run end to end locally,
 * redirects, PKCE, state, nonce and signed ID tokens included (ADR 081). The sign-in page asks for
 * no password: the tester picks a test identity (social-identities.ts) or types one. Apple shares
 * the name only with the first sign-in of an account (in the ID token here; see social-identities.ts).
 * Never in production: the API refuses APPLE_SIGN_IN=sandbox and GOOGLE_SIGN_IN=sandbox there.
 *
 * `npm start` and the e2e run start both (scripts/serve.ts; APPLE_PORT 4501 and GOOGLE_PORT 4502
 * by default); integration tests start them in-process on free ports.
 */
import type { ServerResponse } from 'node:http';
import {
  finishSandboxSignIn,
  listenSandbox,
  routeSandbox,
  sandboxOidcProvider,
  sendSandboxPage,
} from './connectid-provider.server.ts';
import {
  SOCIAL_SANDBOX_IDENTITIES,
  type SocialSandboxIdentity,
  type SocialSandboxProvider,
  socialClaimsOf,
} from './social-identities.ts';
import { socialLoginPage, type TypedSocialIdentity } from './social-login.page.ts';

export type SandboxClient = { clientId: string; clientSecret: string; redirectUris: string[] };

export type SocialProviderOptions = {
  provider: SocialSandboxProvider;
  /** 0: any free port. */
  port: number;
  host?: string;
  /** `http://localhost:<port>` by default. */
  issuer?: string;
  /** The shop, and any other client (tests register one to get codes issued to someone else). */
  clients: SandboxClient[];
};

export type RunningSocialProvider = { issuer: string; close: () => Promise<void> };

/** Sign-ins kept for their ID token; the oldest go first past this many. */
const KEPT = 1000;
const TYPED_FIELDS = ['sub', 'email', 'given_name', 'family_name'] as const;

function typedIdentity(form: URLSearchParams): {
  identity?: SocialSandboxIdentity;
  typed: TypedSocialIdentity;
  missing: string[];
} {
  const typed = Object.fromEntries(
    TYPED_FIELDS.map((f) => [f, (form.get(f) ?? '').trim().slice(0, 200)]),
  ) as TypedSocialIdentity;
  const missing = TYPED_FIELDS.filter((f) => typed[f] === '');
  if (missing.length > 0) return { typed, missing };
  return { typed, missing, identity: { label: 'Typed account', ...typed } };
}

export async function startSocialProvider(options: SocialProviderOptions): Promise<RunningSocialProvider> {
  const server = await listenSandbox(options.port, options.host);
  const issuer = options.issuer ?? `http://localhost:${server.port}`;
  const kind = options.provider;
  /** The claims of each subject's latest sign-in. */
  const signIns = new Map<string, Record<string, unknown>>();
  /** The subjects that signed in before: Apple shares the name only the first time. */
  const seen = new Set<string>();

  const provider = sandboxOidcProvider(issuer, {
    clients: options.clients,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified', 'is_private_email'],
      profile: ['given_name', 'family_name'],
      name: ['given_name', 'family_name'],
    },
    findAccount: async (_ctx, id) => {
      const claims = signIns.get(id);
      return claims && { accountId: id, claims: async () => claims };
    },
  });
  const formTargets = [
    ...new Set(options.clients.flatMap((c) => c.redirectUris.map((uri) => new URL(uri).origin))),
  ];
  const send = (res: ServerResponse, status: number, html: string) =>
    sendSandboxPage(res, status, html, formTargets);

  const page = (uid: string, extra: { typed?: TypedSocialIdentity; missing?: string[] } = {}) =>
    socialLoginPage({ provider: kind, uid, ...extra });
  routeSandbox(server, issuer, provider, {
    send,
    page: (uid) => page(uid),
    expired: () => socialLoginPage({ provider: kind, expired: true }),
    cancelled: 'The user cancelled the sign-in.',
    async login(req, res, form, { uid, params }) {
      const chosen = form.get('identity') ?? '';
      let identity = SOCIAL_SANDBOX_IDENTITIES[kind][chosen];
      if (chosen === 'typed') {
        const found = typedIdentity(form);
        if (!found.identity) return send(res, 400, page(uid, { typed: found.typed, missing: found.missing }));
        identity = found.identity;
      }
      if (!identity) return send(res, 400, page(uid, { missing: ['identity'] }));
      // The account id is the subject (oidc-provider makes it the ID token's `sub`); its claims are
      // those of this latest sign-in.
      const accountId = identity.sub;
      signIns.delete(accountId);
      signIns.set(accountId, socialClaimsOf(kind, identity, !seen.has(identity.sub)));
      seen.add(identity.sub);
      if (signIns.size > KEPT) signIns.delete(signIns.keys().next().value ?? '');
      await finishSandboxSignIn(provider, req, res, accountId, params);
    },
  });

  return { issuer, close: server.close };
}
