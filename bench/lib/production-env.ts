/**
 * What a benchmark's API needs to start as production runs it: NODE_ENV=production, a generated
 * JWT secret, an SMTP server, and the Stripe gateway with live-looking keys pointed at a local port
 * (nothing is charged: the config refuses the sandbox gateway and test keys in production); no
 * identity source (production refuses the sandbox's made-up identities) and withdrawals paid by an
 * operator from the bank (production refuses the sandbox payouts, which pay nothing); no ConnectID
 * (production refuses the sandbox provider).
 */
import { randomBytes } from 'node:crypto';

/** A secret for one run: 64 hex characters, over the 32 production asks for. */
export const generatedSecret = () => randomBytes(32).toString('hex');

export function productionApiEnv(ports: { smtp: number; stripe: number }): Record<string, string> {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: generatedSecret(),
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    PAYMENT_GATEWAY: 'stripe',
    STRIPE_SECRET_KEY: `sk_live_bench${generatedSecret()}`,
    STRIPE_PUBLISHABLE_KEY: `pk_live_bench${generatedSecret()}`,
    STRIPE_WEBHOOK_SECRET: `whsec_bench${generatedSecret()}`,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(ports.stripe),
    STRIPE_API_PROTOCOL: 'http',
    IDENTITY_SOURCE: 'none',
    PAYOUT_ADAPTER: 'manual',
    CONNECTID: 'none',
  };
}
