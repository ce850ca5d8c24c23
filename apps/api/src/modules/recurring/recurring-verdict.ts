/**
 * What a recurring purchase comes to for a draw, decided under its locks from what was read with
 * them (no database here): nothing, a refusal, a skip (under the minimum jackpot, or while the
 * customer's standing refuses buying: a break, an older account to move in, a spend limit to set),
 * or a purchase; the
 * attempt that records it, and the event that tells of it.
 */
import {
  accountRefusal,
  BELOW_MINIMUM_JACKPOT,
  balanceSplit,
  belowMinimumJackpot,
  billingPeriodKey,
  isRecurringFailureReason,
  type RecurringFailureReason,
  skipsRecurring,
  takesEntries,
} from '@drawhouse/domain';
import type { PurchaseLine } from '../checkout/index.ts';
import { type AccountRow, accountBalance } from '../ledger/index.ts';
import type { OutboxEvents } from '../outbox/index.ts';
import type {
  AttemptOutcome,
  AttemptToRecord,
  DrawRow,
  RecurringPurchaseRow,
  RecurringToBuy,
} from './recurring-processor.repository.ts';

/** The period an attempt is for: the draw, or a membership's billing period. */
export function periodOf(p: RecurringPurchaseRow, draw: DrawRow | null, at: Date): string {
  if (draw) return draw.id;
  return billingPeriodKey(p.billingPeriod ?? 'monthly', p.createdAt, at);
}

/** A due recurring purchase with the entry to buy for it (null: its entry no longer fits). */
export type DueEntry = { due: RecurringPurchaseRow; line: PurchaseLine | null };

export type Balances = { promo: number; wallet: number };

export const balancesOf = (accounts: Record<'wallet' | 'promo', AccountRow>): Balances => ({
  promo: accountBalance(accounts.promo).availableCents,
  wallet: accountBalance(accounts.wallet).availableCents,
});

/** What to do with a recurring purchase for a draw, decided under its locks. */
export type Verdict =
  | { kind: 'none' }
  | {
      kind: 'refuse';
      purchase: RecurringPurchaseRow;
      resume: boolean;
      reason: RecurringFailureReason;
      /** Insufficient funds with a saved card as the method: what the card may pay. */
      shortfallCents?: number;
    }
  | {
      kind: 'skip';
      purchase: RecurringPurchaseRow;
      resume: boolean;
      /**
       * below_minimum_jackpot, or what the customer's standing refuses (take_a_break, self_excluded,
       * migration_required, spend_limit_required): nothing is bought meanwhile (ADR 077, 085).
       */
      reason: string;
    }
  | { kind: 'buy'; purchase: RecurringPurchaseRow; resume: boolean; fromPromo: number };

/**
 * Decides one recurring purchase as read under its locks: nothing (paused, cancelled, decided for the
 * period already, the draw no longer taking entries), a refusal, a skip under the minimum jackpot, or
 * a purchase paid from promotional credit then the wallet. `fundingRefusal`: the saved card chosen as
 * the method could not pay the shortfall, and a purchase still short of funds is refused for that.
 */
export function verdictOf(args: {
  found: RecurringToBuy | undefined;
  due: RecurringPurchaseRow;
  draw: DrawRow | null;
  line: PurchaseLine | null;
  at: Date;
  limits: { refusal: (customerId: string, amountCents: number) => { code: string } | null };
  accounts: Balances;
  fundingRefusal?: RecurringFailureReason;
}): Verdict {
  const { found, draw, at } = args;
  const p = found?.purchase;
  if (!found || !p || p.productOfferKey !== args.due.productOfferKey) return { kind: 'none' };
  if (p.status === 'paused' || p.status === 'cancelled') return { kind: 'none' };
  if (p.status === 'timed_paused' && (p.pausedUntil === null || p.pausedUntil > at)) return { kind: 'none' };
  if (found.attemptStatus !== undefined && found.attemptStatus !== 'soft_failure') return { kind: 'none' };
  if (draw && !takesEntries(draw, at)) return { kind: 'none' };
  const base = { purchase: p, resume: p.status === 'timed_paused' };
  const refuse = (reason: RecurringFailureReason): Verdict => ({ kind: 'refuse', ...base, reason });
  const account = accountRefusal(found.customerStatus);
  if (account) return refuse(account);
  if (!found.offerOnSale) return refuse('offer_withdrawn');
  if (!found.customerVerified) return refuse('verification_required');
  if (!args.line) return refuse('entry_unavailable');
  if (
    draw &&
    belowMinimumJackpot(draw.isPrizePoolUnknown ? null : draw.prizePoolCents, p.minimumJackpotCents)
  )
    return { kind: 'skip', ...base, reason: BELOW_MINIMUM_JACKPOT };
  const amount = p.unitPriceCents * p.quantity;
  const limit = args.limits.refusal(p.customerId, amount);
  if (limit && skipsRecurring(limit.code)) return { kind: 'skip', ...base, reason: limit.code };
  if (limit) return refuse(isRecurringFailureReason(limit.code) ? limit.code : 'spend_limit');
  const split = balanceSplit(amount, args.accounts, true);
  if (split.fromDeposit > 0) {
    if (args.fundingRefusal) return refuse(args.fundingRefusal);
    const shortfall = found.paysByCard ? { shortfallCents: split.fromDeposit } : {};
    return { kind: 'refuse', ...base, reason: 'insufficient_funds', ...shortfall };
  }
  return { kind: 'buy', ...base, fromPromo: split.fromPromo };
}

/** The attempt recorded for a period's outcome. */
export function attemptOf(
  p: RecurringPurchaseRow,
  draw: DrawRow | null,
  periodKey: string,
  status: AttemptOutcome,
  reason: string | null,
  orderId: string | null,
  at: Date,
): AttemptToRecord {
  return {
    recurringPurchaseId: p.id,
    customerId: p.customerId,
    drawId: draw?.id ?? null,
    periodKey,
    status,
    reason,
    verificationRequired: reason === 'verification_required',
    orderId,
    at,
  };
}

/**
 * The `recurring.attempted` event of an attempt just recorded, or none when this period's attempt
 * had come to the same before (a soft failure tried again for the same reason). `afterCard`: the try
 * after the saved card was charged, whose outcome is always written (the try before it wrote none).
 */
export function attemptedEvent(
  before: Pick<RecurringToBuy, 'purchase' | 'attemptStatus' | 'attemptReason'>,
  a: AttemptToRecord,
  attemptId: string,
  afterCard: boolean,
): OutboxEvents['recurring.attempted'] | undefined {
  const again = before.attemptStatus === a.status && before.attemptReason === a.reason;
  if (again && !afterCard) return undefined;
  const last = before.purchase;
  return {
    customerId: a.customerId,
    recurringPurchaseId: a.recurringPurchaseId,
    attemptId,
    periodKey: a.periodKey,
    status: a.status,
    reason: a.reason,
    sameAsLastDraw:
      a.status === 'hard_failure' &&
      last.lastAttemptStatus === 'hard_failure' &&
      last.lastAttemptReason === a.reason,
  };
}
