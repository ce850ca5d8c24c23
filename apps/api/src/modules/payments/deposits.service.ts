/**
 * Deposits: money coming in through a gateway, credited to the customer's wallet through the ledger
 * (debit `gateway_clearing:<gateway>`, credit `wallet`). One use case a file: starting a deposit
 * (`deposit-start.ts`), ending one that waited for the customer or was abandoned (`deposit-finish.ts`,
 * ADR 020), BPAY and direct deposits (`bank-deposits.ts`). Each writes how a deposit ended to the
 * outbox in its own transaction, and `deposit-notices.ts` tells the customer.
 */
import { createBankDeposits } from './bank-deposits.ts';
import type { DepositsDeps } from './deposit-basics.ts';
import { createDepositFinish } from './deposit-finish.ts';
import { createDepositStart } from './deposit-start.ts';

export {
  assertDepositAmount,
  CANCELLED_MESSAGE,
  type CheckoutDepositListener,
  type CheckoutDepositRow,
  type DepositEnd,
  type DepositOutcome,
  type DepositsDeps,
  EXPIRED_MESSAGE,
  readDepositAmount,
  type StartDepositInput,
  type StartDepositResult,
} from './deposit-basics.ts';

export function createDepositsService(deps: DepositsDeps) {
  return { ...createDepositStart(deps), ...createDepositFinish(deps), ...createBankDeposits(deps) };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
