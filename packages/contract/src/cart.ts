/**
 * The cart's requests and answers (docs/api/cart.md): item bodies of the four product types, the cart
 * with its items, totals, promotion, removed items and blocks.
 */
import { z } from 'zod';
import { MoneySchema } from './money.ts';

/** Most draws one item may buy ahead (no offer sets its own maximum yet). */
export const MAX_NUM_DRAWS = 52;
/** Most games one item may carry, whatever the offer says (game offers stop at 50). */
export const MAX_ITEM_GAMES = 100;

/** Text fields (a NUL character is refused for every body in http/nul-text.ts). */
const Text = z.string();
const Key = Text.min(1).max(100);
const NumberSlot = z.number().int().min(0).max(1_000).nullable();
const NumberSlots = z.array(NumberSlot).max(100);

/** A game on the wire: slots per number set; `null` is an empty slot (quick pick fills it). */
const WireGameSchema = z.strictObject({
  numbers: NumberSlots,
  powerball: z.union([NumberSlot, NumberSlots]).optional(),
  favourites: NumberSlots.optional(),
});

/** Asks for the item to be bought again for every draw (autoplay) or as a subscription. */
const RecurringPurchaseBodySchema = z.object({
  type: z.enum(['autoplay', 'subscription']),
  enabled: z.boolean(),
});

/**
 * Lottery autoplay only: buy the entry only for a draw whose jackpot is at least this (money in major
 * units, AUD). The amount rule is checked by the API (422 on `minimum_jackpot_amount`).
 */
const MinimumJackpotBodySchema = MoneySchema.nullish();

/**
 * A lottery item (API 3.3). Prices are never read from the body: anything a client sends as a price
 * is ignored.
 */
export const LotteryItemBodySchema = z.object({
  lottery: Key,
  gameType: Key,
  gameOffer: Key,
  games: z.array(WireGameSchema).max(MAX_ITEM_GAMES).default([]),
  quickpick: z.boolean().optional(),
  numGames: z.number().int().min(1).max(MAX_ITEM_GAMES).optional(),
  numDraws: z.number().int().min(1).max(MAX_NUM_DRAWS),
  firstDrawNo: z.number().int().min(1).max(2_000_000_000).optional(),
  day: Text.max(20).nullish(),
  causeKey: Key.nullish(),
  recurringPurchase: RecurringPurchaseBodySchema.nullish(),
  minimumJackpotAmount: MinimumJackpotBodySchema,
  affiliateCode: Text.max(100).nullish(),
});
export type LotteryItemBody = z.infer<typeof LotteryItemBodySchema>;

/** A raffle item: a book of `book` tickets of the raffle `lottery` (a raffle offer key). */
export const RaffleItemBodySchema = z.object({
  lottery: Key,
  book: z.number().int().min(1).max(1_000_000),
  firstDrawNo: z.number().int().min(1).max(2_000_000_000).optional(),
  causeKey: Key.nullish(),
  recurringPurchase: RecurringPurchaseBodySchema.nullish(),
  minimumJackpotAmount: MinimumJackpotBodySchema,
  affiliateCode: Text.max(100).nullish(),
});
export type RaffleItemBody = z.infer<typeof RaffleItemBodySchema>;

/** A syndicate item: `num_shares` shares of the syndicate `syndicate` (a syndicate offer key). */
export const SyndicateItemBodySchema = z.object({
  syndicate: Key,
  numShares: z.number().int().min(1).max(10_000),
  numDraws: z.number().int().min(1).max(MAX_NUM_DRAWS).default(1),
  firstDrawNo: z.number().int().min(1).max(2_000_000_000).optional(),
  recurringPurchase: RecurringPurchaseBodySchema.nullish(),
  minimumJackpotAmount: MinimumJackpotBodySchema,
  affiliateCode: Text.max(100).nullish(),
});
export type SyndicateItemBody = z.infer<typeof SyndicateItemBodySchema>;

/**
 * Lotto party shares: `num_shares` shares of the session `session_id` (a group's entry in one lottery
 * draw), priced shares x the session's share price by the server.
 */
export const LottoPartyItemBodySchema = z.object({
  sessionId: Key,
  numShares: z.number().int().min(1).max(500),
  affiliateCode: Text.max(100).nullish(),
});
export type LottoPartyItemBody = z.infer<typeof LottoPartyItemBodySchema>;

/**
 * A membership item: one billing period (`membership_offer`, a game offer such as
 * `daily-winners-monthly`) of a membership program (`membership_program`, the offer key). It is a
 * subscription: always renewed until cancelled, so the cart needs an unattended payment method.
 */
export const MembershipItemBodySchema = z.object({
  membershipProgram: Key,
  membershipOffer: Key,
  affiliateCode: Text.max(100).nullish(),
});
export type MembershipItemBody = z.infer<typeof MembershipItemBodySchema>;

/**
 * Which kind of item a body is: `syndicate` makes a syndicate item, `book` a raffle item,
 * `membership_offer` a membership item; anything else is a lottery item.
 */
function itemKind(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const kind =
    'sessionId' in body
      ? 'lotto_party'
      : 'syndicate' in body
        ? 'syndicate'
        : 'book' in body
          ? 'raffle'
          : 'membershipOffer' in body
            ? 'membership'
            : 'lottery';
  return { ...body, kind };
}

/**
 * The body of item POST/PUT: a lottery, raffle, syndicate, membership or lotto party item, told apart
 * by its fields (`session_id` makes a lotto party item).
 */
