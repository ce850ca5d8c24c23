/**
 * What verifying the account unlocks and by when it is due. Until then deposits are capped in total
 * and withdrawals refused; verification is due a number of days after the first deposit (14 unless
 * configured), after which the account page says it is overdue.
 */
import { centsToMoney, type Money } from './money.ts';
import {
  VERIFICATION_DEADLINE_DAYS,
  verificationDeadline,
  verificationOverdue,
} from './verification-deadline.ts';

export const VERIFICATION_UNLOCKS = ['deposits_over_cap', 'withdrawals'] as const;
export type VerificationUnlock = (typeof VERIFICATION_UNLOCKS)[number];

/** The total an unverified account may deposit, in cents ($500). */
export const UNVERIFIED_DEPOSIT_CAP_CENTS = 50_000;

export type VerificationRules = {
  /** The total an unverified account may deposit. */
  depositCap: Money;
  unlocks: VerificationUnlock[];
  deadlineDays: number;
  /** When verification is due (ISO instant): null before the first deposit or once verified. */
  deadline: string | null;
  overdue: boolean;
};

export function verificationRules(args: {
  verified: boolean;
  depositCapCents: number;
  firstDepositAt: Date | null;
  now: Date;
  deadlineDays?: number;
}): VerificationRules {
  const deadlineDays = args.deadlineDays ?? VERIFICATION_DEADLINE_DAYS;
  const facts = { verified: args.verified, firstDepositAt: args.firstDepositAt, deadlineDays };
  const due = verificationDeadline(facts);
  return {
    depositCap: centsToMoney(args.depositCapCents),
    unlocks: [...VERIFICATION_UNLOCKS],
    deadlineDays,
    deadline: due?.toISOString() ?? null,
    overdue: verificationOverdue(facts, args.now),
  };
}
