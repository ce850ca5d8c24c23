/**
 * Who may release a draw's held prizes (prizes over the approval threshold wait for finance).
 * Decision: held prizes that together come to the second-approval limit or less are released by one
 * finance operator; over it, the first approval is recorded and a second, different operator's
 * approval releases them. The first approval is of an amount: when the held total has changed since
 * (more prizes were held), it no longer counts and the next approval is a first one again.
 */
export type PrizeRelease =
  | { outcome: 'release' }
  | { outcome: 'first_approval' }
  | { outcome: 'refused'; message: string };

export function prizeRelease(args: {
  heldCents: number;
  limitCents: number;
  firstApproval: { operator: string; cents: number } | null;
  operator: string;
}): PrizeRelease {
  if (args.heldCents <= args.limitCents) return { outcome: 'release' };
  const first = args.firstApproval;
  if (first === null || first.cents !== args.heldCents) return { outcome: 'first_approval' };
  if (first.operator === args.operator) {
    return {
      outcome: 'refused',
      message: `${args.operator} approved these prizes already: a second, different finance operator must release them.`,
    };
  }
  return { outcome: 'release' };
}
