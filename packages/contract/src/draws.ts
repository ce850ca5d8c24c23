/**
 * Draws and their results (docs/api/results.md): which offers have results, past draws of an offer
 * (paged), the archive by month, a draw's full result and details (API 3.6) with its prize divisions,
 * raffle prizes and the provably fair raffle proof, a draw's winners and preview. Results are shown
 * only for draws whose results are published (DRAW_DRAWN, DRAW_SCORED, DRAW_PAID, DRAW_EMAILED,
 * DRAW_CAPPED).
 */
import { z } from 'zod';
import { IsoDateSchema, MoneySchema } from './money.ts';

export const DRAW_STATUSES = [
  'DRAW_OPEN',
  'DRAW_CLOSED',
  'DRAW_DRAWN',
  'DRAW_SCORED',
  'DRAW_PAID',
  'DRAW_EMAILED',
  'DRAW_CAPPED',
] as const;
export const DrawStatusSchema = z.enum(DRAW_STATUSES);
export type DrawStatus = z.infer<typeof DrawStatusSchema>;

/** The statuses of a draw whose results are published. */
export const RESULT_DRAW_STATUSES = [
  'DRAW_DRAWN',
  'DRAW_SCORED',
  'DRAW_PAID',
  'DRAW_EMAILED',
  'DRAW_CAPPED',
] as const satisfies readonly DrawStatus[];

/** Default page size of result lists (past draws of an offer, the archive, winners). */
export const RESULTS_PAGE_SIZE = 5;
export const RESULTS_MAX_PAGE_SIZE = 50;

export const DrawTypeSchema = z.enum(['lottery_ticket_draw', 'syndicate_share_draw', 'raffle_ticket_draw']);

/** A draw as every result answer names it. `jackpot`: the announced division 1 pool, when there was one. */
export const DrawSummarySchema = z.object({
  drawId: z.string(),
  productOfferKey: z.string(),
  offerName: z.string(),
  lotteryKey: z.string().nullable(),
  displayCategory: z.enum(['lotto', 'raffle', 'syndicate', 'membership']),
  drawType: DrawTypeSchema,
  drawNo: z.number().int(),
  status: DrawStatusSchema,
  stopDate: IsoDateSchema,
  drawDate: IsoDateSchema,
  jackpot: MoneySchema.nullable(),
});
export type DrawSummary = z.infer<typeof DrawSummarySchema>;

/** Balls of one number set in the order drawn (e.g. `Numbers` [..7], `Powerball` [n]). */
export const WinningNumberSetSchema = z.object({ name: z.string(), numbers: z.array(z.number().int()) });
export type WinningNumberSet = z.infer<typeof WinningNumberSetSchema>;

/**
 * A published result. `supplementary` are the supplementary or bonus balls in the order drawn
 * (`supplementaryName` says which: "Supplementary" or "Bonus"; null and empty for games without).
 * Raffle draws have no balls: their winning tickets are in `raffle`.
 */
export const DrawResultSchema = z.object({
  numbers: z.array(WinningNumberSetSchema),
  supplementary: z.array(z.number().int()),
  supplementaryName: z.string().nullable(),
  publishedAt: IsoDateSchema,
});
export type DrawResult = z.infer<typeof DrawResultSchema>;

/** A prize division of a lottery draw: winning games and the prize of one winning game (null until known). */
export const PrizeDivisionSchema = z.object({
  division: z.number().int(),
  description: z.string(),
  winners: z.number().int(),
  prize: MoneySchema.nullable(),
});
export type PrizeDivision = z.infer<typeof PrizeDivisionSchema>;

/** A raffle prize in prize order; `winningTicket` once the draw is drawn. */
export const RafflePrizeSchema = z.object({
  rank: z.number().int(),
  name: z.string(),
  value: MoneySchema,
  winningTicket: z.number().int().nullable(),
});
export type RafflePrize = z.infer<typeof RafflePrizeSchema>;

/**
 * The proof of a provably fair raffle draw. From the moment the draw opens: `algorithm`, `version`
 * and `commitment` (lowercase hex SHA-256 of the secret seed). After the draw also the `seed` (hex),
 * `ticketsSold` and `winningTickets` (ticket numbers in prize order), so anyone can recompute them.
 */
