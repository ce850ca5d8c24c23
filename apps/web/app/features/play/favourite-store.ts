/**
 * Favourite numbers and the favourite tooltip state live in session storage:
 * `{ sets, tooltipDismissed }` under `dh_favourite_numbers`.
 */
import {
  FAVOURITE_NUMBERS_STORAGE_KEY,
  type FavouriteNumberSet,
  parseFavouriteNumbers,
} from '@drawhouse/domain';

export type FavouriteStore = { sets: FavouriteNumberSet[]; tooltipDismissed: boolean };

export const EMPTY_FAVOURITE_STORE: FavouriteStore = { sets: [], tooltipDismissed: false };

/** The stored text read back; anything unreadable is an empty store. */
export function parseFavouriteStore(raw: string | null): FavouriteStore {
  if (!raw) return EMPTY_FAVOURITE_STORE;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY_FAVOURITE_STORE;
  }
  if (typeof value !== 'object' || value === null) return EMPTY_FAVOURITE_STORE;
  const { sets, tooltipDismissed } = value as Record<string, unknown>;
  return { sets: parseFavouriteNumbers(sets), tooltipDismissed: tooltipDismissed === true };
}

/** Session storage, or nothing where it is not there or refused (private mode, server render). */
function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readFavouriteStore(): FavouriteStore {
  return parseFavouriteStore(storage()?.getItem(FAVOURITE_NUMBERS_STORAGE_KEY) ?? null);
}

export function writeFavouriteStore(store: FavouriteStore): void {
  try {
    storage()?.setItem(FAVOURITE_NUMBERS_STORAGE_KEY, JSON.stringify(store));
  } catch {
    // A full or refused storage only costs the copy: the page keeps working.
  }
}
