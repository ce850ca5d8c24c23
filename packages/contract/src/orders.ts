/**
 * The signed-in customer's orders and tickets (docs/api/results.md): `GET /v2/orders` (upcoming or
 * past), `GET /v2/orders/{id}?show_details=true`, `GET /v2/orders/recommended`, `GET /v2/tickets/{id}`,
 * and the customer's own results: `GET /v2/draws/past_customer/{offer}` and
 * `GET /v2/draw/full_result_customer/{offer}/{drawNo}`. Another customer's order or ticket is 404.
 */
import { z } from 'zod';
import { DrawResultSchema, DrawSummarySchema, PastDrawSchema } from './draws.ts';
import { IsoDateSchema, MoneySchema } from './money.ts';

export const OrderProductTypeSchema = z.enum([
  'lottery_ticket',
  'raffle_ticket',
  'syndicate_share',
  'membership',
]);

/** Default and largest page sizes of the orders list. */
export const ORDERS_PAGE_SIZE = 10;
export const ORDERS_MAX_PAGE_SIZE = 50;

/**
 * A ticket's prize: `no_result` until the draw's results are published and the ticket scored,
 * `not_won`, then the payout's status: `prize_pending` (a division it won has no prize announced
 * yet: nothing is paid until it has), `pending` (being paid), `held` (waiting for approval) or
 * `paid` (in the wallet).
 */
export const PayoutStatusSchema = z.enum([
  'no_result',
  'not_won',
  'prize_pending',
  'pending',
  'held',
  'paid',
]);
export type PayoutStatus = z.infer<typeof PayoutStatusSchema>;

/**
 * One number set of a game (`Numbers`, `Powerball`): the numbers as the ticket shows them and, once
 * the result is out, those that matched and their positions in `numbers` (what to highlight: in
 * Lotto Strike and Super 66 a number matches only in its place).
 */
export const GameNumberSetSchema = z.object({
  name: z.string(),
  numbers: z.array(z.number().int()),
  matched: z.array(z.number().int()),
  matchedPositions: z.array(z.number().int()),
});
export type GameNumberSet = z.infer<typeof GameNumberSetSchema>;

/**
 * A game of a lottery ticket. `supplementaryMatched`: its main numbers among the supplementary or
 * bonus balls. `division` is the best division it won (null: none, or no result yet); `combos` how
 * many of a system entry's combinations won; `prize` what the game won in all.
 */
export const TicketGameLineSchema = z.object({
  index: z.number().int(),
  sets: z.array(GameNumberSetSchema),
  supplementaryMatched: z.array(z.number().int()),
  division: z.number().int().nullable(),
  combos: z.number().int(),
  prize: MoneySchema.nullable(),
});
export type TicketGameLine = z.infer<typeof TicketGameLineSchema>;

/** A raffle ticket number; `prizeRank` and `prizeName` when it won. */
export const RaffleTicketNumberSchema = z.object({
  number: z.number().int(),
  prizeRank: z.number().int().nullable(),
  prizeName: z.string().nullable(),
});
export type RaffleTicketNumber = z.infer<typeof RaffleTicketNumberSchema>;

/**
 * A ticket: the order's entry in one draw, with the draw's result when published, each game's
 * matched numbers, division and prize, and what the ticket won (`prize`) with its payout status.
 */
export const TicketDetailsSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  productType: OrderProductTypeSchema,
  gameType: z.string().nullable(),
  purchasedAt: IsoDateSchema,
  draw: DrawSummarySchema,
  result: DrawResultSchema.nullable(),
  games: z.array(TicketGameLineSchema),
  raffleTicketNumbers: z.array(RaffleTicketNumberSchema),
  numShares: z.number().int().nullable(),
  prize: MoneySchema.nullable(),
  prizeNames: z.array(z.string()),
  payoutStatus: PayoutStatusSchema,
  /** A syndicate share whose draw was cancelled (too few shares sold): what was refunded to the wallet. */
  refund: MoneySchema.nullable(),
});
export type TicketDetails = z.infer<typeof TicketDetailsSchema>;

export const OrderListStatusSchema = z.enum(['upcoming_products', 'past_products']);
export type OrderListStatus = z.infer<typeof OrderListStatusSchema>;

/**
 * An order in the list. Upcoming: at least one of its draws has no published result yet; past: all
 * of them have. `nextDraw` is its first draw without a result, `lastDraw` its latest draw.
 * `prize` sums what its tickets won so far (null: nothing won); `prizePending` is true while a
 * division one of its tickets won has no prize announced yet (nothing of it paid).
 */
export const OrderSummarySchema = z.object({
  id: z.string(),
  checkoutId: z.string(),
  createdAt: IsoDateSchema,
  productType: OrderProductTypeSchema,
  productOfferKey: z.string(),
  offerName: z.string(),
  description: z.string(),
  gameType: z.string().nullable(),
  numGames: z.number().int().nullable(),
  quantity: z.number().int(),
  total: MoneySchema,
  purchaseStatus: z.enum(['standard', 'pre_order']),
  numDraws: z.number().int(),
  ticketCount: z.number().int(),
  nextDraw: DrawSummarySchema.nullable(),
  lastDraw: DrawSummarySchema.nullable(),
  prize: MoneySchema.nullable(),
  prizePending: z.boolean(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;
export const OrderListSchema = z.array(OrderSummarySchema);

/** `GET /v2/orders/{id}`: the order with a ticket per draw (tickets empty unless `show_details=true`). */
export const OrderDetailsSchema = OrderSummarySchema.extend({ tickets: z.array(TicketDetailsSchema) });
export type OrderDetails = z.infer<typeof OrderDetailsSchema>;

/**
 * `GET /v2/orders/recommended`: offers the customer bought in the last 180 days whose next draw is
 * on sale now, most recently bought first (at most 6), each with the latest order's choices to
 * buy again.
 */
export const RecommendedOrderSchema = z.object({
  productOfferKey: z.string(),
  offerName: z.string(),
  productType: OrderProductTypeSchema,
  lotteryKey: z.string().nullable(),
  url: z.string(),
  lastOrderId: z.string(),
  lastOrderedAt: IsoDateSchema,
  description: z.string(),
  gameType: z.string().nullable(),
  numGames: z.number().int().nullable(),
  nextDraw: DrawSummarySchema,
});
export type RecommendedOrder = z.infer<typeof RecommendedOrderSchema>;
export const RecommendedOrdersSchema = z.array(RecommendedOrderSchema);

/** A past draw with the signed-in customer's tickets in it. */
export const CustomerPastDrawSchema = PastDrawSchema.extend({ tickets: z.array(TicketDetailsSchema) });
export type CustomerPastDraw = z.infer<typeof CustomerPastDrawSchema>;
export const CustomerPastDrawListSchema = z.array(CustomerPastDrawSchema);
