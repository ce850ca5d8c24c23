/**
 * Identity verification settings from the environment. IDENTITY_SOURCE chooses where the automatic
 * check looks a customer up: `sandbox` (the default, local made-up records keyed by last name, see
 * README "Sandbox identities") or `none` (no automatic check: customers are verified by an operator).
 * A production start refuses the sandbox: it would verify anyone called "Verified".
 */

export type VerificationConfig = {
  identitySource: 'sandbox' | 'none';
  /** Automatic checks one customer may start in any 24 hours (VERIFY_ATTEMPTS_PER_DAY). */
  attemptsPerDay: number;
  /** Days after the first deposit by which an account should be verified (VERIFICATION_DEADLINE_DAYS). */
  deadlineDays: number;
  /** The ConnectID identity provider (CONNECTID), or null when the method is off. */
  connectId: ConnectIdConfig | null;
};

/**
 * CONNECTID: `none` (the default: the method is off), `sandbox` (the local provider `npm start`
 * runs, apps/api/src/sandboxes/connectid-provider.server.ts, at CONNECTID_ISSUER, by default
 * http://localhost:4500, with its built-in client) or `provider` (a real one: CONNECTID_ISSUER,
 * CONNECTID_CLIENT_ID and CONNECTID_CLIENT_SECRET).
 */
export type ConnectIdConfig = {
  mode: 'sandbox' | 'provider';
  issuer: string;
  clientId: string;
  clientSecret: string;
};

/** The sandbox provider's client: public in this repository, which is why production refuses it. */
export const SANDBOX_CONNECTID_CLIENT = {
  clientId: 'drawhouse-sandbox',
  clientSecret: 'connectid-sandbox-secret-not-for-production',
} as const;

/** Where the provider sends the customer back: a storefront page, which posts the answer to the API. */
export const CONNECTID_CALLBACK_PATH = '/my-account/verify-account/connectid/callback';

function connectIdOf(env: NodeJS.ProcessEnv): ConnectIdConfig | null {
  const mode = env.CONNECTID ?? 'none';
  if (mode === 'none') return null;
  if (mode === 'sandbox') {
    return { mode, issuer: env.CONNECTID_ISSUER || 'http://localhost:4500', ...SANDBOX_CONNECTID_CLIENT };
  }
  if (mode !== 'provider') throw new Error(`CONNECTID must be none, sandbox or provider, got "${mode}"`);
  const issuer = env.CONNECTID_ISSUER ?? '';
  const clientId = env.CONNECTID_CLIENT_ID ?? '';
  const clientSecret = env.CONNECTID_CLIENT_SECRET ?? '';
  if (!/^https:\/\//.test(issuer) || !clientId || !clientSecret) {
    throw new Error(
      'CONNECTID=provider needs CONNECTID_ISSUER (an https address), CONNECTID_CLIENT_ID and CONNECTID_CLIENT_SECRET',
    );
  }
  return { mode, issuer, clientId, clientSecret };
}

function whole(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a whole number of 1 or more, got "${value}"`);
  return n;
}

export function loadVerificationConfig(env: NodeJS.ProcessEnv): VerificationConfig {
  const identitySource = env.IDENTITY_SOURCE ?? 'sandbox';
  if (identitySource !== 'sandbox' && identitySource !== 'none') {
    throw new Error(`IDENTITY_SOURCE must be sandbox or none, got "${identitySource}"`);
  }
  return {
    identitySource,
    attemptsPerDay: whole(env.VERIFY_ATTEMPTS_PER_DAY, 5, 'VERIFY_ATTEMPTS_PER_DAY'),
    deadlineDays: whole(env.VERIFICATION_DEADLINE_DAYS, 14, 'VERIFICATION_DEADLINE_DAYS'),
    connectId: connectIdOf(env),
  };
}

/**
 * What a production start refuses: the sandbox identity source (IDENTITY_SOURCE unset or `sandbox`)
 * and the sandbox ConnectID provider (CONNECTID=sandbox).
 */
export function verificationProductionProblems(config: VerificationConfig): string[] {
  const problems: string[] = [];
  if (config.identitySource === 'sandbox') {
    problems.push(
      'IDENTITY_SOURCE must not be sandbox in production: the sandbox verifies made-up identities (any customer named "Verified"). Set IDENTITY_SOURCE=none until a real identity source is configured.',
    );
  }
  if (config.connectId?.mode === 'sandbox') {
    problems.push(
      'CONNECTID must not be sandbox in production: the sandbox provider shares whatever details the tester types, with a client secret published in this repository. Set CONNECTID=provider with a real provider, or CONNECTID=none.',
    );
  }
  return problems;
}

/** Checking a customer's identity needs the verification feature and its ID checks. */
export const VERIFY_ID_RULE = ['verification', 'verify_id'] as const;
