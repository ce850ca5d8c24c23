import { sendVerificationReminders } from '../modules/verification/index.ts';
import type { JobDeps } from './job-deps.ts';

export const VERIFICATION_REMINDERS_JOB = 'verification-reminders';

/** Daily: reminds unverified customers 3 days and 1 day before their deadline (each once). */
export function verificationRemindersJob(deps: JobDeps, now?: Date): Promise<number> {
  const at = now ?? deps.now?.() ?? new Date();
  return sendVerificationReminders(deps.db, at, deps.config.verification.deadlineDays);
}
