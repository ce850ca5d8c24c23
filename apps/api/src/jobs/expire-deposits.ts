import { type PaymentsDeps, paymentsOf } from '../modules/payments/index.ts';

export const EXPIRE_DEPOSITS_JOB = 'payments-expire-deposits';

/**
 * Voids deposits left at a 3-D Secure challenge or a PayPal approval for longer than the timeout
 * (15 minutes): their held money goes back, their status becomes `expired`. Safe to run twice or
 * on several workers at once (each deposit ends once, under its row lock).
 */
export function expireDepositsJob(deps: PaymentsDeps, now?: Date): Promise<number> {
  return paymentsOf(deps).deposits.expireAbandoned(now);
}
