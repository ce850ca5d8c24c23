/**
 * What checkout uses of the payments module, in checkout's words: starting a deposit inside the
 * purchase's first transaction, charging it with none open, applying the answer in a second (ADR
 * 049; a decline refuses the purchase with the gateway's message, 402), and being told, inside the
 * transaction that posts it, that a checkout deposit succeeded.
 */
import type { DepositPurpose, Transaction } from '@drawhouse/db';
import { AppError } from '../../http/errors.ts';
import type { AppDeps } from '../../http/types.ts';
import { type ChargedDeposit, paymentsOf, type StartedDeposit } from '../payments/index.ts';

export type CheckoutPurpose = Extract<DepositPurpose, { kind: 'checkout' }>;

export type StartDepositInput = {
  customerId: string;
  /** A saved fund, or an Apple Pay / Google Pay payment with its sheet's token. */
  fundId?: string | undefined;
  wallet?: { code: 'ap' | 'gp'; walletToken: string } | undefined;
  amountCents: number;
  csc?: string | undefined;
  /** The gateway the customer chose; a saved card is charged through the one it was saved with. */
  gateway?: string | undefined;
  purpose: CheckoutPurpose;
};

export type { ChargedDeposit, StartedDeposit };

/**
 * A deposit once its charge is applied: waiting for the customer at `redirectUrl`, or posted with
 * the purchase it paid for (`checkoutId`) or why that purchase failed (the money is in the wallet).
 */
export type AppliedDeposit =
  | { id: string; redirectUrl: string }
  | { id: string; checkoutId: string }
  | { id: string; failure: { code: string; message: string } };

/** A checkout deposit the gateway confirmed after the customer's challenge or approval. */
export type CheckoutDeposit = {
  id: string;
  customerId: string;
  amountCents: number;
  purpose: CheckoutPurpose;
};

export const DEPOSIT_FAILED =
  "We're experiencing technical difficulties. Please reload the page to try again.";

export function paymentsPort(deps: AppDeps) {
  const payments = paymentsOf(deps);
  return {
    /** After a refused purchase (its work rolled back): a card declined before it ever paid is not kept. */
    forgetDeclinedCard: (customerId: string, fundId: string): Promise<boolean> =>
      payments.funds.forgetDeclinedCard(customerId, fundId),

    /** Makes the deposit `charging` and holds its amount, in the purchase's first transaction. */
    startDeposit(tx: Transaction, input: StartDepositInput): Promise<StartedDeposit> {
      return payments.startDeposit(tx, {
        customerId: input.customerId,
        ...(input.fundId ? { fundId: input.fundId } : {}),
        ...(input.wallet
          ? {
              wallet: {
                code: input.wallet.code,
                gateway: input.gateway ?? payments.gateway.key,
                token: input.wallet.walletToken,
              },
            }
          : {}),
        amountCents: input.amountCents,
        purpose: input.purpose,
        ...(input.csc ? { csc: input.csc } : {}),
        ...(input.gateway ? { gateway: input.gateway } : {}),
      });
    },

    /** The gateway's charge, with no transaction open. */
    chargeDeposit: (started: StartedDeposit): Promise<ChargedDeposit> => payments.chargeDeposit(started),

    /**
     * Applies the charge's answer in the purchase's second transaction (a success runs the
     * purchase through `onCheckoutDepositSucceeded`); a decline is answered as the 402 refusing it.
     */
    async applyCharge(tx: Transaction, charged: ChargedDeposit): Promise<AppliedDeposit | AppError> {
      const ended = await payments.applyCharge(tx, charged);
      const { deposit } = ended;
      if (ended.outcome === 'declined') {
        return (
          ended.refusal ?? new AppError(402, ended.code ?? 'card_declined', ended.message ?? DEPOSIT_FAILED)
        );
      }
      if (ended.outcome === 'challenge') {
        if (!ended.redirectUrl) {
          throw new Error(`deposit ${deposit.id} waits for the customer without a redirect_url`);
        }
        return { id: deposit.id, redirectUrl: ended.redirectUrl };
      }
      if (deposit.checkoutId) return { id: deposit.id, checkoutId: deposit.checkoutId };
      return {
        id: deposit.id,
        failure: {
          code: deposit.failureCode ?? 'card_declined',
          message: deposit.failureMessage ?? DEPOSIT_FAILED,
        },
      };
    },

    /**
     * `complete` runs in a savepoint of the transaction that posts the deposit: it answers the
     * checkout it made (undefined: a deposit it does not complete), or throws (an AppError's message is recorded on the deposit with
     * `deposit_purchase_checkout_failure`; the money stays in the wallet).
     */
    onCheckoutDepositSucceeded(
      complete: (tx: Transaction, deposit: CheckoutDeposit) => Promise<string | undefined>,
    ): void {
      payments.onCheckoutDepositSucceeded(async (tx, deposit) => {
        if (deposit.purpose.kind !== 'checkout') return undefined;
        const checkoutId = await complete(tx, {
          id: deposit.id,
          customerId: deposit.customerId,
          amountCents: deposit.amountCents,
          purpose: deposit.purpose,
        });
        return checkoutId ? { checkoutId } : undefined;
      });
    },
  };
}

export type PaymentsPort = ReturnType<typeof paymentsPort>;
