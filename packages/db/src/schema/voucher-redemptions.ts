import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { checkouts } from './orders.ts';
import { vouchers } from './vouchers.ts';

/**
 * One use of a voucher: written in the purchase's transaction, one per checkout. `seq` numbers a
 * customer's redemptions of a voucher from 1; the unique (voucher, customer, seq) index lets two
 * purchases racing for the same use of a voucher commit once, and the purchase checks
 * `seq <= per_customer_limit`. A cancellation or refund that takes the purchase's qualifying part away
 * claws the credit back: `clawed_back_cents` taken from promotional credit, `clawback_shortfall_cents`
 * what had already been spent (never taken from cash, never a negative balance).
 */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
    /** What the voucher took off the amount charged at checkout. */
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    /** Promotional credit the voucher granted. */
    promoCreditCents: bigint('promo_credit_cents', { mode: 'number' }).notNull().default(0),
    clawedBackCents: bigint('clawed_back_cents', { mode: 'number' }).notNull().default(0),
    clawbackShortfallCents: bigint('clawback_shortfall_cents', { mode: 'number' }).notNull().default(0),
    clawedBackAt: timestamp('clawed_back_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voucher_redemptions_use_key').on(t.voucherId, t.customerId, t.seq),
    uniqueIndex('voucher_redemptions_checkout_key').on(t.checkoutId),
    index('voucher_redemptions_customer_idx').on(t.customerId),
    check('voucher_redemptions_seq_check', sql`${t.seq} >= 1`),
    check(
      'voucher_redemptions_amounts_check',
      sql`${t.discountCents} >= 0 and ${t.promoCreditCents} >= 0 and ${t.clawedBackCents} >= 0
        and ${t.clawbackShortfallCents} >= 0
        and ${t.clawedBackCents} + ${t.clawbackShortfallCents} <= ${t.promoCreditCents}`,
    ),
  ],
);
