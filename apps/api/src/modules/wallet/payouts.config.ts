/**
 * Payout settings from the environment: PAYOUT_ADAPTER (`sandbox` by default, `manual` for an
 * operator paying from the bank's portal) and WITHDRAWAL_AUTO_APPROVE_CENTS, the threshold up to which
 * a verified customer's withdrawal is approved by rule and paid at once ($2,000.00 by default; 0
 * turns the rule off).
 */
import { DEFAULT_AUTO_APPROVE_CENTS } from '@drawhouse/domain';

export type PayoutsConfig = {
  adapter: 'sandbox' | 'manual';
  autoApproveCents: number;
};

export function loadPayoutsConfig(env: NodeJS.ProcessEnv): PayoutsConfig {
  const adapter = env.PAYOUT_ADAPTER || 'sandbox';
  if (adapter !== 'sandbox' && adapter !== 'manual') {
    throw new Error(`PAYOUT_ADAPTER must be sandbox or manual, got "${adapter}"`);
  }
  const raw = env.WITHDRAWAL_AUTO_APPROVE_CENTS;
  const autoApproveCents = raw === undefined || raw === '' ? DEFAULT_AUTO_APPROVE_CENTS : Number(raw);
  if (!Number.isInteger(autoApproveCents) || autoApproveCents < 0) {
    throw new Error(`WITHDRAWAL_AUTO_APPROVE_CENTS must be a whole number, got "${raw}"`);
  }
  return { adapter, autoApproveCents };
}

/** A production start refuses the sandbox payout adapter: it marks withdrawals paid without paying. */
export function payoutsProductionProblems(config: PayoutsConfig): string[] {
  return config.adapter === 'sandbox'
    ? [
        'PAYOUT_ADAPTER must be set in production (manual): the sandbox payout adapter marks withdrawals paid without paying them.',
      ]
    : [];
}
