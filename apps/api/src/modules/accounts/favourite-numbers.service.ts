/** The customer's favourite numbers: checked against the catalogue, then the stored list replaced. */
import { type FavouriteNumberSet, favouriteNumbersFailures } from '@drawhouse/domain';
import { fieldErrors, validationError } from '../../http/validation.ts';
import type { createFavouriteNumbersRepository } from './favourite-numbers.repository.ts';
import type { SignedInCustomer } from './session.service.ts';

export type FavouriteNumbersService = ReturnType<typeof createFavouriteNumbersService>;

export function createFavouriteNumbersService(
  repo: ReturnType<typeof createFavouriteNumbersRepository>,
  now: () => Date,
) {
  /** The list as stored: checked (400 `validation_error` with a field per failure), powerball left out when empty. */
  async function checked(list: readonly FavouriteNumberSet[], field: string): Promise<FavouriteNumberSet[]> {
    if (list.length === 0) return [];
    const sets = await repo.standardNumberSets();
    const failures = favouriteNumbersFailures(list, (lottery) => sets.get(lottery), field);
    if (failures.length > 0) {
      throw validationError(fieldErrors(failures.map((f) => [f.path, f.message, f.code])));
    }
    return list.map(({ lottery, numbers, powerball }) => ({
      lottery,
      numbers: [...numbers],
      ...(powerball && powerball.length > 0 ? { powerball: [...powerball] } : {}),
    }));
  }

  return {
    checked,

    /** Replaces the whole list: sending the same list again changes nothing. */
    async replace(
      signedIn: SignedInCustomer,
      list: readonly FavouriteNumberSet[],
    ): Promise<FavouriteNumberSet[]> {
      const clean = await checked(list, 'favourite_numbers');
      await repo.save(signedIn.customer.id, clean, now());
      return clean;
    },
  };
}
