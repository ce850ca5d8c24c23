import { describe, expect, it } from 'vitest';
import {
  reminderDue,
  verificationDeadline,
  verificationOverdue,
  verificationReminderNotice,
  verificationRequiredMessage,
} from './verification-deadline.ts';

const firstDepositAt = new Date('2026-11-01T03:00:00Z');
const deadline = new Date('2026-11-15T03:00:00Z');

describe('verification deadline', () => {
  it('falls 14 days after the first deposit unless configured', () => {
    expect(verificationDeadline({ verified: false, firstDepositAt })).toEqual(deadline);
    expect(verificationDeadline({ verified: false, firstDepositAt, deadlineDays: 3 })).toEqual(
      new Date('2026-11-04T03:00:00Z'),
    );
  });

  it('stops deposits only after the deadline, not before or at it', () => {
    const facts = { verified: false, firstDepositAt };
    expect(verificationOverdue(facts, new Date('2026-11-15T02:59:59Z'))).toBe(false);
    expect(verificationOverdue(facts, deadline)).toBe(false);
    expect(verificationOverdue(facts, new Date('2026-11-15T03:00:01Z'))).toBe(true);
  });

  it('never blocks a verified customer', () => {
    expect(verificationDeadline({ verified: true, firstDepositAt })).toBeNull();
    expect(verificationOverdue({ verified: true, firstDepositAt }, new Date('2027-06-01'))).toBe(false);
  });

  it('has no deadline before the first deposit', () => {
    expect(verificationDeadline({ verified: false, firstDepositAt: null })).toBeNull();
    expect(verificationOverdue({ verified: false, firstDepositAt: null }, new Date('2027-06-01'))).toBe(
      false,
    );
  });

  it('tells the customer to verify, links the page and dates the deadline', () => {
    expect(verificationRequiredMessage(deadline)).toContain('/my-account/verify-account');
    const notice = verificationReminderNotice(deadline);
    expect(notice.message).toBe(
      'Verify your account by Sunday 15 November 2026: after it, deposits stop until you do.',
    );
    expect(notice.actions[0]?.link).toBe('/my-account/verify-account');
  });
});

describe('reminderDue', () => {
  const at = (iso: string) => new Date(iso);
  it('is 3 within three days of the deadline, 1 within one day, none before or after', () => {
    expect(reminderDue(deadline, at('2026-11-12T02:59:59Z'))).toBeNull();
    expect(reminderDue(deadline, at('2026-11-12T03:00:00Z'))).toBe(3);
    expect(reminderDue(deadline, at('2026-11-14T02:00:00Z'))).toBe(3);
    expect(reminderDue(deadline, at('2026-11-14T03:00:00Z'))).toBe(1);
    expect(reminderDue(deadline, deadline)).toBeNull();
  });
});
