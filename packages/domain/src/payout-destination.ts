/**
 * A new payout destination (a bank account or PayID) is not paid by rule for a day: its withdrawals
 * wait for an operator, so someone who took over a session cannot add their own account and empty
 * the wallet into it at once, and the customer, told by mail, has the time to stop it.
 */

/** How long withdrawals to a bank account or PayID just added wait for an operator. */
export const PAYOUT_DESTINATION_WAIT_MS = 24 * 60 * 60 * 1000;

/** When a destination added at `addedAt` can receive its first withdrawal. */
export function payoutDestinationUsableAt(addedAt: Date): Date {
  return new Date(addedAt.getTime() + PAYOUT_DESTINATION_WAIT_MS);
}

/** A time as the customer reads it: Sydney time, e.g. "28 November 2026 at 5:15 pm". */
export function sydneyDateTime(at: Date): string {
  return at.toLocaleString('en-AU', { timeZone: 'Australia/Sydney', dateStyle: 'long', timeStyle: 'short' });
}

/** The mail that tells a customer a payout destination was added to their account. */
export function payoutDestinationAddedNotice(
  display: string,
  addedAt: Date,
  kind: 'bank' | 'paypal' = 'bank',
): { title: string; message: string } {
  return {
    title: `A ${kind === 'paypal' ? 'PayPal account' : 'bank account'} was added for your withdrawals`,
    message: `${display} was added to your account to receive withdrawals on ${sydneyDateTime(addedAt)} (Sydney time). Withdrawals to it wait for our team's approval until ${sydneyDateTime(payoutDestinationUsableAt(addedAt))}; from then on they can be paid in seconds. If you did not add it, change your password and contact us straight away.`,
  };
}
