export type ApiConfig = {
  port: number;
  host: string;
  databaseUrl: string;
  logLevel: string;
  rateLimitMax: number;
  rateLimitWindowMs: number;
  corsOrigins: string[];
  bodyLimitBytes: number;
  production: boolean;
  /** SMTP server for outgoing mail; without it (outside production) a local catcher keeps the mail. */
  smtpUrl: string;
  smtpCatcherPort: number;
  mailFrom: string;
  /** Where links in mail point: the storefront. */
  webBaseUrl: string;
  jwtSecret: string;
  minimumRegistrationAge: number;
};

const DEV_JWT_SECRET = 'dev-jwt-secret-change-me-0123456789abcdef';

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
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
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024, 'BODY_LIMIT_BYTES'),
    production: env.NODE_ENV === 'production',
    smtpUrl: env.SMTP_URL ?? '',
    smtpCatcherPort: int(env.SMTP_CATCHER_PORT, 0, 'SMTP_CATCHER_PORT'),
    mailFrom: env.MAIL_FROM ?? 'Drawhouse <hello@drawhouse.example>',
    webBaseUrl: (env.WEB_BASE_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, ''),
    jwtSecret: env.JWT_SECRET ?? DEV_JWT_SECRET,
    minimumRegistrationAge: int(env.MINIMUM_REGISTRATION_AGE, 18, 'MINIMUM_REGISTRATION_AGE'),
  };
}

/** Settings a production API must not run without. */
export function productionProblems(config: ApiConfig): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  if (config.jwtSecret === DEV_JWT_SECRET || config.jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be set to a secret of 32 characters or more.');
  }
  if (!config.smtpUrl) problems.push('SMTP_URL must be set: production mail is never caught locally.');
  return problems;
}

/** Defaults for tests: no rate limit to speak of unless a test asks for one. */
export function testConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  return { ...loadConfig({}), logLevel: 'silent', rateLimitMax: 100_000, ...overrides };
}
