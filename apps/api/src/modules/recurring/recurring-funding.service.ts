/**
 * Funding a recurring purchase from the saved card chosen as the recurring purchase method (ADR 029).
 * The processor calls `fundShortfall` outside its purchase transaction when a purchase is refused
 * for `insufficient_funds`, then tries the purchase once more: the shortfall is charged to the card
 * off session as a top-up deposit posted to the wallet, and the wallet pays as always.
 *
 * Once per (recurring purchase, period): the deposit is keyed `recurring:{id}:{period}:funding`,
 * every try a row of its own under the customer's ledger lock, and once one took money the key is
 * answered `funded` again without a charge, whether the second call came at the same moment, after
 * a crash or at the next sweep. A try still `charging` (its answer lost) is charged again under its
 * deposit id, which is the gateway's idempotency key, so it is never charged twice.
 */

import type { RecurringFailureReason } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { ledgerQueries } from '../ledger/index.ts';
import type { PaymentsDeps } from '../payments/index.ts';
import { depositMethod, GatewayUnavailableError, paymentsOf } from '../payments/index.ts';
import { recurringRepository } from './recurring.repository.ts';
import { savedCardExpired, WALLET_METHOD } from './recurring-method.service.ts';

export type RecurringFundingDeps = PaymentsDeps;

export type FundShortfallArgs = {
  customerId: string;
  recurringPurchaseId: string;
  periodKey: string;
  /** What the wallet and promotional credit leave to pay, in cents (more than 0). */
  shortfallCents: number;
  at: Date;
};

export type FundShortfallAnswer =
  | { outcome: 'funded' }
  /** The method is the wallet: nothing to charge. */
  | { outcome: 'not_card' }
  | { outcome: 'failed'; reason: RecurringFailureReason };

/** The funding deposit's key for one recurring purchase and period. */
export const recurringFundingKey = (recurringPurchaseId: string, periodKey: string) =>
  `recurring:${recurringPurchaseId}:${periodKey}:funding`;

const failed = (reason: RecurringFailureReason): FundShortfallAnswer => ({ outcome: 'failed', reason });

/** A refusal by the payments module or the limits in the recurring purchase's words. */
const REFUSALS: Record<string, RecurringFailureReason> = {
  card_expired: 'card_expired',
  fund_not_found: 'payment_method_unavailable',
  // A card saved with a gateway that is no longer the shop's: it cannot be charged any more.
  gateway_unavailable: 'payment_method_unavailable',
  method_unavailable: 'payment_method_unavailable',
  deposit_limit: 'deposit_limit',
  verify_account_required: 'verification_required',
  verification_required: 'verification_required',
};

function reasonOf(error: unknown): RecurringFailureReason | undefined {
  if (error instanceof GatewayUnavailableError) return 'gateway_unavailable';
  if (error instanceof AppError) return REFUSALS[error.code];
  return undefined;
}

export function createRecurringFunding(deps: RecurringFundingDeps) {
  const payments = paymentsOf(deps);

  return {
    /**
     * Charges the shortfall (at least the card deposit's minimum) to the saved card chosen as the
     * method. `funded`: the wallet now holds it (or did already for this period); `not_card`: the
     * method is the wallet; `failed`: why the card did not pay (nothing charged): expired, removed
     * or needing 3-D Secure is final, a decline, the gateway out of reach or a deposit limit is not.
     */
    async fundShortfall(args: FundShortfallArgs): Promise<FundShortfallAnswer> {
      if (!Number.isSafeInteger(args.shortfallCents) || args.shortfallCents <= 0) {
        throw new RangeError(`no shortfall to fund: ${args.shortfallCents}`);
      }
      try {
        // The deposit made and held under the customer's lock, the card charged once that commits,
        // the answer applied in a second transaction (ADR 049).
        const started = await deps.db.transaction(async (tx) => {
          await ledgerQueries(tx).lockCustomer(args.customerId);
          const repo = recurringRepository(tx);
          const key = await repo.methodKey(args.customerId);
          if (key === WALLET_METHOD) return { outcome: 'not_card' } as const;
          const card = (await repo.cards(args.customerId)).find((c) => c.id === key);
          if (!card) return failed('payment_method_unavailable');
          if (savedCardExpired(card, args.at)) return failed('card_expired');
          const { minCents, maxCents } = depositMethod(card.methodCode).rules;
          const amountCents = Math.max(args.shortfallCents, minCents);
          if (amountCents > maxCents) return failed('deposit_limit');
          return payments.startDeposit(tx, {
            customerId: args.customerId,
            fundId: card.id,
            amountCents,
            purpose: { kind: 'top_up' },
            offSession: { key: recurringFundingKey(args.recurringPurchaseId, args.periodKey) },
          });
        });
        if ('outcome' in started) return started;
        const charged = await payments.chargeDeposit(started);
        const ended = await deps.db.transaction((tx) => payments.applyCharge(tx, charged));
        if (ended.outcome === 'succeeded') return { outcome: 'funded' };
        if (ended.refusal) throw ended.refusal;
        // Off session a gateway declines instead of asking for a challenge: a hold would be a bug.
        if (ended.outcome === 'challenge') throw new Error(`off-session deposit ${ended.deposit.id} waits`);
        // The declined try stays recorded, so the next one is a new charge at the gateway.
        return failed(ended.code === 'authentication_required' ? 'authentication_required' : 'card_declined');
      } catch (error) {
        const reason = reasonOf(error);
        if (reason) return failed(reason);
        throw error;
      }
    },
  };
}

export type RecurringFunding = ReturnType<typeof createRecurringFunding>;
