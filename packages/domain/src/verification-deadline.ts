/**
 * The verification deadline: a number of days after the first deposit (14 unless configured). Past
 * it, an unverified customer can no longer deposit until they verify (code verification_required);
 * what is already in the wallet can still be played. Reminders go out 3 days and 1 day before it.
 */
import { formatLongDate } from './draw-day-label.ts';
import { VERIFY_ACCOUNT_PATH } from './verification-notice.ts';
import type { WinNotice } from './win-notice.ts';

export const VERIFICATION_DEADLINE_DAYS = 14;

/** Days before the deadline a reminder goes out, each once per customer. */
export const VERIFICATION_REMINDER_DAYS = [3, 1] as const;
export type VerificationReminderDays = (typeof VERIFICATION_REMINDER_DAYS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

export type DeadlineFacts = {
  verified: boolean;
  firstDepositAt: Date | null;
  deadlineDays?: number;
};

/** When verification is due: null before the first deposit or once verified. */
export function verificationDeadline(facts: DeadlineFacts): Date | null {
  if (facts.verified || facts.firstDepositAt === null) return null;
  const days = facts.deadlineDays ?? VERIFICATION_DEADLINE_DAYS;
  return new Date(facts.firstDepositAt.getTime() + days * DAY_MS);
}

/** Whether the deadline has passed (strictly after it): deposits stop until the customer verifies. */
export function verificationOverdue(facts: DeadlineFacts, now: Date): boolean {
  const due = verificationDeadline(facts);
  return due !== null && now.getTime() > due.getTime();
}

export const VERIFICATION_REQUIRED_CODE = 'verification_required';

export function verificationRequiredMessage(deadline: Date): string {
  return `Your identity had to be verified by ${formatLongDate(deadline)}. Please verify your account at ${VERIFY_ACCOUNT_PATH} to deposit again; you can still play with what is in your wallet.`;
}

/** The reminder told `days` before the deadline: a feed entry and a mail in the same words. */
export function verificationReminderNotice(deadline: Date): WinNotice {
  return {
    title: 'Verify your account',
    icon: 'shield-alert',
    message: `Verify your account by ${formatLongDate(deadline)}: after it, deposits stop until you do.`,
    isAutoDismissed: false,
    actions: [{ id: 'verify', text: 'Verify my account', link: VERIFY_ACCOUNT_PATH, deepLink: null }],
  };
}

/**
 * The reminder due now for a deadline: the fewest days before it that `now` is within (3, then 1),
 * or null when the deadline is further off or has passed.
 */
export function reminderDue(deadline: Date, now: Date): VerificationReminderDays | null {
  const left = deadline.getTime() - now.getTime();
  if (left <= 0) return null;
  const within = VERIFICATION_REMINDER_DAYS.filter((days) => left <= days * DAY_MS);
  return within.length > 0 ? (Math.min(...within) as VerificationReminderDays) : null;
}