export const CartItemBodySchema = z.preprocess(
  itemKind,
  z.discriminatedUnion('kind', [
    LotteryItemBodySchema.extend({ kind: z.literal('lottery') }),
    RaffleItemBodySchema.extend({ kind: z.literal('raffle') }),
    SyndicateItemBodySchema.extend({ kind: z.literal('syndicate') }),
    MembershipItemBodySchema.extend({ kind: z.literal('membership') }),
    LottoPartyItemBodySchema.extend({ kind: z.literal('lotto_party') }),
  ]),
);
export type CartItemBody = z.infer<typeof CartItemBodySchema>;

export const CartTokenSchema = z.object({ cartToken: z.string() });
export type CartToken = z.infer<typeof CartTokenSchema>;

export const CartItemViewSchema = z.object({
  id: z.string(),
  productType: z.enum(['lottery_ticket', 'raffle_ticket', 'syndicate_share', 'membership']),
  lotteryKey: z.string(),
  quantity: z.number().int(),
  unitPrice: MoneySchema,
  totalPrice: MoneySchema,
  numDraws: z.number().int(),
  drawNo: z.number().int().nullable(),
  gameType: z.string().nullable(),
  gameOffer: z.string().nullable(),
  causeKey: z.string().nullable(),
  day: z.string().nullable(),
  recurringPurchase: z.object({ type: z.string(), enabled: z.boolean() }).nullable(),
  /** Lottery autoplay: the smallest jackpot it is bought for; null for every draw or no autoplay. */
  minimumJackpotAmount: MoneySchema.nullable(),
  /** Lottery items: the games as accepted (quick picks filled in); empty for other items. */
  games: z.array(
    z.object({
      numbers: z.array(z.number()),
      powerball: z.array(z.number()).optional(),
      favourites: z.array(z.number()).optional(),
    }),
  ),
  quickpick: z.boolean(),
  purchaseStatus: z.string().nullable(),
  /** Raffle items: tickets in the book. */
  numTickets: z.number().int().nullable(),
  /** Syndicate items: shares bought. */
  numShares: z.number().int().nullable(),
  /** What the customer reads: the offer, the variant and the count bought. */
  description: z.string(),
  /** The first draw's time (ISO 8601 UTC); null for a membership. */
  drawDate: z.string().nullable(),
  /** Lottery items: games in the entry; null for other items. */
  numGames: z.number().int().nullable(),
  /** Raffle items: tickets in the book (another name for num_tickets that clients read). */
  numRaffleTickets: z.number().int().nullable(),
  syndicateKey: z.string().nullable(),
  syndicateName: z.string().nullable(),
  /** Lottery items: some game holds favourite numbers. */
  hasFavouriteNumbers: z.boolean(),
  membershipProgram: z.string().nullable(),
  membershipOffer: z.string().nullable(),
  membershipOfferName: z.string().nullable(),
  /** Lotto party items (game type `lotto_party`): the session and its group's name. */
  sessionId: z.string().nullable().optional(),
  groupName: z.string().nullable().optional(),
});
export type CartItemView = z.infer<typeof CartItemViewSchema>;

/** The body of the promotion calls (API 3.3): the promo code, any case. */
export const PromotionBodySchema = z.object({ promotionCode: Text.trim().min(1).max(50) });
export type PromotionBody = z.infer<typeof PromotionBodySchema>;

/**
 * The promo code applied to a cart; `discount` is what it takes off `cart_total` now. A voucher counts
 * only what is charged now (pre-orders are charged when their draw opens); `applies` says whether it
 * applies to this cart, `message` which applies and why (or why not), `label` what it gives in words
 * ("$20 credit", "$5 off", "10% off").
 */
export const PromotionViewSchema = z.object({
  code: z.string(),
  type: z.enum([
    'voucher_fixed_discount',
    'voucher_percent_discount',
    'voucher_fixed_discount_expire',
    'voucher_credit_amount',
  ]),
  discount: MoneySchema,
  /** Always null: a credit voucher takes nothing off the cart (see `promo_credit`). */
  unusedCredit: MoneySchema.nullable(),
  /**
   * Credit vouchers: the promotional credit added to the balance when this cart is bought (0 while the
   * voucher does not apply); null for other types.
   */
  promoCredit: MoneySchema.nullable().optional(),
  applies: z.boolean(),
  label: z.string(),
  message: z.string(),
});
export type PromotionView = z.infer<typeof PromotionViewSchema>;

/** An item an answer took out of the cart, with why in words. */
export const AutoRemovedItemSchema = z.object({
  id: z.string(),
  reason: z.string(),
  description: z.string(),
  message: z.string(),
});
export type AutoRemovedItem = z.infer<typeof AutoRemovedItemSchema>;

export const CartViewSchema = z.object({
  cartItems: z.array(CartItemViewSchema),
  /** After the promotion's discount; never negative. */
  cartTotal: MoneySchema,
  promotion: PromotionViewSchema.nullable(),
  preOrderTotal: MoneySchema,
  /**
   * Items taken out of the cart by this answer: their first draw closed (`draw_closed`), or on a
   * build they no longer passed the checks (the refusal's code). `message` says so in words.
   */
  autoRemovedItems: z.array(AutoRemovedItemSchema),
  blockedReasons: z.record(z.string(), z.string()),
  requiresUnattendedPaymentMethod: z.boolean(),
  /** ISO 8601 UTC; null for a customer's cart, which does not expire. */
  expiry: z.string().nullable(),
});
export type CartView = z.infer<typeof CartViewSchema>;
