/** Saving the signed-in customer's favourite numbers (PUT /v2/favourite-numbers). */
import { FavouriteNumbersResultSchema } from '@drawhouse/contract';
import type { FavouriteNumberSet } from '@drawhouse/domain';
import { ApiError } from '../../lib/api.server';
import { customerRequest, forgetCustomer } from '../../lib/customer.server';
import type { Visitor } from '../../lib/visitor.server';

export type FavouriteSaveResult =
  | { ok: true }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

/** PUT /v2/favourite-numbers as the signed-in customer; the API's field errors come back by field. */
export async function saveFavouriteNumbers(
  visitor: Visitor,
  list: FavouriteNumberSet[],
): Promise<FavouriteSaveResult> {
  try {
    await customerRequest(FavouriteNumbersResultSchema, visitor, '/favourite-numbers', {
      method: 'PUT',
      body: { favouriteNumbers: list },
    });
    forgetCustomer(visitor);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const fieldErrors = Object.fromEntries(
      Object.entries(error.fieldErrors ?? {}).map(([field, errors]) => [
        field,
        errors[0]?.message ?? error.message,
      ]),
    );
    return { ok: false, message: error.message, fieldErrors };
  }
}
