/**
 * Payments (docs/api/payments.md). Other modules use:
 * - A card deposit in three steps, no transaction open while the gateway is asked (ADR 049):
 *   `startDeposit(tx, {customerId, fundId, amountCents, csc, purpose})` in a first transaction makes
 *   it `charging` and holds its amount; once that commits, `chargeDeposit(started)` asks the
 *   gateway; `applyCharge(tx, charged)` in a second transaction answers `{deposit, outcome:
 *   'succeeded' | 'challenge' | 'declined', redirectUrl?, code?, message?}`. A `succeeded` deposit
 *   is credited to the wallet (a checkout's listeners already ran in that transaction).
 * - `paymentsOf(app.deps).onCheckoutDepositSucceeded(listener)`: `listener(tx, deposit)` runs inside
 *   the transaction that posts a checkout-purpose deposit after its challenge or approval; it may
 *   answer `{checkoutId}` or `{failure: {code, message}}` to record on the deposit (a throw is
 *   recorded as `deposit_purchase_checkout_failure`; the money stays in the wallet either way).
 *   Registering the same function again keeps one.
 * A `declined` answer voided its hold; answer a 402 with its `code` and `message`.
 * - `startDeposit(tx, {..., fundId, offSession: {key}})` then the same two steps charge a saved card without the customer
 *   (no security code; a card that needs 3-D Secure is `declined` `authentication_required`): each
 *   try is a deposit row of its own keeping `key`, and once one took money the next call answers it
 *   again (`replayed`) instead of charging. A gateway out of reach throws `GatewayUnavailableError`.
 */

export { depositNoticeSubscriber } from './deposit-notices.ts';
export { type DepositSource, depositSource } from './deposit-source.ts';
export type {
  ChargedDeposit,
  CheckoutDepositListener,
  CheckoutDepositRow,
  DepositOutcome,
  StartDepositInput,
  StartDepositResult,
  StartedDeposit,
} from './deposits.service.ts';
export { depositsAdminModule } from './deposits-admin.routes.ts';
export { type CardGatewayAdapter, GatewayUnavailableError } from './gateways/gateway.ts';
export { ledgerAdminModule } from './ledger-admin.routes.ts';
export { depositMethod, PAYPAL_PAYOUTS_GATEWAY } from './payment-methods.ts';
export { paymentsModule } from './payments.module.ts';
export type { DepositRow } from './payments.repository.ts';
export { type PaymentsDeps, type PaymentsServices, paymentsOf } from './payments.services.ts';
export { fundLabel } from './payments.view.ts';
