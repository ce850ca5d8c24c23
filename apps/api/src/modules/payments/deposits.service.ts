/**
 * Deposits: money coming in through a gateway, credited to the customer's wallet through the ledger
 * (debit `gateway_clearing:<gateway>`, credit `wallet`). One use case a file: starting a deposit
 * (`deposit-start.ts`), charging it between two transactions (`deposit-charge.ts`, ADR 049), ending
 * one that waited for the customer or was abandoned (`deposit-finish.ts`, ADR 020), BPAY and direct
 * deposits (`bank-deposits.ts`). Each writes how a deposit ended to the
 * outbox in its own transaction, and `deposit-notices.ts` tells the customer.
 */
import { createBankDeposits } from './bank-deposits.ts';
import type { DepositsDeps } from './deposit-basics.ts';
import { createDepositCharge } from './deposit-charge.ts';
import { createDepositFinish } from './deposit-finish.ts';
import { createDepositStart } from './deposit-start.ts';

export {
  assertDepositAmount,
  CANCELLED_MESSAGE,
  type ChargedDeposit,
  type CheckoutDepositListener,
  type CheckoutDepositRow,
  type DepositEnd,
  type DepositOutcome,
  type DepositsDeps,
  EXPIRED_MESSAGE,
  readDepositAmount,
  type StartDepositInput,
  type StartDepositResult,
  type StartedDeposit,
} from './deposit-basics.ts';

export function createDepositsService(deps: DepositsDeps) {
  const finish = createDepositFinish(deps);
  return {
    ...createDepositStart(deps),
    ...createDepositCharge(deps, finish.endDeposit),
    ...finish,
    ...createBankDeposits(deps),
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
