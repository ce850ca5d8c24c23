/**
 * What verifying the account unlocks and by when it is due. Until then deposits are capped in total
 * and withdrawals refused; verification is due a number of days after the first deposit (14 unless
 * configured), after which the account page says it is overdue.
 */
import { centsToMoney, type Money } from './money.ts';

export const VERIFICATION_UNLOCKS = ['deposits_over_cap', 'withdrawals'] as const;
export type VerificationUnlock = (typeof VERIFICATION_UNLOCKS)[number];

export const VERIFICATION_DEADLINE_DAYS = 14;

/** The total an unverified account may deposit, in cents ($500). */
export const UNVERIFIED_DEPOSIT_CAP_CENTS = 50_000;

const DAY_MS = 24 * 60 * 60 * 1000;

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
  const due =
    args.verified || args.firstDepositAt === null
      ? null
      : new Date(args.firstDepositAt.getTime() + deadlineDays * DAY_MS);
  return {
    depositCap: centsToMoney(args.depositCapCents),
    unlocks: [...VERIFICATION_UNLOCKS],
    deadlineDays,
    deadline: due?.toISOString() ?? null,
    overdue: due !== null && args.now.getTime() > due.getTime(),
  };
}
