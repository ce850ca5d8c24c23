/**
 * The checks every spending or depositing use case makes inside its own transaction, after
 * `ledgerQueries(tx).lockCustomer(customerId)` (that lock is what keeps two concurrent spends of one
 * customer from passing a limit together).
 *
 * TODO(limits): the checks themselves land with the limits module; until then nothing is refused.
 */
import type { DbOrTx } from '@drawhouse/db';

export function limitsGuard(_tx: DbOrTx) {
  return {
    /**
     * Refuses (AppError 422 with code spend_limit, global_spend_limit or precommitment_limit and a
     * message naming the exceeded amount) a spend of `amountCents` that would pass a limit.
     */
    async assertCanSpend(_customerId: string, _amountCents: number, _now: Date): Promise<void> {},
    /**
     * Refuses (AppError 422 with code deposit_limit or verify_account_required) a deposit that would
     * pass the weekly deposit limit or the cap on an unverified account.
     */
    async assertCanDeposit(_customerId: string, _amountCents: number, _now: Date): Promise<void> {},
  };
}

export type LimitsGuard = ReturnType<typeof limitsGuard>;
