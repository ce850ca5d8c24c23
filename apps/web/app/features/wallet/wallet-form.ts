import type { FormResult } from '../../lib/forms';

/** The hidden field holding a money-moving form's Idempotency-Key (see attempt.server.ts). */
export const ATTEMPT_FIELD = 'idempotencyKey';

/** The intent of the add form of a bank account or PayID. */
export const ADD_BANK_ACCOUNT = 'add-bank-account';

/** The intent of the add form of a PayPal payout account. */
export const ADD_PAYPAL_ACCOUNT = 'add-paypal-account';

/** A wallet form's answer: a money-moving form also gets the key its next attempt sends. */
export type WalletFormResult = FormResult & {
  intent?: string;
  nextKey?: string;
  /** A new card saved by an attempt that then failed: the retry pays with it. */
  savedFundId?: string;
};

/** Where a customer verifies their identity. */
export const VERIFY_ACCOUNT_PATH = '/my-account/verify-account';

/** The messages of accounts that are not verified yet. */
export const UNVERIFIED_MESSAGES = {
  withdraw:
    'Withdrawals open once your account is verified. Until then you can play with your funds, but not withdraw them.',
  /** What an unverified customer can also do to open withdrawals (besides verifying themselves). */
  withdrawNextStep:
    'To verify your account, contact our support team: we check your identity documents and open withdrawals for you.',
  verifyYourself: 'Or verify your identity yourself: it usually takes a few minutes.',
  deposit: (capText: string) =>
    `Until your account is verified, your deposits are capped at ${capText} in total.`,
} as const;
