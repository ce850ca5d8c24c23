import type { PaymentsDeps } from '../payments/index.ts';
import { payoutsOf } from './payouts.service.ts';

export const WITHDRAWAL_PAYOUTS_JOB = 'wallet-recover-payouts';

type Log = { error: (obj: object, msg: string) => void };

/**
 * The minute job: withdrawals left `paying` for two minutes (a crash between the approval and the
 * settlement) are paid again under the same keys and settled, once. Answers how many it settled.
 */
export function recoverWithdrawalPayoutsJob(deps: PaymentsDeps, now?: Date, log?: Log): Promise<number> {
  return payoutsOf(deps).recoverPaying(now, log);
}
