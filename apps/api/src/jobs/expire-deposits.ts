import { type PaymentsDeps, paymentsOf } from '../modules/payments/index.ts';

export const EXPIRE_DEPOSITS_JOB = 'payments-expire-deposits';

/**
 * Finishes deposits whose card charge lost its answer (left `charging` for two minutes: charged
 * again under the same key and applied, ADR 049), then voids deposits left at a 3-D Secure
 * challenge or a PayPal approval for longer than the timeout (15 minutes): their held money goes
 * back, their status becomes `expired`. Safe to run twice or on several workers at once (each
 * deposit ends once, under its row lock). Answers how many expired.
 */
export async function expireDepositsJob(deps: PaymentsDeps, now?: Date): Promise<number> {
  const { deposits } = paymentsOf(deps);
  await deposits.recoverCharging(now);
  return deposits.expireAbandoned(now);
}
