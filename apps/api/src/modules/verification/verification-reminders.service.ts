/**
 * The daily verification reminders: for each unverified customer whose deadline is 3 days away (then
 * 1 day away), one `verification.reminder` event in one transaction; a reminder already emitted for
 * that customer and that many days is not emitted again, so running the job twice tells once. The
 * `verification-reminder` subscriber turns each into a feed entry and a mail.
 */
import type { Database } from '@drawhouse/db';
import { reminderDue, VERIFICATION_REMINDER_DAYS, verificationDeadline } from '@drawhouse/domain';
import { emit } from '../outbox/index.ts';
import { verificationRemindersRepository } from './verification-reminders.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Emits the reminders due at `now`; answers how many. */
export async function sendVerificationReminders(
  db: Database,
  now: Date,
  deadlineDays: number,
): Promise<number> {
  const furthest = Math.max(...VERIFICATION_REMINDER_DAYS);
  const from = new Date(now.getTime() - deadlineDays * DAY_MS);
  const to = new Date(now.getTime() + (furthest - deadlineDays) * DAY_MS + 1);
  return db.transaction(async (tx) => {
    const repo = verificationRemindersRepository(tx);
    const candidates = await repo.firstDepositedWithin(from, to);
    const sent = await repo.sent(candidates.map((c) => c.customerId));
    let emitted = 0;
    for (const { customerId, firstDepositAt } of candidates) {
      const deadline = verificationDeadline({ verified: false, firstDepositAt, deadlineDays });
      const days = deadline && reminderDue(deadline, now);
      if (!deadline || !days || sent.has(`${customerId}:${days}`)) continue;
      await emit(tx, 'verification.reminder', customerId, {
        customerId,
        days,
        deadline: deadline.toISOString(),
      });
      emitted += 1;
    }
    return emitted;
  });
}
