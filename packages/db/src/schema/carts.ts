import type { PickedWireGame, PurchasableStatus } from '@drawhouse/domain';
import { sql } from 'drizzle-orm';
import {
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
import { vouchers } from './vouchers.ts';

export const CART_STATUSES = ['open', 'converted', 'purchased'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

export const CART_PRODUCT_TYPES = [
  'lottery_ticket',
  'raffle_ticket',
  'syndicate_share',
  'membership',
] as const;
export type CartProductType = (typeof CART_PRODUCT_TYPES)[number];

/** A game as stored: the picked numbers of each set (blanks are never stored). */
export type StoredGame = PickedWireGame;

/** What every item with a draw stores of it: its purchase status when added and its time (ISO 8601 UTC). */
type DrawnItemPayload = {
  /** What the customer reads: the offer, the variant and the count bought. */
  description: string;
  purchaseStatus: PurchasableStatus;
  drawDate: string;
};

export type LotteryItemPayload = DrawnItemPayload & {
  gameType: string;
  gameOffer: string;
  games: StoredGame[];
  /** The games were drawn by quick pick (kept through a build). */
  quickpick: boolean;
  numGames: number;
  day: string | null;
  causeKey: string | null;
};

export type RaffleItemPayload = DrawnItemPayload & { numTickets: number; causeKey: string };

export type SyndicateItemPayload = DrawnItemPayload & {
  gameType: 'syndicate';
  numShares: number;
  offerName: string;
};

/**
 * Shares of a lotto party session (a syndicate_share item of game type `lotto_party`): the item's
 * offer and draw are the session's; `offerName` is the lottery's.
 */
export type LottoPartyItemPayload = DrawnItemPayload & {
  gameType: 'lotto_party';
  numShares: number;
  offerName: string;
  sessionId: string;
  groupName: string;
};

export type MembershipItemPayload = {
  description: string;
  /** The billing period's game type. */
  gameType: string;
  membershipProgram: string;
  membershipOffer: string;
  membershipOfferName: string;
};

/** The payload of each product type's items. */
export type CartItemPayloads = {
  lottery_ticket: LotteryItemPayload;
  raffle_ticket: RaffleItemPayload;
  syndicate_share: SyndicateItemPayload | LottoPartyItemPayload;
  membership: MembershipItemPayload;
};

/**
 * The entry an item carries, as the cart accepted it; which of the shapes it is follows the item's
 * product type (`TypedCartItemPayload`). The API's cart module parses it on every read.
 */
export type CartItemPayload = CartItemPayloads[CartProductType];

/** A product type with the payload of its items: the stored item as a union told apart by its type. */
export type TypedCartItemPayload = {
  [T in CartProductType]: { productType: T; payload: CartItemPayloads[T] };
}[CartProductType];

/**
 * Recurring purchase asked for with an item (autoplay or subscription). A lottery autoplay may carry
 * the smallest jackpot it is bought for, which checkout gives the recurring purchase it starts.
 */
export type CartRecurringPurchase = {
  type: 'autoplay' | 'subscription';
  enabled: boolean;
  minimumJackpotCents?: number;
};

/**
 * A cart: anonymous (found by the hash of the opaque token handed to the client, 14 days from its
 * last change) or a customer's (one open cart each). Totals are always computed from the items.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the anonymous cart token; null for a customer's cart. */
    anonymousTokenHash: text('anonymous_token_hash'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status').$type<CartStatus>().notNull().default('open'),
    /** Anonymous carts only: the cart is gone after this instant. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The customer cart an anonymous cart was merged into. */
    convertedToCartId: uuid('converted_to_cart_id'),
    /** The promo code applied to the cart (one at most); its discount is computed on every answer. */
    voucherId: uuid('voucher_id').references(() => vouchers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_anonymous_token_hash_key').on(t.anonymousTokenHash),
    uniqueIndex('carts_open_customer_key').on(t.customerId).where(sql`${t.status} = 'open'`),
    check('carts_status_check', sql`${t.status} in ('open', 'converted', 'purchased')`),
    check('carts_owner_check', sql`(${t.anonymousTokenHash} is null) <> (${t.customerId} is null)`),
  ],
);

/** One line of a cart. The unit price is the server's, computed by the ticket rules when added. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productOfferKey: text('product_offer_key').notNull(),
    productType: text('product_type').$type<CartProductType>().notNull(),
    drawId: uuid('draw_id'),
    firstDrawNo: integer('first_draw_no'),
    numDraws: integer('num_draws').notNull().default(1),
    quantity: integer('quantity').notNull().default(1),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** Always written with the item; the column's empty default predates the typed payload. */
    payload: jsonb('payload').$type<CartItemPayload>().notNull().default(sql`'{}'::jsonb`),
    recurringPurchase: jsonb('recurring_purchase').$type<CartRecurringPurchase>(),
    affiliateCode: text('affiliate_code'),
    /** The checkout whose order this item was put back from (`POST /cart/replay/{orderId}`). */
    replayedFrom: uuid('replayed_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cart_items_cart_idx').on(t.cartId, t.createdAt),
    check(
      'cart_items_product_type_check',
      sql`${t.productType} in ('lottery_ticket', 'raffle_ticket', 'syndicate_share', 'membership')`,
    ),
    check('cart_items_quantity_check', sql`${t.quantity} between 1 and 1000`),
    check('cart_items_num_draws_check', sql`${t.numDraws} between 1 and 1000`),
    check('cart_items_unit_price_check', sql`${t.unitPriceCents} >= 0`),
  ],
);
