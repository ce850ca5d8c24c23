import { DEFAULT_WEB_APP_SECRET } from '@drawhouse/db';
import {
  loadSocialSignInConfig,
  type SocialSignInConfig,
  socialSignInProductionProblems,
} from './modules/accounts/social-sign-in/social-sign-in.config.ts';
import {
  loadPaymentsConfig,
  type PaymentsConfig,
  paymentsProductionProblems,
} from './modules/payments/payments.config.ts';
import {
  loadStorageConfig,
  type StorageConfig,
  storageProductionProblems,
} from './modules/storage/storage.config.ts';
import {
  loadVerificationConfig,
  type VerificationConfig,
  verificationProductionProblems,
} from './modules/verification/verification.config.ts';
import {
  loadPayoutsConfig,
  type PayoutsConfig,
  payoutsProductionProblems,
} from './modules/wallet/payouts.config.ts';

export type ApiConfig = {
  port: number;
  host: string;
  databaseUrl: string;
  logLevel: string;
  rateLimitMax: number;
  rateLimitWindowMs: number;
  corsOrigins: string[];
  /** ALLOWED_ORIGINS: the storefront's other addresses (behind a proxy), allowed to check cards too. */
  shopOrigins: string[];
  bodyLimitBytes: number;
  production: boolean;
  /** SMTP server for outgoing mail; without it (outside production) a local catcher keeps the mail. */
  smtpUrl: string;
  /** DEV_MAILBOX=1: GET/DELETE /dev/mailbox show the caught mail. Refused in production. */
  devMailbox: boolean;
  smtpCatcherPort: number;
  mailFrom: string;
  /** Where links in mail point: the storefront. */
  webBaseUrl: string;
  /** Where links in operators' mail point: the back office (ADMIN_PUBLIC_URL, else localhost:ADMIN_PORT). */
  adminBaseUrl: string;
  jwtSecret: string;
  minimumRegistrationAge: number;
  /** Card gateway, the API's public address, Stripe keys. */
  payments: PaymentsConfig;
  /** The draw engine's settings. */
  draws: DrawsConfig;
  /** The identity source of automatic checks, attempts a day, when verification falls due. */
  verification: VerificationConfig;
  /** Apple and Google sign-in (APPLE_SIGN_IN, GOOGLE_SIGN_IN and their issuers and clients). */
  socialSignIn: SocialSignInConfig;
  /**
   * ADDRESS_LOOKUP: `sandbox` (the seeded addresses; the default outside production) or `none`
   * (manual entry only; the default in production until a provider's adapter is configured).
   */
  addressLookup: 'sandbox' | 'none';
  /** Where uploaded files (identity documents) are kept: FILE_STORAGE, FILE_STORAGE_DIR. */
  storage: StorageConfig;
  /** A withdrawal above this is paid only once a second, different operator approves it too. */
  withdrawalSecondApprovalCents: number;
  /** The payout adapter and the threshold of withdrawals approved by rule (PAYOUT_ADAPTER, WITHDRAWAL_AUTO_APPROVE_CENTS). */
  payouts: PayoutsConfig;
  /**
   * OUTBOX_LEASE_MS: how long a relay holds a mail (or other outside) delivery before another may
   * take it, after a worker died mid-way. Longer than any SMTP send can last (the mailer's timeouts).
   */
  outboxLeaseMs: number;
  /** DB_COUNT_STATEMENTS=1: every answer says how many statements it sent (`X-Db-Statements`); benchmarks. */
  countStatements: boolean;
};

export type DrawsConfig = {
  /**
   * DRAWS_DEMO=1: a closed lottery draw whose time has come is drawn by the engine (a CSPRNG) and
   * published at once. `npm start` turns it on with the embedded database; off otherwise.
   */
  demo: boolean;
  /** A ticket's prize above this waits for an operator's release (PRIZE_APPROVAL_THRESHOLD_CENTS). */
  prizeApprovalThresholdCents: number;
  /**
   * A draw's held prizes together above this are released only once a second, different finance
   * operator approves them (PRIZE_SECOND_APPROVAL_CENTS).
   */
  prizeSecondApprovalCents: number;
};

const DEV_JWT_SECRET = 'dev-jwt-secret-change-me-0123456789abcdef';
/** Production secrets: 32 characters or more. */
export const MIN_SECRET_LENGTH = 32;

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

function flag(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new Error(`${name} must be 1 or 0, got "${value}"`);
}

