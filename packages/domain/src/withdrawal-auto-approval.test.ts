import { describe, expect, it } from 'vitest';
import { type AutoApprovalInput, autoApproval } from './withdrawal-auto-approval.ts';

const now = new Date('2026-11-27T10:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const base: AutoApprovalInput = {
  verified: true,
  amountCents: 5_000,
  thresholdCents: 200_000,
  approvedByRuleRecentlyCents: 0,
  destinationAddedAt: hoursAgo(25),
  destinationFailed: false,
  securityChangedAt: hoursAgo(72),
  locked: false,
  now,
};

describe('autoApproval', () => {
  it('approves a verified customer under the threshold to an old account with no recent change', () => {
    expect(autoApproval(base)).toEqual({ outcome: 'approve' });
    expect(autoApproval({ ...base, securityChangedAt: null })).toEqual({ outcome: 'approve' });
  });

  it('approves up to the threshold itself, counting what the rule approved in the last day', () => {
    expect(autoApproval({ ...base, amountCents: 200_000 }).outcome).toBe('approve');
    expect(autoApproval({ ...base, amountCents: 200_001 })).toEqual({
      outcome: 'operator',
      reasons: ['over_threshold'],
    });
    expect(autoApproval({ ...base, amountCents: 100_000, approvedByRuleRecentlyCents: 100_001 })).toEqual({
      outcome: 'operator',
      reasons: ['over_threshold'],
    });
  });

  it('a threshold of 0 turns the rule off', () => {
    expect(autoApproval({ ...base, thresholdCents: 0, amountCents: 1_000 }).outcome).toBe('operator');
  });

  it('an account added less than 24 hours ago waits for an operator', () => {
    expect(autoApproval({ ...base, destinationAddedAt: hoursAgo(23.9) })).toEqual({
      outcome: 'operator',
      reasons: ['new_destination'],
    });
    expect(autoApproval({ ...base, destinationAddedAt: hoursAgo(24) }).outcome).toBe('approve');
  });

  it('an account whose bank refused a payment waits for an operator', () => {
    expect(autoApproval({ ...base, destinationFailed: true })).toEqual({
      outcome: 'operator',
      reasons: ['failed_destination'],
    });
  });

  it('a password, two-factor or email change in the last 24 hours, or a locked factor, waits', () => {
    expect(autoApproval({ ...base, securityChangedAt: hoursAgo(1) })).toEqual({
      outcome: 'operator',
      reasons: ['recent_security_change'],
    });
    expect(autoApproval({ ...base, locked: true })).toEqual({ outcome: 'operator', reasons: ['locked'] });
  });

  it('names every reason that applies', () => {
    expect(
      autoApproval({
        ...base,
        verified: false,
        amountCents: 300_000,
        destinationAddedAt: hoursAgo(1),
        destinationFailed: true,
        securityChangedAt: hoursAgo(1),
        locked: true,
      }),
    ).toEqual({
      outcome: 'operator',
      reasons: [
        'not_verified',
        'over_threshold',
        'new_destination',
        'failed_destination',
        'recent_security_change',
        'locked',
      ],
    });
  });
});
