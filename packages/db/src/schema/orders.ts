import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CartItemPayload, CartProductType, CartRecurringPurchase } from './carts.ts';
import { raffles } from './catalogue.ts';
import { customers } from './customers.ts';
import { draws } from './draws.ts';

/**
 * One completed purchase of a cart (its id is the receipt's `checkoutID`). The amounts say how it was
 * paid: `charged` by the gateway in the deposit made for it, the rest from the wallet and promo credit.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    cartId: uuid('cart_id').notNull(),
    /** Cart total before any discount, pre-orders included. */
    cartTotalCents: bigint('cart_total_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    preOrderTotalCents: bigint('pre_order_total_cents', { mode: 'number' }).notNull().default(0),
    /** What was paid now: cart total - discount - pre-orders. */
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull(),
    fromPromoCents: bigint('from_promo_cents', { mode: 'number' }).notNull().default(0),
    fromWalletCents: bigint('from_wallet_cents', { mode: 'number' }).notNull().default(0),
    depositId: uuid('deposit_id'),
    voucherCode: text('voucher_code'),
    /** Promotional credit the voucher granted on completion. */
    promoCreditCents: bigint('promo_credit_cents', { mode: 'number' }).notNull().default(0),
    /** A purchase through a partner's pages: the partner's key, the channel and what it sent along. */
    partnerKey: text('partner_key'),
    channelKey: text('channel_key'),
    partnerMetadata: jsonb('partner_metadata').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkouts_customer_idx').on(t.customerId, t.createdAt)],
);

export const ORDER_PURCHASE_STATUSES = ['standard', 'pre_order'] as const;
export type OrderPurchaseStatus = (typeof ORDER_PURCHASE_STATUSES)[number];

/** One cart item bought: the entry as it was sold, for one or more draws. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    productType: text('product_type').$type<CartProductType>().notNull(),
    productOfferKey: text('product_offer_key').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    numDraws: integer('num_draws').notNull().default(1),
    firstDrawNo: integer('first_draw_no'),
    purchaseStatus: text('purchase_status').$type<OrderPurchaseStatus>().notNull().default('standard'),
    payload: jsonb('payload').$type<CartItemPayload>().notNull(),
    recurringPurchase: jsonb('recurring_purchase').$type<CartRecurringPurchase>(),
    /** A lotto party session's orders carry it. */
    socialSyndicateId: uuid('social_syndicate_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_checkout_idx').on(t.checkoutId),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    check('orders_purchase_status_check', sql`${t.purchaseStatus} in ('standard', 'pre_order')`),
  ],
);

/**
 * A ticket: an order's entry in one draw. Lottery tickets carry their games; raffle tickets their
 * numbers (`raffle_ticket_numbers`); syndicate tickets the shares held.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    drawId: uuid('draw_id')
      .notNull()
      .references(() => draws.id, { onDelete: 'restrict' }),
    productOfferKey: text('product_offer_key').notNull(),
    /** Lottery games as sold, by number-set name. */
    games: jsonb('games').$type<Record<string, number[]>[]>().notNull().default([]),
    numShares: integer('num_shares'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_order_idx').on(t.orderId),
    // The draw engine reads a draw's tickets in keyset batches (draw, then id).
    index('tickets_draw_idx').on(t.drawId, t.id),
    index('tickets_customer_idx').on(t.customerId, t.createdAt),
  ],
);

/**
 * A free postal entry into a raffle draw (trade promotion law: a way to enter without buying), recorded
 * by an operator from the letter received. Its number comes from the raffle's `tickets_sold` counter,
 * the one sales take theirs from, so a number is never a sold ticket's and an entry's both; a draw's
 * numbers are its `raffle_ticket_numbers` and these. One entry per email address and draw.
 */
export const rafflePostalEntries = pgTable(
  'raffle_postal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productOfferKey: text('product_offer_key')
      .notNull()
      .references(() => raffles.productOfferKey, { onDelete: 'restrict' }),
    drawId: uuid('draw_id')
      .notNull()
      .references(() => draws.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    email: text('email').notNull(),
    /** The email in lower case: what makes an entrant's second letter for the same draw a repeat. */
    emailKey: text('email_key').notNull(),
    operatorId: uuid('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('raffle_postal_entries_email_idx').on(t.drawId, t.emailKey),
    uniqueIndex('raffle_postal_entries_number_idx').on(t.drawId, t.number),
  ],
);

/**
 * Raffle ticket numbers: 1 upward per raffle draw, in order of sale. The primary key makes a number sold
 * once; the raffle's `tickets_sold <= total_tickets` check makes the stock a hard limit.
 */
export const raffleTicketNumbers = pgTable(
  'raffle_ticket_numbers',
  {
    productOfferKey: text('product_offer_key')
      .notNull()
      .references(() => raffles.productOfferKey, { onDelete: 'restrict' }),
    /** Numbers run 1..N within each draw of the raffle. */
    drawId: uuid('draw_id')
      .notNull()
      .references(() => draws.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.drawId, t.number] }),
    index('raffle_ticket_numbers_ticket_idx').on(t.ticketId),
    check('raffle_ticket_numbers_number_check', sql`${t.number} >= 1`),
  ],
);

