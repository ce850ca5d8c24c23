import { describe, expect, it } from 'vitest';
import { payoutDestinationAddedNotice } from './payout-destination.ts';

const added = new Date('2026-11-27T06:00:00Z');

describe('payoutDestinationAddedNotice', () => {
  it('names the destination, when it was added and when it can be used', () => {
    const notice = payoutDestinationAddedNotice('Mallory Attacker, BSB 062-000, account ending 5678', added);
    expect(notice.title).toBe('A bank account was added for your withdrawals');
    expect(notice.message).toContain('Mallory Attacker, BSB 062-000, account ending 5678 was added');
    expect(notice.message).toContain('27 November 2026 at 5:00 pm');
    expect(notice.message).toContain("wait for our team's approval until 28 November 2026 at 5:00 pm");
    expect(notice.message).toContain('If you did not add it');
  });
});
