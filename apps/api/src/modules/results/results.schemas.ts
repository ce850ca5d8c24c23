/**
 * Path and query schemas of the results routes; the answers are in @drawhouse/contract. Query keys
 * arrive snake_case and are renamed to camelCase before these run. Offer keys and draw numbers are
 * plain strings: one that names nothing is 404, never a 500.
 */
import { RESULTS_MAX_PAGE_SIZE, RESULTS_PAGE_SIZE, ResultCategorySchema } from '@drawhouse/contract';
import { z } from 'zod';

const key = z.string().max(200);

export const PricingParamsSchema = z.object({ pricingId: key });
export const PricingOfferParamsSchema = z.object({ pricingId: key, offer: key });
export const OfferParamsSchema = z.object({ offer: key });
export const DrawParamsSchema = z.object({ offer: key, drawNo: z.string().max(20) });
export const ArchiveParamsSchema = z.object({
  offer: key,
  year: z
    .string()
    .max(4)
    .regex(/^(20\d\d)$/, 'A year from 2000 to 2099, like 2026.'),
  month: z
    .string()
    .max(2)
    .regex(/^(0?[1-9]|1[0-2])$/, 'A month from 1 to 12.'),
});

export const ResultsPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(RESULTS_MAX_PAGE_SIZE).default(RESULTS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
/**
 * A draw's winners, optionally searched (the `winner_search` capability): a raffle ticket number, or
 * the start of the first name or suburb of a winner who agreed to be named.
 */
export const WinnersQuerySchema = ResultsPageQuerySchema.extend({
  search: z.string().trim().min(1).max(60).optional(),
});
export const ArchiveQuerySchema = ResultsPageQuerySchema.extend({
  customerId: z.string().max(100).optional(),
  category: ResultCategorySchema.default('all'),
});
