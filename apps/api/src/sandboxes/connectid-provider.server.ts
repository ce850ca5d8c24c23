/**
 * The sandbox ConnectID provider: a real OpenID provider (oidc-provider) on its own port, so the
 * ConnectID method runs end to end locally, redirects, PKCE, state, nonce and signed ID tokens
 * included (ADR 054). Its sign-in page asks for no password: the tester picks one of the test
 * identities (connectid-identities.ts, README "ConnectID sandbox") or types details, and shares
 * them with the shop in one step (sign-in and consent). Never in production: the API refuses
 * CONNECTID=sandbox there.
 *
 * `npm start` and the e2e run start it (scripts/serve.ts, CONNECTID_PORT, 4500 by default);
 * integration tests start it in-process on a free port. Run alone:
 * `node --import tsx apps/api/src/sandboxes/connectid-provider.server.ts`.
 *
 * oidc-provider prints "Unsupported runtime" on Node 20 (it is tested on 22 and later); it runs.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Provider, { type Configuration } from 'oidc-provider';
import { CONNECTID_CALLBACK_PATH, SANDBOX_CONNECTID_CLIENT } from '../modules/verification/index.ts';
import {
  type AddressClaim,
  claimsOf,
  SANDBOX_IDENTITIES,
  type SandboxIdentity,
} from './connectid-identities.ts';
import { loginPage, type TypedDetails } from './connectid-login.page.ts';

export type ConnectIdProviderOptions = {
  /** 0: any free port. */
  port: number;
  host?: string;
  /** The address browsers and the API reach the provider at; `http://localhost:<port>` by default. */
  issuer?: string;
  client: { clientId: string; clientSecret: string; redirectUris: string[] };
};

export type RunningConnectIdProvider = { issuer: string; close: () => Promise<void> };

/** Typed identities kept for the ID token; the oldest go first past this many. */
const TYPED_KEPT = 1000;

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), use: 'sig', alg: 'RS256' };
}

/** A sandbox sign-in page's posted form (at most 16 KB). */
async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A sandbox OpenID provider (also the Apple and Google sandboxes): code flow with PKCE required,
 * client secret basic, the claims in the ID token, short lifetimes, keys made at start. Every
 * sign-in asks again, as a bank asks each time before it shares: the only grant is the one the
 * sign-in page just made, never one remembered from an earlier sign-in.
 */
export function sandboxOidcProvider(
  issuer: string,
  settings: {
    clients: { clientId: string; clientSecret: string; redirectUris: string[] }[];
    claims: Record<string, string[]>;
    findAccount: Configuration['findAccount'];
  },
): Provider {
  const provider: Provider = new Provider(issuer, {
    clients: settings.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    claims: settings.claims,
    findAccount: settings.findAccount,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? provider.Grant.find(grantId) : undefined;
    },
    pkce: { required: () => true },
    // The shared details are in the ID token, as the providers send them.
    conformIdTokenClaims: false,
    cookies: { keys: [randomBytes(32).toString('hex')] },
    jwks: { keys: [signingKey()] },
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 600,
      Grant: 600,
      IdToken: 300,
      AccessToken: 300,
    },
  });
  return provider;
}

/** The sign-in page's answer: signed in as `accountId`, the scopes asked granted (no remembered grant). */
export async function finishSandboxSignIn(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  accountId: string,
  params: Record<string, string | undefined>,
): Promise<void> {
  const grant = new provider.Grant({ accountId, clientId: params.client_id ?? '' });
  grant.addOIDCScope(params.scope ?? 'openid');
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

/** What a sandbox's sign-in page does; routeSandbox does the rest. */
export type SandboxSignIn = {
  send: (res: ServerResponse, status: number, html: string) => void;
  /** The sign-in page of interaction `uid`. */
  page: (uid: string) => string;
  /** The page of a sign-in that ended or expired. */
  expired: () => string;
  /** What the provider tells the client when the person cancels. */
  cancelled: string;
  /** The posted sign-in form: it answers the page again or finishes the sign-in. */
  login: (
    req: IncomingMessage,
    res: ServerResponse,
    form: URLSearchParams,
    interaction: { uid: string; params: Record<string, string | undefined> },
  ) => Promise<void>;
};

/**
 * The sign-in page at /interaction/{uid}[/{action}]: shown on GET, a cancel finished as
 * access_denied, the posted form handed to `login`. Everything else is the provider's.
 */
export function routeSandbox(
  server: { handle: (next: (req: IncomingMessage, res: ServerResponse) => void) => void },
  issuer: string,
  provider: Provider,
  signIn: SandboxSignIn,
): void {
  const { send } = signIn;
  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action?: string) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (req.method === 'GET' && !action) return send(res, 200, signIn.page(uid));
    if (req.method !== 'POST' || action !== 'login') return send(res, 405, 'Method not allowed');
    const form = await formOf(req);
    if (form.get('action') === 'cancel') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: signIn.cancelled },
        { mergeWithLastSubmission: false },
      );
    }
    return signIn.login(req, res, form, { uid, params: details.params });
  }
  const callback = provider.callback();
  server.handle((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([\w-]+)(?:\/(\w+))?$/.exec(url.pathname);
    if (!match) return callback(req, res);
    interaction(req, res, match[1] ?? '', match[2]).catch(() => {
      if (res.headersSent) return res.end();
      send(res, 400, signIn.expired());
    });
  });
}

