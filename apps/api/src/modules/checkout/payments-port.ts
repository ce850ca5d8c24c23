/**
 * What checkout uses of the payments module, in checkout's words: starting a deposit inside the
 * purchase's transaction (a decline refuses the purchase with the gateway's message, 402), and being
 * told, inside the transaction that posts it, that a checkout deposit succeeded after a wait.
 */
import type { DepositPurpose, Transaction } from '@drawhouse/db';
import { AppError } from '../../http/errors.ts';
import type { AppDeps } from '../../http/types.ts';
import { paymentsOf } from '../payments/index.ts';

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

/** A deposit as started: posted already, or waiting for the customer at `redirectUrl`. */
export type StartedDeposit = { id: string; succeeded: boolean; redirectUrl: string | null };

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

    async startDeposit(tx: Transaction, input: StartDepositInput): Promise<StartedDeposit> {
      const started = await payments.startDeposit(tx, {
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
      if (started.outcome === 'declined') {
        throw new AppError(402, started.code ?? 'card_declined', started.message ?? DEPOSIT_FAILED);
      }
      return {
        id: started.deposit.id,
        succeeded: started.outcome === 'succeeded',
        redirectUrl: started.redirectUrl ?? null,
      };
    },

    /**
     * `complete` runs in a savepoint of the transaction that posts the deposit: it answers the
     * checkout it made, or throws (an AppError's message is recorded on the deposit with
     * `deposit_purchase_checkout_failure`; the money stays in the wallet).
     */
    onCheckoutDepositSucceeded(
      complete: (tx: Transaction, deposit: CheckoutDeposit) => Promise<string>,
    ): void {
      payments.onCheckoutDepositSucceeded(async (tx, deposit) => {
        if (deposit.purpose.kind !== 'checkout') return undefined;
        const checkoutId = await complete(tx, {
          id: deposit.id,
          customerId: deposit.customerId,
          amountCents: deposit.amountCents,
          purpose: deposit.purpose,
        });
        return { checkoutId };
      });
    },
  };
}

export type PaymentsPort = ReturnType<typeof paymentsPort>;
