/**
 * Which withdrawals are approved by rule, without an operator, and paid at once. Decision: a verified
 * customer's withdrawal is approved by rule when, with what the rule approved for them in the last 24
 * hours, it stays within the operator's threshold, its payout account is older than 24 hours and its
 * bank never refused a payment to it, and no sign of an account takeover is recent: the password set
 * or changed (a new account's included) or two-factor sign-in changed in the last 24 hours, the second
 * factor locked after wrong codes, or the account closed. Anything else waits for an operator, as every withdrawal did before.
 */
import { PAYOUT_DESTINATION_WAIT_MS } from './payout-destination.ts';

/** How recent a security change keeps a withdrawal from being approved by rule: 24 hours. */
export const RECENT_SECURITY_CHANGE_MS = 24 * 60 * 60 * 1000;
/** The window over which the rule's approvals add up against the threshold: 24 hours. */
export const AUTO_APPROVAL_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The threshold when the operator sets none: $2,000.00. */
export const DEFAULT_AUTO_APPROVE_CENTS = 200_000;

export type AutoApprovalInput = {
  verified: boolean;
  amountCents: number;
  /** The operator's threshold (WITHDRAWAL_AUTO_APPROVE_CENTS); 0 turns the rule off. */
  thresholdCents: number;
  /** What the rule approved for this customer in the last AUTO_APPROVAL_WINDOW_MS (not failed). */
  approvedByRuleRecentlyCents: number;
  /** When the payout account was added. */
  destinationAddedAt: Date;
  /** The payout account's bank refused a payment before (failed verification). */
  destinationFailed: boolean;
  /** The latest of: password set or changed, two-factor changed, email changed (null: never). */
  securityChangedAt: Date | null;
  /** The second factor is locked after wrong codes, or the account is closed. */
  locked: boolean;
  now: Date;
};

export type AutoApprovalReason =
  | 'not_verified'
  | 'over_threshold'
  | 'new_destination'
  | 'failed_destination'
  | 'recent_security_change'
  | 'locked';

export type AutoApproval = { outcome: 'approve' } | { outcome: 'operator'; reasons: AutoApprovalReason[] };

/** Approved by rule, or why an operator must decide (every reason that applies, in a fixed order). */
export function autoApproval(input: AutoApprovalInput): AutoApproval {
  const reasons: AutoApprovalReason[] = [];
  const now = input.now.getTime();
  if (!input.verified) reasons.push('not_verified');
  if (
    input.thresholdCents <= 0 ||
    input.amountCents + Math.max(0, input.approvedByRuleRecentlyCents) > input.thresholdCents
  ) {
    reasons.push('over_threshold');
  }
  if (now - input.destinationAddedAt.getTime() < PAYOUT_DESTINATION_WAIT_MS) reasons.push('new_destination');
  if (input.destinationFailed) reasons.push('failed_destination');
  if (input.securityChangedAt && now - input.securityChangedAt.getTime() < RECENT_SECURITY_CHANGE_MS) {
    reasons.push('recent_security_change');
  }
  if (input.locked) reasons.push('locked');
  return reasons.length === 0 ? { outcome: 'approve' } : { outcome: 'operator', reasons };
}
