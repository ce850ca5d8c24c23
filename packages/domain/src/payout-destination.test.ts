import { describe, expect, it } from 'vitest';
import {
  PAYOUT_DESTINATION_WAIT_MS,
  payoutDestinationAddedNotice,
  payoutDestinationWait,
} from './payout-destination.ts';

const added = new Date('2026-11-27T06:00:00Z');

describe('payoutDestinationWait', () => {
  it('refuses a destination younger than 24 hours, saying when it can be used', () => {
    const wait = payoutDestinationWait(added, new Date(added.getTime() + PAYOUT_DESTINATION_WAIT_MS - 1));
    expect(wait?.usableAt).toEqual(new Date('2026-11-28T06:00:00Z'));
    expect(wait?.message).toBe(
      'This bank account was added less than 24 hours ago: it can receive withdrawals from 28 November 2026 at 5:00 pm (Sydney time).',
    );
  });

  it('lets it through from 24 hours on', () => {
    expect(
      payoutDestinationWait(added, new Date(added.getTime() + PAYOUT_DESTINATION_WAIT_MS)),
    ).toBeUndefined();
  });
});

describe('payoutDestinationAddedNotice', () => {
  it('names the destination, when it was added and when it can be used', () => {
    const notice = payoutDestinationAddedNotice('Mallory Attacker, BSB 062-000, account ending 5678', added);
    expect(notice.title).toBe('A bank account was added for your withdrawals');
    expect(notice.message).toContain('Mallory Attacker, BSB 062-000, account ending 5678 was added');
    expect(notice.message).toContain('27 November 2026 at 5:00 pm');
    expect(notice.message).toContain('from 28 November 2026 at 5:00 pm');
    expect(notice.message).toContain('If you did not add it');
  });
});