export const SCHEDULED_PURCHASE_KINDS = ['scheduled_purchase', 'pre_order'] as const;
export type ScheduledPurchaseKind = (typeof SCHEDULED_PURCHASE_KINDS)[number];

export const PRE_ORDER_ATTEMPT_STATUSES = ['purchased', 'soft_failure', 'hard_failure'] as const;
/**
 * How the last charge of a pre-order went: `soft_failure` (funds, a spend limit) is tried again while
 * its draw is on sale; `hard_failure` (sold out, offer withdrawn, account closed, draw closed) is final.
 */
export type PreOrderAttemptStatus = (typeof PRE_ORDER_ATTEMPT_STATUSES)[number];

/**
 * A purchase to make later: a pre-order is charged when its draw becomes the one on sale (its offer's
 * previous draw closed), writing an order and tickets (`order_id`) once (`charged_at`).
 */
export const scheduledPurchases = pgTable(
  'scheduled_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    checkoutId: uuid('checkout_id').references(() => checkouts.id),
    kind: text('kind').$type<ScheduledPurchaseKind>().notNull(),
    status: text('status').$type<'active' | 'cancelled'>().notNull().default('active'),
    productType: text('product_type').$type<CartProductType>().notNull(),
    productOfferKey: text('product_offer_key').notNull(),
    drawId: uuid('draw_id').references(() => draws.id),
    description: text('description').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    payload: jsonb('payload').$type<CartItemPayload>().notNull(),
    numDraws: integer('num_draws').notNull().default(1),
    /** The cart item's quantity: `amount_cents` is quantity x the unit price. */
    quantity: integer('quantity').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    orderId: uuid('order_id').references(() => orders.id),
    lastAttemptStatus: text('last_attempt_status').$type<PreOrderAttemptStatus>(),
    /** The refusal's code (`insufficient_funds`, `spend_limit`, `sold_out` ...). */
    lastAttemptReason: text('last_attempt_reason'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  },
  (t) => [
    index('scheduled_purchases_customer_idx').on(t.customerId),
    // The pre-orders still to charge, by draw (the engine's work list).
    index('scheduled_purchases_pre_orders_due_idx')
      .on(t.drawId)
      .where(sql`${t.kind} = 'pre_order' and ${t.status} = 'active' and ${t.chargedAt} is null`),
    check('scheduled_purchases_kind_check', sql`${t.kind} in ('scheduled_purchase', 'pre_order')`),
    check('scheduled_purchases_status_check', sql`${t.status} in ('active', 'cancelled')`),
    check(
      'scheduled_purchases_last_attempt_status_check',
      sql`${t.lastAttemptStatus} in ('purchased', 'soft_failure', 'hard_failure')`,
    ),
  ],
);

export const LIMIT_KINDS = [
  'spend_daily',
  'spend_weekly',
  'spend_monthly',
  'deposit_weekly',
  'precommitment',
  'break',
] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/**
 * A customer's own limit. A decrease takes effect at once; an increase (or removal) is kept as
 * `pending_*` and takes effect at `pending_from`, seven days later.
 */
export const customerLimits = pgTable(
  'customer_limits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LimitKind>().notNull(),
    /** Null once a removal has taken effect. */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    pendingAmountCents: bigint('pending_amount_cents', { mode: 'number' }),
    /** An increase to no limit at all is a pending removal. */
    pendingRemoval: boolean('pending_removal').notNull().default(false),
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    /**
     * Kind `break` only (ADR 077): the customer's latest take a break or self-exclusion
     * (`take_a_break` | `self_exclusion`), its period, when it began and when it ends (null: never).
     * No amount; nothing ever shortens it.
     */
    breakKind: text('break_kind'),
    breakPeriod: text('break_period'),
    breakStartsAt: timestamp('break_starts_at', { withTimezone: true }),
    breakEndsAt: timestamp('break_ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_limits_customer_kind_key').on(t.customerId, t.kind),
    check(
      'customer_limits_kind_check',
      sql`${t.kind} in ('spend_daily', 'spend_weekly', 'spend_monthly', 'deposit_weekly', 'precommitment', 'break')`,
    ),
    check(
      'customer_limits_break_check',
      sql`${t.breakKind} is null or (${t.kind} = 'break' and ${t.breakKind} in ('take_a_break', 'self_exclusion') and ${t.breakStartsAt} is not null)`,
    ),
    check('customer_limits_amount_check', sql`${t.amountCents} is null or ${t.amountCents} > 0`),
  ],
);
