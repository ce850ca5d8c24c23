/**
 * Payment settings from the environment. `sandbox` is the default card gateway; the Stripe adapter
 * is chosen with PAYMENT_GATEWAY=stripe and its keys. STRIPE_API_HOST/PORT/PROTOCOL point the
 * Stripe client at another server (the tests' local fake); production never sets them.
 */

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

export type PaymentsConfig = {
  /** The card gateway new cards are saved with and deposits go through. */
  gateway: 'sandbox' | 'stripe';
  /** Where browsers reach this API: the tokenising call, challenge and approval pages. */
  apiPublicUrl: string;
  /** Minutes a 3-D Secure challenge or a PayPal approval may wait before the deposit expires. */
  challengeTimeoutMinutes: number;
  /** Card tokenising calls per minute from one address. */
  tokenizeRateLimit: number;
  stripe: StripeSettings | null;
};

const stripProtocol = (value: string | undefined) =>
  value === 'http' || value === 'https' ? value : undefined;

export function loadPaymentsConfig(env: NodeJS.ProcessEnv): PaymentsConfig {
  const gateway = env.PAYMENT_GATEWAY ?? 'sandbox';
  if (gateway !== 'sandbox' && gateway !== 'stripe') {
    throw new Error(`PAYMENT_GATEWAY must be sandbox or stripe, got "${gateway}"`);
  }
  const secretKey = env.STRIPE_SECRET_KEY ?? '';
  const stripe: StripeSettings | null = secretKey
    ? {
        secretKey,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
        webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
        ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
        ...(env.STRIPE_API_PORT ? { port: Number(env.STRIPE_API_PORT) } : {}),
        ...(stripProtocol(env.STRIPE_API_PROTOCOL)
          ? { protocol: stripProtocol(env.STRIPE_API_PROTOCOL) }
          : {}),
      }
    : null;
  if (gateway === 'stripe' && !stripe) throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY');
  const port = env.API_PORT || '4000';
  return {
    gateway,
    apiPublicUrl: (env.API_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    challengeTimeoutMinutes: 15,
    tokenizeRateLimit: Number(env.CARD_TOKENIZE_RATE_LIMIT || 30),
    stripe,
  };
}

/** A Stripe key of its test mode (secret or restricted): it takes no money. */
const isStripeTestKey = (key: string) => /^(sk|rk)_test_/.test(key);

/**
 * What a production start refuses: the sandbox gateway (PAYMENT_GATEWAY unset or `sandbox`: it
 * credits test cards, and its PayPal, Apple Pay and Google Pay stand-ins credit any deposit,
 * without taking money), a Stripe test-mode key, and a Stripe gateway without its webhook secret
 * or publishable key.
 */
export function paymentsProductionProblems(config: PaymentsConfig): string[] {
  const problems: string[] = [];
  if (config.gateway === 'sandbox') {
    problems.push(
      'PAYMENT_GATEWAY must be set to stripe in production: the sandbox gateway and its PayPal, Apple Pay and Google Pay stand-ins credit deposits without taking money.',
    );
  }
  if (config.gateway === 'stripe' && config.stripe) {
    if (isStripeTestKey(config.stripe.secretKey))
      problems.push('STRIPE_SECRET_KEY must be a live key in production: a test-mode key takes no money.');
    if (!config.stripe.webhookSecret)
      problems.push('STRIPE_WEBHOOK_SECRET must be set for the Stripe gateway.');
    if (!config.stripe.publishableKey)
      problems.push('STRIPE_PUBLISHABLE_KEY must be set for the Stripe gateway.');
  }
  return problems;
}