export const RaffleProofSchema = z.object({
  algorithm: z.string(),
  version: z.number().int(),
  commitment: z.string(),
  seed: z.string().optional(),
  ticketsSold: z.number().int().optional(),
  winningTickets: z.array(z.number().int()).optional(),
});
export type RaffleProof = z.infer<typeof RaffleProofSchema>;

/** A raffle draw's prizes and proof (`proof` null for a draw made before proofs existed). */
export const RaffleDrawSchema = z.object({
  prizes: z.array(RafflePrizeSchema),
  proof: RaffleProofSchema.nullable(),
});
export type RaffleDraw = z.infer<typeof RaffleDrawSchema>;

/**
 * `GET /v2/draw/details/{offer}/{drawNo}` (API 3.6): any draw of the offer, open or past. `result`
 * and the divisions' winners only once the results are published; raffles carry prizes and proof.
 */
export const DrawDetailsSchema = DrawSummarySchema.extend({
  result: DrawResultSchema.nullable(),
  divisions: z.array(PrizeDivisionSchema),
  raffle: RaffleDrawSchema.nullable(),
});
export type DrawDetails = z.infer<typeof DrawDetailsSchema>;

/** A draw with its published result: list entries and `GET /v2/draw/full_result/{offer}/{drawNo}`. */
export const PastDrawSchema = DrawDetailsSchema.extend({ result: DrawResultSchema });
export type PastDraw = z.infer<typeof PastDrawSchema>;

/** A page of past draws, newest first (`page_info` in the envelope). */
export const PastDrawListSchema = z.array(PastDrawSchema);
export type PastDrawList = z.infer<typeof PastDrawListSchema>;

/**
 * `GET /v2/past/result_keys` and `GET /v2/draws/pricing/{pricingId}/past/result_keys`: the offers
 * that have published results, with the date of their first result (the archive starts there).
 */
export const ResultKeySchema = z.object({
  productOfferKey: z.string(),
  name: z.string(),
  productType: z.enum(['lottery_ticket', 'raffle_ticket', 'syndicate_share', 'membership']),
  displayCategory: z.enum(['lotto', 'raffle', 'syndicate', 'membership']),
  lotteryKey: z.string().nullable(),
  url: z.string(),
  firstResultDate: IsoDateSchema,
});
export type ResultKey = z.infer<typeof ResultKeySchema>;
export const ResultKeysSchema = z.object({ resultKeys: z.array(ResultKeySchema) });
export type ResultKeys = z.infer<typeof ResultKeysSchema>;

/** `category` of the archive: lotteries (lotto and syndicates), raffles, or every offer. */
export const ResultCategorySchema = z.enum(['all', 'lotteries', 'raffles']);
export type ResultCategory = z.infer<typeof ResultCategorySchema>;

/** `GET /v2/draw/details/{offer}/{drawNo}/prizes`: raffle prizes, or a lottery draw's divisions as prizes. */
export const DrawPrizeSchema = z.object({
  rank: z.number().int(),
  name: z.string(),
  value: MoneySchema.nullable(),
  winners: z.number().int().nullable(),
  winningTicket: z.number().int().nullable(),
});
export type DrawPrize = z.infer<typeof DrawPrizeSchema>;
export const DrawPrizesSchema = z.object({ draw: DrawSummarySchema, prizes: z.array(DrawPrizeSchema) });
export type DrawPrizes = z.infer<typeof DrawPrizesSchema>;

/**
 * One winner of `GET /v2/draw/details/{offer}/{drawNo}/winners` (paged). Only what the winner agreed
 * to show: first name and suburb, or `name` "A Drawhouse customer" and `suburb` null.
 */
export const DrawWinnerSchema = z.object({
  name: z.string(),
  suburb: z.string().nullable(),
  rank: z.number().int(),
  prizeName: z.string(),
  prize: MoneySchema.nullable(),
  ticketNumber: z.number().int().nullable(),
});
export type DrawWinner = z.infer<typeof DrawWinnerSchema>;
export const DrawWinnerListSchema = z.array(DrawWinnerSchema);

/** `GET /v2/draw/preview/{offer}/{drawNo}`: a draw's card, with its result once published. */
export const DrawPreviewSchema = DrawSummarySchema.extend({ result: DrawResultSchema.nullable() });
export type DrawPreview = z.infer<typeof DrawPreviewSchema>;
