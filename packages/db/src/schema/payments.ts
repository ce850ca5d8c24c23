import type { WithdrawalStatus } from '@drawhouse/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** How a card behaves in the sandbox gateway (chosen by its test number; the number itself is never kept). */
export const SANDBOX_CARD_OUTCOMES = [
  'succeed',
  'challenge_then_succeed',
  'challenge_then_decline',
  'decline',
  'insufficient_funds',
] as const;
export type SandboxCardOutcome = (typeof SANDBOX_CARD_OUTCOMES)[number];

/**
 * A card tokenised by the sandbox gateway (its stand-in for a gateway's hosted field). Only what a
 * receipt may show is kept: brand, last four digits, expiry and the holder's name, and a salted
 * hash of the security code (as an issuer checks it when a saved card is charged; never the code).
 */
export const sandboxCardTokens = pgTable(
  'sandbox_card_tokens',
  {
    token: text('token').primaryKey(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    holderName: text('holder_name').notNull(),
    outcome: text('outcome').$type<SandboxCardOutcome>().notNull(),
    /** argon2id hash of the CSC typed when the card was tokenised; null on tokens made before it was kept. */
    cscHash: text('csc_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A token saves one fund, once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [check('sandbox_card_tokens_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`)],
);

/**
 * What the sandbox gateway answered each charge, by deposit id (its idempotency key): a charge made
 * again under the same key is answered the same, as a real gateway does.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  depositId: uuid('deposit_id').primaryKey(),
  outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const FUND_TYPES = ['card', 'bank', 'paypal'] as const;
export type FundType = (typeof FUND_TYPES)[number];

/** Bank account kinds a withdrawal can go to. */
export const BANK_ACCOUNT_TYPES = ['international', 'national', 'payid_email', 'payid_phone'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/**
 * A customer's saved way to pay or be paid: a card (through a gateway, by the gateway's reference),
 * a PayPal account, or a bank account or PayID for withdrawals. Removing one keeps the row.
 */
export const funds = pgTable(
  'funds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type').$type<FundType>().notNull(),
    /** Payment method code: cc, pl, tt ... */
    methodCode: text('method_code').notNull(),
    gateway: text('gateway'),
    /** The gateway's reference to the card or account (never a card number). */
    gatewayReference: text('gateway_reference'),
    brand: text('brand'),
    last4: text('last4'),
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    holderName: text('holder_name'),
    /** Bank accounts: national, international, payid_email or payid_phone, and their details. */
    bankAccountType: text('bank_account_type').$type<BankAccountType>(),
    bankDetails: jsonb('bank_details').$type<Record<string, string>>(),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * A payout account whose bank refused a payment (an account closed, a PayID not registered):
     * listed with `failed_verification`, and its withdrawals wait for an operator.
     */
    failedVerificationAt: timestamp('failed_verification_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('funds_customer_idx').on(t.customerId),
    uniqueIndex('funds_one_default_key')
      .on(t.customerId, t.type)
      .where(sql`${t.isDefault} and ${t.removedAt} is null`),
    check('funds_type_check', sql`${t.type} in ('card', 'bank', 'paypal')`),
  ],
);

export const DEPOSIT_STATUSES = [
  /** Held while the gateway is asked, between the transaction that made it and the one that ends it. */
  'charging',
  'awaiting_challenge',
  'awaiting_approval',
  'succeeded',
  'declined',
  'cancelled',
  'expired',
  'awaiting_reconciliation',
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/**
 * What a deposit pays for once it succeeds: nothing (a top-up) or the cart it was made for. A
 * checkout deposit keeps what the customer agreed to: the amount due then (`expectedTotalCents`) and
 * whether the balance pays first (`useWallet`); the purchase is refused if the cart no longer costs it.
 */
export type DepositPurpose =
  | { kind: 'top_up' }
  | {
      kind: 'checkout';
      cartId: string;
      idempotencyKey: string;
      expectedTotalCents?: number;
      useWallet?: boolean;
      /**
       * A partner purchase's deposit (ADR 073): the partner item (its wire body) and what the
       * checkout is marked with. Its purchase is made on a cart of its own once the deposit posts.
       */
      partner?: {
        slug: string;
        channelKey: string;
        metadata: Record<string, string>;
        item: Record<string, unknown>;
      };
    };

/**
 * Money coming in through a gateway. While a challenge or an approval is awaited the amount is a
 * pending ledger transfer (`pending_transfer_id`), posted when the gateway confirms and voided when
 * it declines or the customer gives up.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    fundId: uuid('fund_id').references(() => funds.id),
    methodCode: text('method_code').notNull(),
    gateway: text('gateway').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<DepositStatus>().notNull(),
    pendingTransferId: uuid('pending_transfer_id'),
    /** The gateway's own id for the payment (a PaymentIntent, a PayPal order ...). */
    gatewayReference: text('gateway_reference'),
    /** Bank transfer and BPAY deposits: the reference the customer quotes. */
    customerReference: text('customer_reference'),
    purpose: jsonb('purpose').$type<DepositPurpose>().notNull().default({ kind: 'top_up' }),
    /** The checkout this deposit completed, once it did. */
    checkoutId: uuid('checkout_id'),
    /**
     * An off-session charge's business key (a recurring purchase's funding for one period): each try
     * is a row of its own, and at most one of them may take money.
     */
    fundingKey: text('funding_key'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /**
     * The random token in the addresses of this deposit's payment pages (the 3-D Secure challenge,
     * the PayPal approval, Stripe's return): only the customer's redirect opens them. Kept as it is
     * so that reading the deposit again answers the same address.
     */
    pageToken: text('page_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deposits_customer_idx').on(t.customerId, t.createdAt),
    index('deposits_status_idx').on(t.status, t.createdAt),
    uniqueIndex('deposits_funding_key_charged')
      .on(t.fundingKey)
      .where(sql`${t.fundingKey} is not null and ${t.status} not in ('declined', 'cancelled', 'expired')`),
    check('deposits_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The contract's statuses: `paying`: approved (by the rule or an operator) and handed to the payout
 * adapter, between the transaction that approved it and the one that settles it; `failed`: the
 * payout adapter refused it and the money is back in the wallet.
 */
export { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@drawhouse/contract';

/** Who approved a withdrawal: the auto-approval rule or an operator (named in `operator`). */
export type WithdrawalApprovalKind = 'rule' | 'operator';

/**
 * A card leg of a withdrawal (closed loop): money deposited by that card and never played goes back
 * to it as a refund of the deposit; the rest of the withdrawal goes to the payout account.
 */
export type WithdrawalCardLeg = {
  depositId: string;
  fundId: string | null;
  /** The card as shown ("Visa ****4242"). */
  display: string;
  amountCents: number;
  status: 'pending' | 'refunded' | 'failed';
  reference: string | null;
};

/** Money going out to a bank account or PayID: held (a pending transfer) until it is paid or refused. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    methodCode: text('method_code').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<WithdrawalStatus>().notNull().default('requested'),
    pendingTransferId: uuid('pending_transfer_id').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    operator: text('operator'),
    /** Over the second-approval limit: the first operator's approval, waiting for another's. */
    firstApprovedBy: text('first_approved_by'),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    reason: text('reason'),
    approval: text('approval').$type<WithdrawalApprovalKind>(),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** The payout adapter's reference of the payment (an NPP transaction id ...). */
    payoutReference: text('payout_reference'),
    /** `instant` (PayID/NPP: seconds) or `standard` (business days), as the payout adapter pays it. */
    payoutSpeed: text('payout_speed').$type<'instant' | 'standard'>(),
    /** Closed loop: the card refunds taken out of the amount (the rest goes to the payout account). */
    cardLegs: jsonb('card_legs').$type<WithdrawalCardLeg[]>().notNull().default([]),
  },
  (t) => [
    index('withdrawals_customer_idx').on(t.customerId, t.requestedAt),
    index('withdrawals_status_idx').on(t.status),
    check('withdrawals_amount_check', sql`${t.amountCents} > 0`),
    check(
      'withdrawals_status_check',
      sql`${t.status} in ('requested', 'approved', 'paying', 'paid', 'rejected', 'failed', 'cancelled')`,
    ),
  ],
);

/**
 * What the sandbox payout adapter and the sandbox gateway's refunds answered each key (a withdrawal
 * id, or a withdrawal's card leg): a repeat is answered the same and pays nothing again.
 */
export const sandboxPayouts = pgTable('sandbox_payouts', {
  key: text('key').primaryKey(),
  kind: text('kind').$type<'payout' | 'refund'>().notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
