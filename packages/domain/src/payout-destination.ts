/**
 * A new payout destination (a bank account or PayID) waits before its first withdrawal: someone who
 * took over a session cannot add their own account and empty the wallet into it at once, and the
 * customer, told by mail, has the time to stop it.
 */

/** How long a bank account or PayID added waits before it can receive a withdrawal. */
export const PAYOUT_DESTINATION_WAIT_MS = 24 * 60 * 60 * 1000;

/** When a destination added at `addedAt` can receive its first withdrawal. */
export function payoutDestinationUsableAt(addedAt: Date): Date {
  return new Date(addedAt.getTime() + PAYOUT_DESTINATION_WAIT_MS);
}

/** A time as the customer reads it: Sydney time, e.g. "28 November 2026 at 5:15 pm". */
export function sydneyDateTime(at: Date): string {
  return at.toLocaleString('en-AU', { timeZone: 'Australia/Sydney', dateStyle: 'long', timeStyle: 'short' });
}

/** Why a destination cannot receive a withdrawal yet, with when it can; undefined when it can. */
export function payoutDestinationWait(
  addedAt: Date,
  now: Date,
): { usableAt: Date; message: string } | undefined {
  const usableAt = payoutDestinationUsableAt(addedAt);
  if (now.getTime() >= usableAt.getTime()) return undefined;
  return {
    usableAt,
    message: `This bank account was added less than 24 hours ago: it can receive withdrawals from ${sydneyDateTime(usableAt)} (Sydney time).`,
  };
}

/** The mail that tells a customer a payout destination was added to their account. */
export function payoutDestinationAddedNotice(
  display: string,
  addedAt: Date,
): { title: string; message: string } {
  return {
    title: 'A bank account was added for your withdrawals',
    message: `${display} was added to your account to receive withdrawals on ${sydneyDateTime(addedAt)} (Sydney time). It can receive a withdrawal from ${sydneyDateTime(payoutDestinationUsableAt(addedAt))}. If you did not add it, change your password and contact us straight away.`,
  };
}
