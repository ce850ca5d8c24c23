/**
 * One interface for paying withdrawals out (as the card gateways have theirs, ADR 019): the wallet
 * decides and keeps the books; an adapter only pays a bank account or PayID and says how it went.
 * It is called with no database transaction open, once per withdrawal id (its idempotency key): a
 * repeat of the same id answers what the first call did and pays nothing more.
 */
import type { BankAccountType } from '@drawhouse/db';

export type PayoutRequest = {
  withdrawalId: string;
  customerId: string;
  amountCents: number;
  /** A bank account or PayID (its kind and details), or a PayPal account (`paypal`, details `{email}`). */
  destination: { type: BankAccountType | 'paypal'; details: Record<string, string>; holderName: string };
};

export type PayoutOutcome =
  /** `instant`: an NPP payment (PayID, or a BSB the NPP reaches), in the account in seconds. */
  | { outcome: 'paid'; reference: string | null; speed: 'instant' | 'standard' }
  /** Refused by the receiving bank (an account closed, a PayID not registered): nothing was paid. */
  | { outcome: 'failed'; reference: string | null; reason: string };

/** The payout service could not be reached: the payout is tried again later, under the same id. */
export class PayoutUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the payout service is unavailable', { cause });
    this.name = 'PayoutUnavailableError';
  }
}

export interface PayoutAdapter {
  readonly key: 'sandbox' | 'manual';
  /**
   * Pays by itself (the sandbox, a bank's payments API): withdrawals may then be approved by rule
   * and paid without an operator. `manual` is the operator paying from the bank's own portal.
   */
  readonly automatic: boolean;
  pay(request: PayoutRequest): Promise<PayoutOutcome>;
}

/**
 * PAYOUT_ADAPTER=manual: the operator who approves a withdrawal pays it from the bank's portal, and
 * the approval records it paid (a standard transfer). Nothing is approved by rule with it.
 */
export const manualPayout: PayoutAdapter = {
  key: 'manual',
  automatic: false,
  async pay() {
    return { outcome: 'paid', reference: null, speed: 'standard' };
  },
};
