/**
 * Limits Drawhouse sets for every account (docs/api/limits.md). System spend limits stand beside a
 * customer's own (code global_spend_limit when passed); an unverified account may deposit up to the
 * cap in total (code verify_account_required) and cannot withdraw.
 */
import type { SpendLimitPeriod } from '@drawhouse/contract';
import { UNVERIFIED_DEPOSIT_CAP_CENTS, VERIFICATION_DEADLINE_DAYS } from '@drawhouse/domain';

export type LimitSettings = {
  systemSpendCents: Record<SpendLimitPeriod, number>;
  unverifiedDepositCapCents: number;
  /** Days after the first deposit an unverified account may deposit (VERIFICATION_DEADLINE_DAYS). */
  verificationDeadlineDays: number;
  /** The largest limit a customer may set. */
  maxCustomerLimitCents: number;
};

export const LIMIT_SETTINGS: LimitSettings = {
  systemSpendCents: { daily: 500_000, weekly: 1_000_000, monthly: 2_000_000 },
  unverifiedDepositCapCents: UNVERIFIED_DEPOSIT_CAP_CENTS,
  verificationDeadlineDays: VERIFICATION_DEADLINE_DAYS,
  maxCustomerLimitCents: 10_000_000,
};

/** The settings with what the app's configuration changes (the verification deadline's days). */
export function limitSettingsOf(config: { verification: { deadlineDays: number } }): LimitSettings {
  return { ...LIMIT_SETTINGS, verificationDeadlineDays: config.verification.deadlineDays };
}
