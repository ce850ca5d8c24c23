/**
 * Every operator command, by name. A new command is a file in commands/ and one line here.
 */
import type { OperatorCommand } from './command.ts';
import { customerVerification } from './commands/customer-verification.ts';
import { customerVerify } from './commands/customer-verify.ts';
import { depositsReconcile } from './commands/deposits-reconcile.ts';
import { drawCheck } from './commands/draw-check.ts';
import { drawClose } from './commands/draw-close.ts';
import { drawPrizes } from './commands/draw-prizes.ts';
import { drawRelease } from './commands/draw-release.ts';
import { drawResults } from './commands/draw-results.ts';
import { giveawayCreate } from './commands/giveaway-create.ts';
import { giveawayDraw } from './commands/giveaway-draw.ts';
import { ledgerCheck } from './commands/ledger-check.ts';
import { operatorCreate } from './commands/operator-create.ts';
import { outboxFailed } from './commands/outbox-failed.ts';
import { outboxRetry } from './commands/outbox-retry.ts';
import { verificationApprove } from './commands/verification-approve.ts';
import { verificationList } from './commands/verification-list.ts';
import { verificationReject } from './commands/verification-reject.ts';
import { verificationShow } from './commands/verification-show.ts';
import { withdrawalsApprove } from './commands/withdrawals-approve.ts';
import { withdrawalsList } from './commands/withdrawals-list.ts';
import { withdrawalsReject } from './commands/withdrawals-reject.ts';

export const OPERATOR_COMMANDS: readonly OperatorCommand[] = [
  customerVerify,
  customerVerification,
  verificationList,
  verificationShow,
  verificationApprove,
  verificationReject,
  withdrawalsList,
  withdrawalsApprove,
  withdrawalsReject,
  ledgerCheck,
  depositsReconcile,
  operatorCreate,
  drawClose,
  drawResults,
  drawPrizes,
  drawRelease,
  drawCheck,
  giveawayCreate,
  giveawayDraw,
  outboxFailed,
  outboxRetry,
];
