/**
 * What checkout uses of the payments module: starting a deposit inside the purchase's transaction,
 * and being told (inside the transaction that posts it) when a checkout deposit succeeded later.
 */
import type { DbOrTx, DepositPurpose, DepositStatus } from '@drawhouse/db';

export type CheckoutPurpose = Extract<DepositPurpose, { kind: 'checkout' }>;

export type StartDepositInput = {
  customerId: string;
  fundId: string;
  amountCents: number;
  csc?: string | undefined;
  gateway?: string | undefined;
  purpose: CheckoutPurpose;
};

/** A deposit as started: posted already (`succeeded`), or waiting for the customer at `redirectUrl`. */
export type StartedDeposit = { id: string; status: DepositStatus; redirectUrl: string | null };

/** A checkout deposit the gateway confirmed after the customer's challenge or approval. */
export type CheckoutDeposit = {
  id: string;
  customerId: string;
  amountCents: number;
  purpose: CheckoutPurpose;
};

export type CheckoutDepositOutcome = { checkoutId: string } | { failure: { code: string; message: string } };

export type PaymentsPort = {
  startDeposit: (tx: DbOrTx, input: StartDepositInput) => Promise<StartedDeposit>;
  onCheckoutDepositSucceeded: (
    listener: (tx: DbOrTx, deposit: CheckoutDeposit) => Promise<CheckoutDepositOutcome>,
  ) => void;
};

/** The payments module's deposits, once it offers them; undefined until then. */
export function paymentsPort(): PaymentsPort | undefined {
  return undefined;
}
