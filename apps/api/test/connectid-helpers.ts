/**
 * The sandbox ConnectID provider in the test's process on a free port, and a tester's sign-in at it
 * (or at the Apple and Google sandboxes) driven with fetch: the provider's own redirects, cookies and sign-in form, up to the address it
 * sends the browser back to.
 */
import { afterAll } from 'vitest';
import { testConfig } from '../src/config.ts';
import {
  CONNECTID_CALLBACK_PATH,
  loadVerificationConfig,
  SANDBOX_CONNECTID_CLIENT,
  type VerificationConfig,
} from '../src/modules/verification/index.ts';
import type { SandboxIdentityKey } from '../src/sandboxes/connectid-identities.ts';
import { startConnectIdProvider } from '../src/sandboxes/connectid-provider.server.ts';

/** Starts the provider for this file (closed after its tests); the verification config that uses it. */
export async function connectIdSandbox(): Promise<{ issuer: string; verification: VerificationConfig }> {
  const redirect = `${testConfig().webBaseUrl}${CONNECTID_CALLBACK_PATH}`;
  const provider = await startConnectIdProvider({
    port: 0,
    client: { ...SANDBOX_CONNECTID_CLIENT, redirectUris: [redirect] },
  });
  afterAll(() => provider.close());
  return {
    issuer: provider.issuer,
    verification: {
      ...loadVerificationConfig({}),
      connectId: { mode: 'sandbox', issuer: provider.issuer, ...SANDBOX_CONNECTID_CLIENT },
    },
  };
}

/** What the tester does at the provider: share a test identity, typed details, or cancel. */
export type AtProvider = SandboxIdentityKey | { typed: Record<string, string> } | 'cancel';

/**
 * Signs in at the provider from `authorizationUrl` as a browser would and answers the query of the
 * shop's callback address the provider redirects to (code, state, iss; or error).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  as: AtProvider | (string & {}),
  callbackPath = CONNECTID_CALLBACK_PATH,
): Promise<URLSearchParams> {
  const cookies = new Map<string, string>();
  async function go(url: string, init: { form?: URLSearchParams } = {}): Promise<string> {
    const res = await fetch(url, {
      method: init.form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { body: init.form.toString() } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
    await res.arrayBuffer();
    const location = res.headers.get('location');
    if (res.status >= 400) throw new Error(`the provider answered ${res.status} at ${url}`);
    return location ? new URL(location, url).href : url;
  }
  const interaction = await go(authorizationUrl);
  if (!/\/interaction\/[\w-]+$/.test(new URL(interaction).pathname)) {
    throw new Error(`the provider did not ask to sign in: ${interaction}`);
  }
  await go(interaction);
  const form =
    as === 'cancel'
      ? new URLSearchParams({ action: 'cancel' })
      : typeof as === 'string'
        ? new URLSearchParams({ identity: as, action: 'share' })
        : new URLSearchParams({ identity: 'typed', action: 'share', ...as.typed });
  let next = await go(`${interaction}/login`, { form });
  for (let hops = 0; !new URL(next).pathname.startsWith(callbackPath); hops += 1) {
    if (hops > 5) throw new Error(`the provider never sent the browser back: ${next}`);
    next = await go(next);
  }
  return new URL(next).searchParams;
}
