/**
 * Recurring purchases: an entry bought again for every draw (autoplay, raffle subscriptions), every
 * billing period (memberships) or several entries bought together for one draw (combined), and the
 * attempts to buy them. An attempt is keyed by (recurring purchase, period): a draw id, or a
 * membership period such as `2026-12`, so nothing is ever bought twice for one draw.
 */
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
import type { CartItemPayload, CartProductType } from './carts.ts';
import { customers } from './customers.ts';
import { draws } from './draws.ts';
import { orders } from './orders.ts';

export const RECURRING_TYPES = ['autoplay', 'subscription', 'combined_recurring_purchase'] as const;
export type RecurringType = (typeof RECURRING_TYPES)[number];

export const RECURRING_STATUSES = ['active', 'paused', 'timed_paused', 'cancelled'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];

export const ATTEMPT_STATUSES = ['purchased', 'soft_failure', 'hard_failure'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** Membership billing periods. */
export const BILLING_PERIODS = ['monthly', 'quarterly', 'biannually', 'annually'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const recurringPurchases = pgTable(
  'recurring_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type').$type<RecurringType>().notNull(),
    productType: text('product_type').$type<CartProductType>().notNull(),
    productOfferKey: text('product_offer_key').notNull(),
    status: text('status').$type<RecurringStatus>().notNull().default('active'),
    /** A timed pause ends at this instant (status timed_paused). */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** The entry bought each time, as the cart accepted it. */
    payload: jsonb('payload').$type<CartItemPayload>().notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    /** Fresh quick-picked numbers each time instead of the same ones. */
    quickpick: boolean('quickpick').notNull().default(false),
    /** Buy only when the draw's jackpot reaches this amount (null: every draw). */
    minimumJackpotCents: bigint('minimum_jackpot_cents', { mode: 'number' }),
    /** Memberships: how often it is billed. */
    billingPeriod: text('billing_period').$type<BillingPeriod>(),
    /** The order that started it. */
    sourceOrderId: uuid('source_order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Combined recurring purchases: the entries bought together share this group id. */
    groupId: uuid('group_id'),
    lastAttemptStatus: text('last_attempt_status').$type<AttemptStatus>(),
    lastAttemptReason: text('last_attempt_reason'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The last attempt was refused because the account is not verified. */
    verificationRequired: boolean('verification_required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('recurring_purchases_customer_idx').on(t.customerId, t.createdAt),
    // The processor's work list: live recurring purchases of an offer.
    index('recurring_purchases_due_idx').on(t.productOfferKey, t.id).where(sql`${t.status} <> 'cancelled'`),
    check(
      'recurring_purchases_type_check',
      sql`${t.type} in ('autoplay', 'subscription', 'combined_recurring_purchase')`,
    ),
    check(
      'recurring_purchases_status_check',
      sql`${t.status} in ('active', 'paused', 'timed_paused', 'cancelled')`,
    ),
    check(
      'recurring_purchases_paused_until_check',
      sql`(${t.status} = 'timed_paused') = (${t.pausedUntil} is not null)`,
    ),
    check(
      'recurring_purchases_last_attempt_status_check',
      sql`${t.lastAttemptStatus} in ('purchased', 'soft_failure', 'hard_failure')`,
    ),
    check(
      'recurring_purchases_billing_period_check',
      sql`${t.billingPeriod} in ('monthly', 'quarterly', 'biannually', 'annually')`,
    ),
    check('recurring_purchases_minimum_jackpot_check', sql`${t.minimumJackpotCents} > 0`),
    check('recurring_purchases_quantity_check', sql`${t.quantity} >= 1 and ${t.unitPriceCents} >= 0`),
  ],
);

/**
 * One try to buy a recurring purchase for one period. The unique key makes a draw bought once: a
 * second try of the same period updates its row (a soft failure retried) and never buys again once
 * `purchased`.
 */
export const recurringPurchaseAttempts = pgTable(
  'recurring_purchase_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recurringPurchaseId: uuid('recurring_purchase_id')
      .notNull()
      .references(() => recurringPurchases.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The draw bought for, or the membership period (`2026-12`) as `periodKey`. */
    drawId: uuid('draw_id').references(() => draws.id, { onDelete: 'restrict' }),
    periodKey: text('period_key').notNull(),
    status: text('status').$type<AttemptStatus | 'skipped'>().notNull(),
    reason: text('reason'),
    verificationRequired: boolean('verification_required').notNull().default(false),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    tries: integer('tries').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recurring_purchase_attempts_period_key').on(t.recurringPurchaseId, t.periodKey),
    index('recurring_purchase_attempts_customer_idx').on(t.customerId, t.createdAt),
    check(
      'recurring_purchase_attempts_status_check',
      sql`${t.status} in ('purchased', 'soft_failure', 'hard_failure', 'skipped')`,
    ),
    check(
      'recurring_purchase_attempts_order_check',
      sql`(${t.status} = 'purchased') = (${t.orderId} is not null)`,
    ),
  ],
);
