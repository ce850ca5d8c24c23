/**
 * Path and query schemas of the recurring purchase routes; bodies and answers are in
 * @drawhouse/contract. Query keys arrive snake_case and are renamed to camelCase before these run.
 */
import { RECURRING_MAX_PAGE_SIZE, RECURRING_PAGE_SIZE } from '@drawhouse/contract';
import { z } from 'zod';

export const RecurringPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(RECURRING_MAX_PAGE_SIZE).default(RECURRING_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** `lottery_keys=a,b`: only the subscriptions of these offers (empty: all of them). */
export const SubscriptionsQuerySchema = RecurringPageQuerySchema.extend({
  lotteryKeys: z
    .string()
    .max(2_000)
    .transform((text) => {
      const keys = text
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key.length > 0);
      // An empty list filters nothing out.
      return keys.length > 0 ? keys : undefined;
    })
    .optional(),
});

/** Checked for size only: an id of the wrong form is simply not found. */
export const RecurringIdParamsSchema = z.object({ id: z.string().max(100) });
export const EncodedIdParamsSchema = z.object({ encodedId: z.string().max(100) });
