/**
 * Who may pay a withdrawal out. Decision: a withdrawal up to the second-approval limit is paid on one
 * operator's approval; one over it is paid only when a second, different operator approves it after
 * the first (the first approval is recorded and the money stays held).
 */
export type WithdrawalApproval =
  | { outcome: 'pay' }
  | { outcome: 'first_approval' }
  | { outcome: 'refused'; message: string };

export function withdrawalApproval(args: {
  amountCents: number;
  limitCents: number;
  firstApprovedBy: string | null;
  operator: string;
}): WithdrawalApproval {
  if (args.amountCents <= args.limitCents) return { outcome: 'pay' };
  if (args.firstApprovedBy === null) return { outcome: 'first_approval' };
  if (args.firstApprovedBy === args.operator) {
    return {
      outcome: 'refused',
      message: `${args.operator} approved this withdrawal already: a second, different operator must approve it.`,
    };
  }
  return { outcome: 'pay' };
}
