/**
 * Partner purchase (docs/api/partners.md): a partner's page facts, the partner cart (a priced
 * preview of what the partner's page offers, nothing stored) and the purchase of one partner item
 * (API 3.2), whose result is the order (checkout) id.
 */
import { z } from 'zod';
import { CartViewSchema } from './cart.ts';
import { PendingDepositSchema } from './checkout.ts';
import { MoneySchema } from './money.ts';

const Key = z.string().min(1).max(100);

/** An offer a partner sells, as its page lists it; raffles carry their books. */
export const PartnerOfferSchema = z.object({
  key: z.string(),
  name: z.string(),
  productType: z.enum(['lottery_ticket', 'raffle_ticket']),
  books: z.array(z.object({ numTickets: z.number().int(), price: MoneySchema })),
});
export type PartnerOffer = z.infer<typeof PartnerOfferSchema>;

/** `GET /v2/partners/{slug}`. */
export const PartnerSchema = z.object({
  slug: z.string(),
  key: z.string(),
  name: z.string(),
  channels: z.array(z.string()),
  branding: z.object({ primaryColor: z.string(), onPrimaryColor: z.string(), tagline: z.string() }),
  /** Where a failed autologin link sends the visitor. */
  autologinFailurePath: z.string(),
  offers: z.array(PartnerOfferSchema),
});
export type Partner = z.infer<typeof PartnerSchema>;

/**
 * A partner's cart item: `lottery` is the offer key (a lottery or a raffle); `raffle_offer` a raffle's
 * book size (tickets; the smallest book when absent); `draw_number` the first draw (the next on sale
 * when absent). A lottery item is one quick pick entry of the offer's default game offer for one draw.
 */
export const PartnerCartItemSchema = z.object({
  lottery: Key,
  raffleOffer: z.number().int().min(1).max(1_000_000).nullish(),
  recurringPurchase: z.object({ type: z.enum(['autoplay', 'subscription']), enabled: z.boolean() }).nullish(),
  drawNumber: z.number().int().min(1).max(2_000_000_000).nullish(),
});
export type PartnerCartItem = z.infer<typeof PartnerCartItemSchema>;

/** `POST /v2/anon-cart/partner/{slug}` and `POST /v2/cart/partner/{slug}`: the partner cart payload. */
export const PartnerCartBodySchema = z.object({ cartItems: z.array(PartnerCartItemSchema).max(10) });
export type PartnerCartBody = z.infer<typeof PartnerCartBodySchema>;

/** The cart banner action types; a blocked reason with none of its own is `fixed`. */
export const CART_BANNER_ACTIONS = [
  'close',
  'fixed',
  'spend_limit',
  'verify_account_required',
  'deposit_limit',
  'global_spend_limit',
] as const;
export type CartBannerAction = (typeof CART_BANNER_ACTIONS)[number];

export const BlockedReasonSchema = z.object({ message: z.string(), actionType: z.enum(CART_BANNER_ACTIONS) });

/** The partner cart: the items priced as the cart prices them, and blocked reasons with their actions. */
export const PartnerCartSchema = z.object({
  partnerKey: z.string(),
  cart: CartViewSchema,
  blockedReasons: z.record(z.string(), BlockedReasonSchema),
});
export type PartnerCart = z.infer<typeof PartnerCartSchema>;

/**
 * A partner purchase's card deposit: the saved fund paying (`deposit_method_id`, a card saved before
 * or just added, as at checkout), the amount, which must be exactly what the balance leaves to pay,
 * `csc` when the card's gateway asks for one, and `gateway` among a card's gateways.
 */
export const PartnerDepositSchema = z.object({
  depositMethodId: Key,
  amount: MoneySchema,
  csc: z.string().max(10).optional(),
  gateway: z.string().min(1).max(50).optional(),
});
export type PartnerDeposit = z.infer<typeof PartnerDepositSchema>;

/**
 * `POST /v2/cart/partner/{slug}/purchase` (API 3.2, Idempotency-Key): one partner item, bought as the
 * partner's on `channel_key`, paid from the balance (`deposit` null) or by a card deposit then the
 * balance, as `POST /v2/deposit_purchase` pays. `cart_item` null is an empty partner cart (422).
 * `expected_total`, when sent, is the amount the buyer was shown (409 `cart_changed` when it differs).
 */
export const PartnerPurchaseBodySchema = z.object({
  cartItem: PartnerCartItemSchema.nullable(),
  deposit: PartnerDepositSchema.nullable(),
  purchase: z.object({
    channelKey: Key,
    partnerKey: Key,
    metadata: z.record(z.string().max(100), z.string().max(500)).default({}),
    expectedTotal: MoneySchema.optional(),
  }),
});
export type PartnerPurchaseBody = z.infer<typeof PartnerPurchaseBodySchema>;

/**
 * The purchase's order (checkout) id, or, when the card's deposit waits for its 3-D Secure challenge
 * (or a PayPal approval), the deposit and its `redirect_url`: the purchase completes when the
 * deposit does, and the deposit then names the order.
 */
export const PartnerPurchaseResultSchema = z.union([z.object({ orderId: z.string() }), PendingDepositSchema]);
export type PartnerPurchaseResult = z.infer<typeof PartnerPurchaseResultSchema>;
