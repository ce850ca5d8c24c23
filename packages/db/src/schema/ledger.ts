import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * Kinds of ledger account. A customer holds `wallet` (cash: deposits and winnings, withdrawable) and
 * `promo` (promotional credit: spendable on tickets, never withdrawable). The rest are the house's.
 */
export const LEDGER_ACCOUNT_KINDS = [
  'wallet',
  'promo',
  'gateway_clearing',
  'sales',
  'prize_liability',
  'withdrawals',
  'promotions',
  'legacy_migration',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/**
 * A ledger account, shaped like TigerBeetle's: posted and pending debit and credit totals in cents.
 * Customer accounts keep their totals (a trigger adds every transfer) and a balance rule the database
 * checks: `debits_must_not_exceed_credits` means the balance never goes below zero. House accounts
 * (`tracks_totals = false`) keep no totals, so no purchase ever updates a shared row; their balances
 * are the sums of their transfers.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    /** House accounts are named: `sales:lottery_ticket`, `gateway_clearing:sandbox` ... */
    code: text('code'),
    currency: text('currency').notNull().default('AUD'),
    tracksTotals: boolean('tracks_totals').notNull(),
    debitsMustNotExceedCredits: boolean('debits_must_not_exceed_credits').notNull().default(false),
    debitsPending: bigint('debits_pending', { mode: 'number' }).notNull().default(0),
    debitsPosted: bigint('debits_posted', { mode: 'number' }).notNull().default(0),
    creditsPending: bigint('credits_pending', { mode: 'number' }).notNull().default(0),
    creditsPosted: bigint('credits_posted', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_customer_kind_key')
      .on(t.customerId, t.kind)
      .where(sql`${t.customerId} is not null`),
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    check('ledger_accounts_owner_check', sql`(${t.customerId} is null) <> (${t.code} is null)`),
    check(
      'ledger_accounts_kind_check',
      sql`${t.kind} in ('wallet', 'promo', 'gateway_clearing', 'sales', 'prize_liability', 'withdrawals', 'promotions', 'legacy_migration')`,
    ),
    check(
      'ledger_accounts_totals_check',
      sql`${t.debitsPending} >= 0 and ${t.debitsPosted} >= 0 and ${t.creditsPending} >= 0 and ${t.creditsPosted} >= 0`,
    ),
    check(
      'ledger_accounts_balance_check',
      sql`not ${t.debitsMustNotExceedCredits} or ${t.debitsPosted} + ${t.debitsPending} <= ${t.creditsPosted}`,
    ),
  ],
);

/** What a transfer does: a plain posted one, one that holds money, or the posting or voiding of a held one. */
export const TRANSFER_FLAGS = ['posted', 'pending', 'post_pending', 'void_pending'] as const;
export type TransferFlag = (typeof TRANSFER_FLAGS)[number];

/** Why money moved (shown in the transactions list). */
export const TRANSFER_CODES = [
  'deposit',
  'purchase',
  'refund',
  'prize',
  'withdrawal',
  'promo_credit',
  'adjustment',
] as const;
export type TransferCode = (typeof TRANSFER_CODES)[number];

/**
 * An immutable transfer of `amount_cents` from one account (debited) to another (credited). Its id
 * is chosen by the caller and derived from the business event, so the same event can never move
 * money twice. A `pending` transfer holds money; exactly one `post_pending` or `void_pending`
 * transfer (unique `pending_id`) later settles it. Each transfer is balanced by construction (one
 * amount, one debit, one credit), and a trigger adds it to the totals of both accounts.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    flag: text('flag').$type<TransferFlag>().notNull(),
    /** For post_pending and void_pending: the pending transfer they settle. */
    pendingId: uuid('pending_id'),
    code: text('code').$type<TransferCode>().notNull(),
    /** The customer whose transactions list shows it (null for house-only moves). */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    /** The business object: a checkout, deposit, withdrawal or order id. */
    reference: text('reference'),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.createdAt),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.createdAt),
    index('ledger_transfers_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('ledger_transfers_pending_key').on(t.pendingId).where(sql`${t.pendingId} is not null`),
    check('ledger_transfers_amount_check', sql`${t.amountCents} > 0`),
    check('ledger_transfers_accounts_check', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check(
      'ledger_transfers_flag_check',
      sql`${t.flag} in ('posted', 'pending', 'post_pending', 'void_pending')`,
    ),
    check(
      'ledger_transfers_pending_id_check',
      sql`(${t.pendingId} is null) = (${t.flag} in ('posted', 'pending'))`,
    ),
  ],
);

/**
 * Stripe-style idempotency: the first answer to a key (per customer, or per anonymous scope) is kept
 * and replayed. `request_hash` fingerprints the method, path and body. The row is written in the
 * transaction of the work and its answer, so a key without an answer never commits. Kept at least
 * 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: bigint('response_status', { mode: 'number' }),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('idempotency_keys_scope_key_key').on(t.scope, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * What a customer spent on each calendar day in Sydney: purchases out of their wallet and promo
 * accounts less refunds into them (a held one counts until it is voided), by the day the transfer
 * was made. A trigger on `ledger_transfers` keeps it, in the statement that writes the transfer, so
 * spend limits read a month of days instead of summing the ledger (decision 048). The calendar
 * periods of the limits are the domain's (`calendarPeriod`); a period is the days from its first.
 */
export const customerSpendDays = pgTable(
  'customer_spend_days',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** The Sydney calendar day (YYYY-MM-DD). */
    day: date('day', { mode: 'string' }).notNull(),
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.day] })],
);
