/** Favourite numbers on the wire (docs/api/accounts.md "Favourite numbers"): a customer's saved sets per lottery. */
import { z } from 'zod';

const Numbers = z.array(z.number().int()).max(100);

export const FavouriteNumberSetSchema = z.strictObject({
  lottery: z.string().min(1).max(100),
  numbers: Numbers,
  powerball: Numbers.optional(),
});

export const FavouriteNumbersListSchema = z.array(FavouriteNumberSetSchema).max(100);

export const FavouriteNumbersBodySchema = z.object({ favouriteNumbers: FavouriteNumbersListSchema });
export type FavouriteNumbersBody = z.infer<typeof FavouriteNumbersBodySchema>;

export const FavouriteNumbersResultSchema = z.object({ favouriteNumbers: FavouriteNumbersListSchema });
export type FavouriteNumbersResult = z.infer<typeof FavouriteNumbersResultSchema>;