/**
 * A sandbox provider's HTTP server on `port` (0: any free one): it answers 503 until `handle` names
 * its handler.
 */
export async function listenSandbox(port: number, host = '127.0.0.1') {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    handle(next: (req: IncomingMessage, res: ServerResponse) => void) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * A sandbox provider's page: no store, no framing, no script; its form posts to the provider itself,
 * whose answer is redirected to the shop (`formTargets`).
 */
export function sendSandboxPage(
  res: ServerResponse,
  status: number,
  html: string,
  formTargets: readonly string[],
) {
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader(
    'content-security-policy',
    `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${formTargets.join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
  );
  res.end(html);
}

const TYPED_FIELDS = [
  'given_name',
  'family_name',
  'birthdate',
  'street_address',
  'locality',
  'region',
  'postal_code',
] as const;

/** Typed details, or the names of the fields left empty. */
function typedIdentity(form: URLSearchParams): {
  identity?: SandboxIdentity;
  typed: TypedDetails;
  missing: string[];
} {
  const typed = Object.fromEntries(
    TYPED_FIELDS.map((f) => [f, (form.get(f) ?? '').trim().slice(0, 200)]),
  ) as TypedDetails;
  const missing = TYPED_FIELDS.filter((f) => typed[f] === '');
  if (missing.length > 0) return { typed, missing };
  const address: AddressClaim = {
    street_address: typed.street_address,
    locality: typed.locality,
    region: typed.region.toUpperCase(),
    postal_code: typed.postal_code,
    country: 'AU',
  };
  return {
    typed,
    missing,
    identity: {
      label: 'Typed details',
      given_name: typed.given_name,
      family_name: typed.family_name,
      birthdate: typed.birthdate,
      address,
      verified: true,
    },
  };
}

export async function startConnectIdProvider(
  options: ConnectIdProviderOptions,
): Promise<RunningConnectIdProvider> {
  const server = await listenSandbox(options.port, options.host);
  const port = server.port;
  const issuer = options.issuer ?? `http://localhost:${port}`;

  const typed = new Map<string, SandboxIdentity>();
  const identityOf = (id: string): SandboxIdentity | undefined =>
    typed.get(id) ?? (SANDBOX_IDENTITIES as Record<string, SandboxIdentity>)[id];

  const provider = sandboxOidcProvider(issuer, {
    clients: [options.client],
    claims: {
      openid: ['sub'],
      profile: ['given_name', 'family_name', 'birthdate', 'verified_claims', 'txn'],
      address: ['address'],
    },
    findAccount: async (_ctx, id) => {
      const identity = identityOf(id);
      return identity && { accountId: id, claims: async () => claimsOf(id, identity) };
    },
  });
  const formTargets = [...new Set(options.client.redirectUris.map((uri) => new URL(uri).origin))];

  const send = (res: ServerResponse, status: number, html: string) =>
    sendSandboxPage(res, status, html, formTargets);

  routeSandbox(server, issuer, provider, {
    send,
    page: (uid) => loginPage({ uid }),
    expired: () => loginPage({ expired: true }),
    cancelled: 'The customer did not share their details.',
    async login(req, res, form, { uid, params }) {
      const chosen = form.get('identity') ?? '';
      let accountId = chosen;
      if (chosen === 'typed') {
        const { identity, typed: entered, missing } = typedIdentity(form);
        if (!identity) return send(res, 400, loginPage({ uid, typed: entered, missing }));
        accountId = `typed-${randomUUID()}`;
        typed.set(accountId, identity);
        if (typed.size > TYPED_KEPT) typed.delete(typed.keys().next().value ?? '');
      } else if (!identityOf(chosen)) {
        return send(res, 400, loginPage({ uid, missing: ['identity'] }));
      }
      await finishSandboxSignIn(provider, req, res, accountId, params);
    },
  });

  return { issuer, close: server.close };
}

function portOf(value: string | undefined, fallback: number): number {
  const n = value ? Number(value) : fallback;
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`CONNECTID_PORT must be a port number, got "${value}"`);
  return n;
}

/** The provider as `npm start` runs it: CONNECTID_PORT, CONNECTID_ISSUER, the shop's WEB_BASE_URL. */
export function providerOptionsFromEnv(env: NodeJS.ProcessEnv): ConnectIdProviderOptions {
  const port = portOf(env.CONNECTID_PORT, 4500);
  const web = (env.WEB_BASE_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, '');
  return {
    port,
    issuer: env.CONNECTID_ISSUER ?? `http://localhost:${port}`,
    client: { ...SANDBOX_CONNECTID_CLIENT, redirectUris: [`${web}${CONNECTID_CALLBACK_PATH}`] },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const running = await startConnectIdProvider(providerOptionsFromEnv(process.env));
  console.log(`ConnectID sandbox provider: ${running.issuer}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void running.close());
}
