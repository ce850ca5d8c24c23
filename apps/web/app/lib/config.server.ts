/**
 * Settings the storefront checks before it serves (server.mjs refuses to start on a problem): a
 * production run must have secrets of its own, and the development mailbox is an explicit opt-in
 * that production refuses.
 */
import { DEV_SESSION_SECRET } from './seal.server';

/** The app secret the demo seed stores; anyone who reads this repository can sign requests with it. */
export const DEV_WEB_APP_SECRET = 'dev-web-secret-change-me';
/** Production secrets: 32 characters or more (random hex of 16 bytes and up). */
export const MIN_PRODUCTION_SECRET_LENGTH = 32;

type Env = Record<string, string | undefined>;

function flag(env: Env, name: string): boolean | 'invalid' {
  const value = env[name];
  if (value === undefined || value === '' || value === '0') return false;
  return value === '1' ? true : 'invalid';
}

/** /dev/mailbox is shown only with DEV_MAILBOX=1 (npm start and the e2e run set it). */
export function devMailboxEnabled(env: Env = process.env): boolean {
  return flag(env, 'DEV_MAILBOX') === true;
}

/**
 * Whether the API client checks every answer against its contract schema: always outside production
 * (development and unit tests), and in a production build only with CHECK_API_ANSWERS=1 (the
 * end-to-end run sets it), so that a real deployment does not pay for the work.
 */
export function checkApiAnswers(env: Env = process.env): boolean {
  return flag(env, 'CHECK_API_ANSWERS') === true || env.NODE_ENV !== 'production';
}

/**
 * Where the visitor's browser reaches the API (scheme, host and port): the card form posts card
 * details straight to its tokenising endpoint and the 3-D Secure challenge is framed from it, so the
 * storefront server never sees a card number. `API_PUBLIC_URL`, else the `API_URL` this server calls.
 * Undefined when the value is not an http(s) URL (a startup problem).
 */
export function apiPublicOrigin(env: Env = process.env): string | undefined {
  const value = env.API_PUBLIC_URL || env.API_URL || 'http://localhost:4000';
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the ConnectID provider's sign-in page is (`CONNECTID_ISSUER` while `CONNECTID` is not
 * `none`): the verify page's form follows its redirect there. Undefined when ConnectID is off.
 */
export function connectIdOrigin(env: Env = process.env): string | undefined {
  if (!env.CONNECTID || env.CONNECTID === 'none' || !env.CONNECTID_ISSUER) return undefined;
  try {
    const url = new URL(env.CONNECTID_ISSUER);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where "Continue with Apple" and "Continue with Google" send the browser (the form follows its
 * action's redirect there): each provider switched on (`APPLE_SIGN_IN`, `GOOGLE_SIGN_IN`: `sandbox` or
 * `provider`) at the origin of its `<P>_ISSUER`, the sandbox's default port when unset.
 */
export function socialSignInOrigins(env: Env = process.env): string[] {
  const defaults = { APPLE: 'http://localhost:4501', GOOGLE: 'http://localhost:4502' } as const;
  return (['APPLE', 'GOOGLE'] as const).flatMap((name) => {
    const mode = env[`${name}_SIGN_IN`];
    if (mode !== 'sandbox' && mode !== 'provider') return [];
    try {
      const url = new URL(env[`${name}_ISSUER`] || (mode === 'sandbox' ? defaults[name] : ''));
      return url.protocol === 'http:' || url.protocol === 'https:' ? [url.origin] : [];
    } catch {
      return [];
    }
  });
}

function weakSecret(value: string | undefined, developmentDefault: string): boolean {
  return value === undefined || value === developmentDefault || value.length < MIN_PRODUCTION_SECRET_LENGTH;
}

/**
 * What stops the storefront from starting, one sentence each, naming the variable. In production
 * (NODE_ENV=production): a missing, default or short WEB_APP_SECRET or SESSION_SECRET, and
 * DEV_MAILBOX=1 unless the run is the local demo (DRAWHOUSE_DEMO=1, set by npm start and npm test,
 * which run a production build on the developer's machine).
 */
export function startupProblems(env: Env = process.env): string[] {
  const problems: string[] = [];
  for (const name of ['DEV_MAILBOX', 'DRAWHOUSE_DEMO', 'CHECK_API_ANSWERS']) {
    if (flag(env, name) === 'invalid') problems.push(`${name} must be 1 or 0, got "${env[name]}".`);
  }
  if (apiPublicOrigin(env) === undefined) {
    problems.push(
      `API_PUBLIC_URL (else API_URL) must be the http(s) address browsers reach the API at, got "${env.API_PUBLIC_URL || env.API_URL}".`,
    );
  }
  if (env.NODE_ENV !== 'production') return problems;
  if (weakSecret(env.WEB_APP_SECRET, DEV_WEB_APP_SECRET)) {
    problems.push(
      `WEB_APP_SECRET must be set to the storefront's app secret (${MIN_PRODUCTION_SECRET_LENGTH} characters or more, not the development default).`,
    );
  }
  if (weakSecret(env.SESSION_SECRET, DEV_SESSION_SECRET)) {
    problems.push(
      `SESSION_SECRET must be set to a secret of ${MIN_PRODUCTION_SECRET_LENGTH} characters or more (not the development default).`,
    );
  }
  if (devMailboxEnabled(env) && flag(env, 'DRAWHOUSE_DEMO') !== true) {
    problems.push(
      "DEV_MAILBOX must not be set in production: the development mailbox shows every customer's reset links and codes.",
    );
  }
  return problems;
}
