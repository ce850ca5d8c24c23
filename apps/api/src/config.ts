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
};

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
  };
}

/** Defaults for tests: no rate limit to speak of unless a test asks for one. */
export function testConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  return { ...loadConfig({}), logLevel: 'silent', rateLimitMax: 100_000, ...overrides };
}
