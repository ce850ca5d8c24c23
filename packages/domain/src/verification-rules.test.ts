import { describe, expect, it } from 'vitest';
import { verifiedNotice } from './verification-notice.ts';
import { verificationRules } from './verification-rules.ts';

const now = new Date('2026-11-27T03:00:00Z');

describe('verificationRules', () => {
  it('unlocks deposits over the cap and withdrawals, due 14 days after the first deposit', () => {
    const rules = verificationRules({
      verified: false,
      depositCapCents: 50_000,
      firstDepositAt: new Date('2026-11-20T03:00:00Z'),
      now,
    });
    expect(rules).toEqual({
      depositCap: { amount: 500, currency: 'AUD' },
      unlocks: ['deposits_over_cap', 'withdrawals'],
      deadlineDays: 14,
      deadline: '2026-12-04T03:00:00.000Z',
      overdue: false,
    });
  });

  it('takes a configured deadline and says when it has passed', () => {
    const rules = verificationRules({
      verified: false,
      depositCapCents: 50_000,
      firstDepositAt: new Date('2026-11-20T03:00:00Z'),
      now,
      deadlineDays: 3,
    });
    expect(rules.deadline).toBe('2026-11-23T03:00:00.000Z');
    expect(rules.overdue).toBe(true);
  });

  it('has no deadline before the first deposit or once verified', () => {
    const base = { depositCapCents: 50_000, now };
    expect(verificationRules({ ...base, verified: false, firstDepositAt: null }).deadline).toBeNull();
    expect(verificationRules({ ...base, verified: true, firstDepositAt: now }).deadline).toBeNull();
  });
});

describe('verifiedNotice', () => {
  it('says the cap and the withdrawal block are lifted', () => {
    const notice = verifiedNotice(50_000);
    expect(notice.title).toBe('Your account is verified');
    expect(notice.message).toContain('$500.00 limit on your deposits is lifted');
    expect(notice.message).toContain('withdraw');
  });
});
