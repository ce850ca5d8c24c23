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
};

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
  };
}

/** What a production start refuses: the sandbox identity source (IDENTITY_SOURCE unset or `sandbox`). */
export function verificationProductionProblems(config: VerificationConfig): string[] {
  return config.identitySource === 'sandbox'
    ? [
        'IDENTITY_SOURCE must not be sandbox in production: the sandbox verifies made-up identities (any customer named "Verified"). Set IDENTITY_SOURCE=none until a real identity source is configured.',
      ]
    : [];
}
