import { describe, expect, it } from 'vitest';
import { withdrawalApproval } from './withdrawal-approval.ts';

describe('withdrawalApproval', () => {
  const limit = { limitCents: 200_000 };
  it('pays up to the limit on one approval', () => {
    expect(
      withdrawalApproval({ ...limit, amountCents: 200_000, firstApprovedBy: null, operator: 'ann' }),
    ).toEqual({
      outcome: 'pay',
    });
  });

  it('over the limit: a first approval, then a different operator pays; the same one is refused', () => {
    const over = { ...limit, amountCents: 200_001 };
    expect(withdrawalApproval({ ...over, firstApprovedBy: null, operator: 'ann' })).toEqual({
      outcome: 'first_approval',
    });
    expect(withdrawalApproval({ ...over, firstApprovedBy: 'ann', operator: 'ann' }).outcome).toBe('refused');
    expect(withdrawalApproval({ ...over, firstApprovedBy: 'ann', operator: 'bob' })).toEqual({
      outcome: 'pay',
    });
  });
});
