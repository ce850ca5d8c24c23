/**
 * Every operator command, by name. A new command is a file in commands/ and one line here.
 */
import type { OperatorCommand } from './command.ts';
import { customerVerify } from './commands/customer-verify.ts';
import { depositsReconcile } from './commands/deposits-reconcile.ts';
import { ledgerCheck } from './commands/ledger-check.ts';
import { withdrawalsApprove } from './commands/withdrawals-approve.ts';
import { withdrawalsList } from './commands/withdrawals-list.ts';
import { withdrawalsReject } from './commands/withdrawals-reject.ts';

export const OPERATOR_COMMANDS: readonly OperatorCommand[] = [
  customerVerify,
  withdrawalsList,
  withdrawalsApprove,
  withdrawalsReject,
  ledgerCheck,
  depositsReconcile,
];
