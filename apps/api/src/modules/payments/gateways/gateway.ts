/**
 * One interface for every card gateway (ADR 019). The service decides and keeps the books; an adapter
 * only talks to its gateway: it turns a browser token into a card on file, charges a card or a
 * wallet token, and says how a 3-D Secure challenge ended.
 */
import type { CardDeclineCode, TestCard } from '@drawhouse/contract';
import { AppError } from '../../../http/errors.ts';
import type { DepositRow, FundRow, PaymentsRepository } from '../payments.repository.ts';

/** A card saved with the gateway: its reference (never a card number) and what a receipt may show. */
export type CardOnFile = {
  gatewayReference: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
};

/**
 * Why a charge was declined: `authentication_required` is an off-session charge the issuer wants a
 * 3-D Secure check for (only the customer can pass it); `incorrect_csc` a saved card's security code
 * that is not the card's.
 */
export type DeclineCode = CardDeclineCode;

export type ChargeOutcome =
  | { outcome: 'succeeded'; gatewayReference: string }
  /** The customer must pass a 3-D Secure challenge at `redirectUrl` (shown in a frame). */
  | { outcome: 'challenge'; gatewayReference: string; redirectUrl: string }
  | { outcome: 'declined'; gatewayReference: string | null; code: DeclineCode };

/** How a challenge ended, as the gateway decides it. */
export type ChallengeResult =
  | { outcome: 'succeeded' }
  | { outcome: 'declined'; code: DeclineCode }
  /** The customer has not finished the challenge yet. */
  | { outcome: 'pending' };

export type ChargeRequest = {
  depositId: string;
  customerId: string;
  amountCents: number;
  /** The saved card (cards), or null for a wallet token charge. */
  fund: FundRow | null;
  walletToken?: string;
  /** The sandbox's own challenge page for this deposit. */
  challengeUrl: string;
  /** Where a gateway's hosted challenge returns the customer (Stripe's return_url). */
  returnUrl: string;
  /**
   * The security code the customer typed for a saved card (on session, where the gateway asks for
   * one): the gateway checks it against the card's. Never stored or logged.
   */
  csc?: string;
  /**
   * The customer is not there (a recurring purchase paid by a saved card): no challenge can be
   * passed, so a charge that needs one is declined with `authentication_required`.
   */
  offSession?: boolean;
  /**
   * The charge made again under the same deposit id after its answer was lost (the process stopped
   * before applying it): the gateway answers as it did the first time. What only the customer's
   * request carried (the security code, a wallet token) is not here.
   */
  repeat?: boolean;
};

/**
 * The gateway could not be reached or failed on its side (a network error, its 5xx): the charge may
 * be tried again later, under the same deposit id so that a gateway that did charge does not again.
 */
export class GatewayUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the card gateway is unavailable', { cause });
    this.name = 'GatewayUnavailableError';
  }
}

/** How a refund to a card ended (closed loop: a withdrawal's card leg). */
export type RefundOutcome =
  | { outcome: 'refunded'; reference: string | null }
  | { outcome: 'failed'; reason: string };

export type RefundRequest = {
  /** The refund's idempotency key: a repeat refunds nothing more and answers as the first did. */
  key: string;
  /** The succeeded card deposit refunded (in part). */
  deposit: DepositRow;
  amountCents: number;
};

export interface CardGatewayAdapter {
  readonly key: 'sandbox' | 'stripe';
  readonly testMode: boolean;
  /** Where the browser posts card details to tokenise them (the sandbox's own endpoint). */
  readonly tokenizeUrl: string | null;
  readonly publishableKey: string | null;
  readonly testCards: readonly TestCard[];
  /** Turns a browser token into a card on file; an unknown or used token is an AppError. */
  saveCard(repo: PaymentsRepository, customerId: string, token: string): Promise<CardOnFile>;
  /**
   * Charges a saved card or a wallet token, once per deposit id (its idempotency key). Called with no
   * database transaction open (`repo` reads through the pool).
   */
  charge(repo: PaymentsRepository, request: ChargeRequest): Promise<ChargeOutcome>;
  /**
   * The end of a challenge: `passed` is what the customer's browser reported (the sandbox's
   * buttons); a real gateway reads the payment's own state instead.
   */
  challengeResult(repo: PaymentsRepository, deposit: DepositRow, passed: boolean): Promise<ChallengeResult>;
  /** Stripe: a SetupIntent for its card element (gateways without a browser library have none). */
  setupCard?(
    customerId: string,
    repo: PaymentsRepository,
  ): Promise<{ clientSecret: string; publishableKey: string | null; setupIntentId: string }>;
  /** Stops a payment the customer abandoned (best effort: the ledger is voided either way). */
  cancel(deposit: DepositRow): Promise<void>;
  /**
   * Refunds part of a succeeded deposit to the card that paid it, once per key. Called with no
   * database transaction open; a gateway out of reach throws GatewayUnavailableError.
   */
  refund(request: RefundRequest): Promise<RefundOutcome>;
}

/** A deposit this gateway did not take cannot be refunded through it. */
export const NOT_THIS_GATEWAY = 'the deposit was not taken through this card gateway';

/** Messages of a decline, in the customer's words. */
export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: 'Your card was declined. Please try another card.',
  insufficient_funds: 'Your card has insufficient funds. Please try another card.',
  authentication_failed: 'The card could not be authenticated. Please try again or use another card.',
  authentication_required:
    'Your bank asked for a 3-D Secure check, which needs you there. Please pay while you are here or use another card.',
  incorrect_csc: 'The security code is incorrect. Please check it and try again.',
};

/** A saved card this gateway cannot charge (saved with another gateway, or without what a charge needs). */
export const cardNoLongerChargeable = () =>
  new AppError(
    422,
    'gateway_unavailable',
    'This card can no longer be charged. Please add it again or use another card.',
  );