function addressLookupOf(env: NodeJS.ProcessEnv): ApiConfig['addressLookup'] {
  const value = env.ADDRESS_LOOKUP ?? (env.NODE_ENV === 'production' ? 'none' : 'sandbox');
  if (value !== 'sandbox' && value !== 'none') throw new Error('ADDRESS_LOOKUP must be sandbox or none');
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  return {
    port: int(env.API_PORT, 4000, 'API_PORT'),
    host: env.API_HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL ?? '',
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimitMax: int(env.RATE_LIMIT_MAX, 1200, 'RATE_LIMIT_MAX'),
    rateLimitWindowMs: int(env.RATE_LIMIT_WINDOW_MS, 60_000, 'RATE_LIMIT_WINDOW_MS'),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    shopOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024, 'BODY_LIMIT_BYTES'),
    production: env.NODE_ENV === 'production',
    smtpUrl: env.SMTP_URL ?? '',
    devMailbox: flag(env.DEV_MAILBOX, 'DEV_MAILBOX'),
    smtpCatcherPort: int(env.SMTP_CATCHER_PORT, 0, 'SMTP_CATCHER_PORT'),
    mailFrom: env.MAIL_FROM ?? 'Drawhouse <hello@drawhouse.example>',
    webBaseUrl: (env.WEB_BASE_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, ''),
    adminBaseUrl: (env.ADMIN_PUBLIC_URL ?? `http://localhost:${env.ADMIN_PORT ?? 3100}`).replace(/\/+$/, ''),
    jwtSecret: env.JWT_SECRET ?? DEV_JWT_SECRET,
    minimumRegistrationAge: int(env.MINIMUM_REGISTRATION_AGE, 18, 'MINIMUM_REGISTRATION_AGE'),
    payments: loadPaymentsConfig(env),
    verification: loadVerificationConfig(env),
    socialSignIn: loadSocialSignInConfig(env),
    addressLookup: addressLookupOf(env),
    storage: loadStorageConfig(env),
    draws: {
      demo: flag(env.DRAWS_DEMO, 'DRAWS_DEMO'),
      prizeApprovalThresholdCents: int(
        env.PRIZE_APPROVAL_THRESHOLD_CENTS,
        1_000_000,
        'PRIZE_APPROVAL_THRESHOLD_CENTS',
      ),
      prizeSecondApprovalCents: int(
        env.PRIZE_SECOND_APPROVAL_CENTS,
        5_000_000,
        'PRIZE_SECOND_APPROVAL_CENTS',
      ),
    },
    outboxLeaseMs: int(env.OUTBOX_LEASE_MS, 60_000, 'OUTBOX_LEASE_MS'),
    withdrawalSecondApprovalCents: int(
      env.WITHDRAWAL_SECOND_APPROVAL_CENTS,
      200_000,
      'WITHDRAWAL_SECOND_APPROVAL_CENTS',
    ),
    payouts: loadPayoutsConfig(env),
    countStatements: flag(env.DB_COUNT_STATEMENTS, 'DB_COUNT_STATEMENTS'),
  };
}

/** Settings a production API must not run without. */
export function productionProblems(config: ApiConfig): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  if (config.jwtSecret === DEV_JWT_SECRET || config.jwtSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`JWT_SECRET must be set to a secret of ${MIN_SECRET_LENGTH} characters or more.`);
  }
  if (!config.smtpUrl) problems.push('SMTP_URL must be set: production mail is never caught locally.');
  if (config.devMailbox) {
    problems.push(
      "DEV_MAILBOX must not be set in production: the development mailbox shows every customer's reset links and codes.",
    );
  }
  if (config.draws.demo) {
    problems.push(
      'DRAWS_DEMO must not be set in production: it draws results at random instead of waiting for the operators.',
    );
  }
  problems.push(...paymentsProductionProblems(config.payments));
  problems.push(...verificationProductionProblems(config.verification));
  problems.push(...socialSignInProductionProblems(config.socialSignIn));
  if (config.addressLookup === 'sandbox') {
    problems.push('ADDRESS_LOOKUP=sandbox must not be set in production: it suggests made-up addresses.');
  }
  problems.push(...storageProductionProblems(config.storage));
  problems.push(...payoutsProductionProblems(config.payouts));
  return problems;
}

/**
 * Stored app secrets a production API must not accept: the demo seed's (public in this repository)
 * or a short one. Anyone holding an app secret signs requests as that app, and the storefront's
 * signed requests choose the address the rate limits count.
 */
export function appSecretProblems(keys: readonly { key: string; secret: string }[]): string[] {
  return keys
    .filter(({ secret }) => secret === DEFAULT_WEB_APP_SECRET || secret.length < MIN_SECRET_LENGTH)
    .map(
      ({ key }) =>
        `The secret of app key "${key}" (app_keys; the seed stores WEB_APP_SECRET) must be ${MIN_SECRET_LENGTH} characters or more and not the development default: set WEB_APP_SECRET and seed again.`,
    );
}

/** Defaults for tests: no rate limit to speak of unless a test asks for one. */
export function testConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  return { ...loadConfig({}), logLevel: 'silent', rateLimitMax: 100_000, ...overrides };
}
