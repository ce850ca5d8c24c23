/**
 * Payments (docs/api/payments.md). Other modules use:
 * - `paymentsOf(app.deps).startDeposit(tx, {customerId, fundId, amountCents, csc, purpose})` inside
 *   their own transaction: answers `{deposit, outcome: 'succeeded' | 'challenge' | 'declined',
 *   redirectUrl?, code?, message?}`. A `succeeded` deposit is already credited to the wallet; the
 *   caller goes on (a checkout spends it in the same transaction).
 * - `paymentsOf(app.deps).onCheckoutDepositSucceeded(listener)`: `listener(tx, deposit)` runs inside
 *   the transaction that posts a checkout-purpose deposit after its challenge or approval; it may
 *   answer `{checkoutId}` to record on the deposit. Register it once when the module registers.
 */
export type {
  CheckoutDepositListener,
  DepositOutcome,
  StartDepositInput,
  StartDepositResult,
} from './deposits.service.ts';
export type { DepositRow } from './payments.repository.ts';
export { type PaymentsServices, paymentsOf } from './payments.services.ts';
