import { z } from 'zod';

/** `POST /v2/process_recurring_purchases/sync`: what buying the caller's due recurring purchases came to. */
export const RecurringSyncResultSchema = z.object({
  purchased: z.number().int().nonnegative(),
  softFailures: z.number().int().nonnegative(),
  hardFailures: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
export type RecurringSyncResult = z.infer<typeof RecurringSyncResultSchema>;
