/**
 * Path and query schemas of the catalogue routes; the answers are in @drawhouse/contract. Query keys
 * arrive snake_case and are renamed to camelCase before these run.
 */
import { z } from 'zod';

// Requests. Path identifiers are plain strings here: one that is not letters, digits, '-' and '_' is
// treated as absent by the service (so an unknown thing, 404), never as a 500.

export const PricingParamsSchema = z.object({ pricingName: z.string().max(200) });
export const ProductOffersQuerySchema = z.object({ pricing: z.string().max(200).optional() });
export const LotteryParamsSchema = z.object({ lotteryKey: z.string().max(200) });
export const CauseParamsSchema = z.object({ key: z.string().max(200) });
export const CausesQuerySchema = z.object({
  slug: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type CausesQuery = z.infer<typeof CausesQuerySchema>;
