/**
 * Checkout's requests and answers (docs/api/checkout.md): buying the signed-in customer's cart from
 * the wallet (`POST /v2/cart/purchase`), a deposit then the purchase in one call
 * (`POST /v2/deposit_purchase`, API 3.3), and the receipt (`GET /v2/checkout/{checkoutID}`, API 3.4).
 */
import { z } from 'zod';
import { IsoDateSchema, MoneySchema } from './money.ts';

/**
 * What the customer agreed to pay. `expected_total` is the amount due now as the customer was shown
 * it: the cart's `cart_total` minus its `pre_order_total` (pre-orders are charged when their draw
 * opens). A cart whose amount due differs when the purchase runs is refused with 409 `cart_changed`
 * and nothing is charged. `use_wallet`: the balance (promotional credit first, then cash) pays first;
 * off, a deposit pays the whole amount due.
 */
export const PurchaseDataSchema = z.object({
  useWallet: z.boolean().default(true),
  expectedTotal: MoneySchema,
});
export type PurchaseData = z.infer<typeof PurchaseDataSchema>;

/** `POST /v2/cart/purchase`: pays the cart from the balance (promotional credit, then the wallet). */
export const CartPurchaseBodySchema = PurchaseDataSchema;
export type CartPurchaseBody = z.infer<typeof CartPurchaseBodySchema>;

/**
 * The deposit of a deposit-and-purchase: a saved fund (a card, PayPal ...) or an Apple Pay / Google Pay
 * payment (`wallet`, with the token the wallet's sheet gave), exactly one of the two, and the amount
 * to take, which must be exactly what the balance does not cover (all of the amount due without
 * `use_wallet`). `csc` when the fund's gateway asks for one; `gateway` picks among a card's gateways.
 */
export const DepositPurchaseDepositSchema = z
  .object({
    fundId: z.string().min(1).max(100).optional(),
    wallet: z.object({ code: z.enum(['ap', 'gp']), walletToken: z.string().min(1).max(2048) }).optional(),
    amount: MoneySchema,
    csc: z.string().max(10).optional(),
    gateway: z.string().min(1).max(50).optional(),
  })
  .refine((d) => (d.fundId === undefined) !== (d.wallet === undefined), {
    message: 'Choose one way to pay: a saved fund or Apple Pay / Google Pay.',
    path: ['fundId'],
  });
export type DepositPurchaseDeposit = z.infer<typeof DepositPurchaseDepositSchema>;

/** `POST /v2/deposit_purchase` (API 3.3): `deposit` null when the balance covers the amount due. */
export const DepositPurchaseBodySchema = z.object({
  deposit: DepositPurchaseDepositSchema.nullable(),
  purchase: PurchaseDataSchema,
});
export type DepositPurchaseBody = z.infer<typeof DepositPurchaseBodySchema>;

/** A lottery game on a ticket, by number set (the set names of the game's offer). */
export const TicketGameSchema = z.object({
  numbers: z.array(z.number().int()),
  powerball: z.array(z.number().int()).optional(),
  favourites: z.array(z.number().int()).optional(),
});
export type TicketGame = z.infer<typeof TicketGameSchema>;

/**
 * An order's entry in one draw. Lottery tickets carry their games; raffle tickets their ticket
 * numbers; syndicate tickets the shares held. Fields of other product types are empty or null.
 */
export const ReceiptTicketSchema = z.object({
  id: z.string(),
  drawNo: z.number().int(),
  drawDate: IsoDateSchema,
  games: z.array(TicketGameSchema),
  raffleTicketNumbers: z.array(z.number().int()),
  numShares: z.number().int().nullable(),
});
export type ReceiptTicket = z.infer<typeof ReceiptTicketSchema>;

export const ProductTypeSchema = z.enum(['lottery_ticket', 'raffle_ticket', 'syndicate_share', 'membership']);
export type ProductType = z.infer<typeof ProductTypeSchema>;

/** One cart item bought, with a ticket per draw it entered. */
export const ReceiptOrderSchema = z.object({
  id: z.string(),
  description: z.string(),
  productType: ProductTypeSchema,
  /** The product offer bought (a lottery, raffle or syndicate key). */
  lotteryKey: z.string(),
  quantity: z.number().int(),
  unitPrice: MoneySchema,
  totalPrice: MoneySchema,
  numDraws: z.number().int(),
  purchaseStatus: z.enum(['standard', 'pre_order']),
  /** The draws entered, soonest first. */
  draws: z.array(z.object({ drawNo: z.number().int(), drawDate: IsoDateSchema })),
  tickets: z.array(ReceiptTicketSchema),
});
export type ReceiptOrder = z.infer<typeof ReceiptOrderSchema>;

/** A purchase made later: a pre-order is charged when its draw opens. */
export const ScheduledPurchaseViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['scheduled_purchase', 'pre_order']),
  status: z.enum(['active', 'cancelled']),
  description: z.string(),
  productType: ProductTypeSchema,
  lotteryKey: z.string(),
  drawNo: z.number().int().nullable(),
  drawDate: IsoDateSchema.nullable(),
  numDraws: z.number().int(),
  amount: MoneySchema,
});
export type ScheduledPurchaseView = z.infer<typeof ScheduledPurchaseViewSchema>;

