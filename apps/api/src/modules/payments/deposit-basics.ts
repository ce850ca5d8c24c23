/**
 * What every deposit use case shares: its types, the amount checks, crediting the wallet through the
 * ledger (debit `gateway_clearing:<gateway>`, credit `wallet`), and writing how a deposit ended to
 * the outbox in the transaction that ends it (`deposit.completed`, `deposit.failed`).
 */
import type { Database, DbOrTx, DepositPurpose, DepositStatus, Transaction } from '@drawhouse/db';
import { checkAmountInput } from '@drawhouse/domain';
import type { AppError } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { eventId, ledgerQueries } from '../ledger/index.ts';
import { emit } from '../outbox/index.ts';
import type { CardGatewayAdapter, ChargeOutcome, ChargeRequest } from './gateways/gateway.ts';
import type { MethodDefinition } from './payment-methods.ts';
import type { PaymentUrls } from './payment-urls.ts';
import type { DepositRow, FundRow } from './payments.repository.ts';

export type CheckoutDepositRow = DepositRow & { purpose: Extract<DepositPurpose, { kind: 'checkout' }> };

/**
 * Told, inside the transaction that posts it, that a checkout's deposit succeeded after a wait. It
 * answers the checkout it completed, or why the purchase failed (the money stays in the wallet).
 */
export type CheckoutDepositListener = (
  tx: Transaction,
  deposit: CheckoutDepositRow,
) => Promise<{ checkoutId?: string; failure?: { code: string; message: string } } | undefined>;

export type StartDepositInput = {
  customerId: string;
  amountCents: number;
  purpose: DepositPurpose;
  /** A saved card or PayPal fund of the customer. */
  fundId?: string;
  /** Apple Pay or Google Pay: the sheet's token, charged through `gateway`. */
  wallet?: { code: 'ap' | 'gp'; gateway: string; token: string };
  csc?: string | undefined;
  /** The gateway the caller expects (a saved card is charged through the one it was saved with). */
  gateway?: string | undefined;
  /**
   * A saved card charged without the customer there (a recurring purchase): no security code, no
   * challenge (one needed is declined `authentication_required`), and at most one charge per `key`.
   */
  offSession?: { key: string };
};

export type DepositOutcome = 'succeeded' | 'challenge' | 'declined';

export type StartDepositResult = {
  deposit: DepositRow;
  outcome: DepositOutcome;
  /** Where the customer goes next (the challenge for the frame, PayPal's approval page). */
  redirectUrl?: string;
  /** A decline's code and message in the customer's words. */
  code?: string;
  message?: string;
  /**
   * The gateway refused the charge before taking anything (a card it can no longer charge, a wallet
   * token it cannot read): the deposit is declined with its code and message, and the caller
   * answers this refusal.
   */
  refusal?: AppError;
  /** Off session: the key's money was taken by an earlier try, answered again and not charged. */
  replayed?: boolean;
};

/**
 * A card deposit made and held in the caller's transaction, to be charged once it commits (ADR 049):
 * the gateway's request, and the saved card's security-code counter when the customer typed one.
 */
export type ChargingDeposit = { deposit: DepositRow; request: ChargeRequest; cscKey?: string | undefined };

/** What starting a deposit answers: ended or waiting already (nothing to charge), or charging. */
export type StartedDeposit = { result: StartDepositResult } | { charging: ChargingDeposit };

/** A deposit after its charge: the gateway's answer (or refusal), to apply in a transaction of its own. */
export type ChargedDeposit =
  | { result: StartDepositResult }
  | { depositId: string; outcome: ChargeOutcome }
  | { depositId: string; refusal: AppError };

/** How a deposit that waited ends. */
export type DepositEnd =
  | { status: 'succeeded' }
  | { status: Extract<DepositStatus, 'declined' | 'cancelled' | 'expired'>; code: string; message: string };

export const EXPIRED_MESSAGE = 'The payment was not completed in time. Please try again.';
export const CANCELLED_MESSAGE = 'The payment was cancelled.';

type Log = { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

export type DepositsDeps = {
  db: Database;
  gateway: CardGatewayAdapter;
  urls: PaymentUrls;
  now: () => Date;
  challengeTimeoutMinutes: number;
  /** Days after the first deposit an unverified account may deposit (default 14). */
  verificationDeadlineDays?: number;
  log?: Log;
};

const amountError = (message: string, code: string) =>
  validationError(fieldErrors([['amount', message, code]]));

/** Checks an amount in cents against a method's rules: a field error on `amount` when it does not fit. */
export function assertDepositAmount(method: MethodDefinition, cents: number): void {
  const checked = checkAmountInput(cents / 100, {
    minCents: method.rules.minCents,
    maxCents: method.rules.maxCents,
  });
  if (!checked.ok) throw amountError(checked.message, checked.code);
}

/** Reads an amount a customer typed against a method's rules: cents, or a field error on `amount`. */
export function readDepositAmount(method: MethodDefinition, amount: number | string): number {
  const checked = checkAmountInput(amount, {
    minCents: method.rules.minCents,
    maxCents: method.rules.maxCents,
  });
  if (!checked.ok) throw amountError(checked.message, checked.code);
  return checked.cents;
}

/** Credits a deposit to the wallet: posted now, or held (pending) while it waits. Answers the transfer's id. */
export async function creditWallet(
  tx: DbOrTx,
  deposit: DepositRow,
  description: string,
  mode: 'post' | 'hold',
): Promise<string> {
  const ledger = ledgerQueries(tx);
  const accounts = await ledger.customerAccounts(deposit.customerId);
  const transfer = {
    id: eventId(`deposit:${deposit.id}`),
    debitAccountId: await ledger.houseAccount('gateway_clearing', deposit.gateway),
    creditAccountId: accounts.wallet.id,
    amountCents: deposit.amountCents,
    code: 'deposit' as const,
    customerId: deposit.customerId,
    reference: deposit.id,
    description,
  };
  if (mode === 'post') await ledger.post([transfer]);
  else await ledger.hold(transfer);
  return transfer.id;
}

/**
 * Writes how a deposit ended, in the transaction that ends it: `deposit.completed` once it is posted,
 * `deposit.failed` once it is declined, cancelled or expired. A deposit still waiting writes nothing.
 */
export async function depositEnded(tx: DbOrTx, deposit: DepositRow): Promise<void> {
  const { id: depositId, customerId, amountCents, status } = deposit;
  if (status === 'succeeded') {
    await emit(tx, 'deposit.completed', depositId, { customerId, depositId, amountCents });
  } else if (status === 'declined' || status === 'cancelled' || status === 'expired') {
    const code = deposit.failureCode ?? status;
    await emit(tx, 'deposit.failed', depositId, { customerId, depositId, amountCents, status, code });
  }
}

/**
 * The gateway's request for a deposit's charge, keyed by its id. `given` is what only the customer's
 * request carries (a wallet token, the security code); a charge made again without it is a `repeat`.
 */
export function chargeRequestOf(
  urls: PaymentUrls,
  deposit: DepositRow,
  fund: FundRow | null,
  given?: { walletToken?: string | undefined; csc?: string | undefined },
): ChargeRequest {
  return {
    depositId: deposit.id,
    customerId: deposit.customerId,
    amountCents: deposit.amountCents,
    fund,
    ...(given?.walletToken ? { walletToken: given.walletToken } : {}),
    ...(given?.csc ? { csc: given.csc } : {}),
    challengeUrl: urls.challenge(deposit),
    returnUrl: urls.stripeReturn(deposit),
    ...(deposit.fundingKey !== null ? { offSession: true } : {}),
    ...(given ? {} : { repeat: true }),
  };
}
