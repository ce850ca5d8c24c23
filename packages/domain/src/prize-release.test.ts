import { describe, expect, it } from 'vitest';
import { prizeRelease } from './prize-release.ts';

describe('prizeRelease', () => {
  const limit = { limitCents: 5_000_000 };

  it('releases up to the limit on one approval', () => {
    expect(prizeRelease({ ...limit, heldCents: 5_000_000, firstApproval: null, operator: 'ann' })).toEqual({
      outcome: 'release',
    });
  });

  it('over the limit: a first approval, then a different operator releases; the same one is refused', () => {
    const over = { ...limit, heldCents: 5_000_001 };
    expect(prizeRelease({ ...over, firstApproval: null, operator: 'ann' })).toEqual({
      outcome: 'first_approval',
    });
    const first = { operator: 'ann', cents: 5_000_001 };
    const same = prizeRelease({ ...over, firstApproval: first, operator: 'ann' });
    expect(same.outcome).toBe('refused');
    expect(same).toMatchObject({ message: expect.stringMatching(/second, different finance operator/) });
    expect(prizeRelease({ ...over, firstApproval: first, operator: 'bob' })).toEqual({ outcome: 'release' });
  });

  it('counts a first approval only for the total it approved', () => {
    const first = { operator: 'ann', cents: 6_000_000 };
    expect(prizeRelease({ ...limit, heldCents: 9_000_000, firstApproval: first, operator: 'bob' })).toEqual({
      outcome: 'first_approval',
    });
  });
});