/** What analytics records of each product bought (one per order and per pre-order). */
export const TrackingProductSchema = z.object({
  brand: z.string(),
  analyticsProductType: z.string(),
  causeKey: z.string().nullable(),
  productDescription: z.string(),
  drawDate: IsoDateSchema.nullable(),
  drawNo: z.number().int().nullable(),
  hasFavouriteNumbers: z.boolean(),
  analyticsName: z.string(),
  numDraws: z.number().int(),
  numGames: z.number().int().nullable(),
  purchasePrice: MoneySchema,
  prizePool: MoneySchema.nullable(),
  lotteryKey: z.string(),
  recurringPurchaseEnabled: z.boolean(),
  recurringPurchaseType: z.string().nullable(),
  analyticsVariant: z.string().nullable(),
  purchaseStatus: z.enum(['standard', 'pre_order']),
  daysOfWeek: z.array(z.string()),
});
export type TrackingProduct = z.infer<typeof TrackingProductSchema>;

/** A conversion goal reached by the purchase (`purchase`, `first_purchase`), with its value. */
export const TrackingGoalSchema = z.object({ name: z.string(), value: MoneySchema });
export type TrackingGoal = z.infer<typeof TrackingGoalSchema>;

/**
 * The receipt of one checkout (API 3.4). `total` is what the cart came to after any discount,
 * pre-orders included; `paid` says how the amount charged now was paid (promotional credit, wallet,
 * and the card or other fund of the deposit made for it, which is part of the wallet amount).
 */
export const ReceiptSchema = z.object({
  checkoutId: z.string(),
  createdAt: IsoDateSchema,
  total: MoneySchema,
  discount: MoneySchema,
  preOrderTotal: MoneySchema,
  /** Charged now: total minus pre-orders. */
  paidNow: MoneySchema,
  paid: z.object({ promo: MoneySchema, wallet: MoneySchema, card: MoneySchema }),
  /** What paid `paid.card`: "Visa ending 4242", "PayPal", "Apple Pay"; null when nothing did. */
  paidBy: z.string().nullable(),
  voucherCode: z.string().nullable(),
  /** Promotional credit a credit voucher added to the balance when the purchase completed. */
  promoCreditGranted: MoneySchema,
  orders: z.array(ReceiptOrderSchema),
  scheduledPurchases: z.array(ScheduledPurchaseViewSchema),
  trackingData: z.object({
    products: z.array(TrackingProductSchema),
    goals: z.array(TrackingGoalSchema),
  }),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

/** A completed purchase: its checkout id (the receipt's address) and the receipt. */
export const PurchaseResultSchema = z.object({ checkoutId: z.string(), receipt: ReceiptSchema });
export type PurchaseResult = z.infer<typeof PurchaseResultSchema>;

/**
 * A deposit still waiting for the customer: open `redirect_url` (a 3-D Secure challenge or a PayPal
 * approval). The purchase completes by itself once the deposit succeeds; if it then cannot (the cart
 * changed, a draw closed), the money stays in the wallet and the deposit reports
 * `deposit_purchase_checkout_failure`.
 */
export const PendingDepositSchema = z.object({
  deposit: z.object({ id: z.string(), redirectUrl: z.string() }),
});
export type PendingDeposit = z.infer<typeof PendingDepositSchema>;

/**
 * The answer of `POST /v2/deposit_purchase`: either the deposit awaiting the customer, or the
 * completed purchase. An answer with neither is invalid ("Received invalid deposit response when
 * attempting purchase").
 */
export const DepositPurchaseResultSchema = z.union([PendingDepositSchema, PurchaseResultSchema]);
export type DepositPurchaseResult = z.infer<typeof DepositPurchaseResultSchema>;

/** The marker a deposit carries when its purchase failed after the money arrived. */
export const DEPOSIT_PURCHASE_CHECKOUT_FAILURE = 'deposit_purchase_checkout_failure';

/**
 * Why a purchase is refused (the error's `code`); nothing is charged in every case:
 * `cart_empty` (422), `cart_changed` (409: the amount due is not `expected_total`), `draw_closed`
 * (409: an item's draw no longer takes entries; the item leaves the cart), `sold_out` (409: a raffle or
 * syndicate has not enough left), `cart_blocked` (422: an item cannot be sold to this customer),
 * `insufficient_funds` (422), `deposit_amount` (422: the deposit is not what the balance leaves to
 * pay), spend and deposit limit codes (422), `idempotency_mismatch` (422), `idempotency_in_flight` (409).
 */
export const PURCHASE_REFUSAL_CODES = [
  'cart_empty',
  'cart_changed',
  'draw_closed',
  'sold_out',
  'cart_blocked',
  'insufficient_funds',
  'deposit_amount',
] as const;
export type PurchaseRefusalCode = (typeof PURCHASE_REFUSAL_CODES)[number];
