import { z } from 'zod';

/**
 * Money on the wire: major units (12.5 means $12.50) with at most two decimals, and the ISO 4217
 * currency. Inside the API every amount is integer cents; `centsToMoney` and `moneyToCents` in the
 * domain are the only crossings.
 */
export const MoneySchema = z.object({ amount: z.number(), currency: z.string() });
export type Money = z.infer<typeof MoneySchema>;

/** A point in time on the wire: ISO 8601 in UTC. */
export const IsoDateSchema = z.string().describe('ISO 8601 UTC');
