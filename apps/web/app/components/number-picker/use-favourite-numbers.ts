import type { FavouriteNumberSet } from '@drawhouse/domain';
import { withFavouriteSet } from '@drawhouse/domain';
import { useCallback, useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import {
  EMPTY_FAVOURITE_STORE,
  type FavouriteStore,
  readFavouriteStore,
  writeFavouriteStore,
} from './favourite-store';

type SaveResult = { ok: boolean; message?: string };

/**
 * Favourite numbers of the play screen: the session storage copy, read once hydrated; for a
 * signed-in customer the account's list (`account`, from the loader) replaces it, and every save
 * goes to the account too (POST /favourite-numbers).
 */
export function useFavouriteNumbers(account: readonly FavouriteNumberSet[] | null) {
  const fetcher = useFetcher<SaveResult>();
  const [store, setStore] = useState<FavouriteStore>(EMPTY_FAVOURITE_STORE);
  const [loaded, setLoaded] = useState(false);
  const [justSaved, setJustSaved] = useState(false);

  useEffect(() => {
    const stored = readFavouriteStore();
    const next = account ? { ...stored, sets: [...account] } : stored;
    writeFavouriteStore(next);
    setStore(next);
    setLoaded(true);
  }, [account]);

  const change = useCallback((next: FavouriteStore) => {
    writeFavouriteStore(next);
    setStore(next);
  }, []);

  const save = (set: FavouriteNumberSet) => {
    const next = { ...store, sets: withFavouriteSet(store.sets, set) };
    change(next);
    setJustSaved(true);
    if (account) {
      fetcher.submit(
        { favouriteNumbers: JSON.stringify(next.sets) },
        { method: 'post', action: '/favourite-numbers' },
      );
    }
  };

  return {
    loaded,
    sets: store.sets,
    save,
    /** The one-time hint after a save, until dismissed for the session. */
    tooltip: justSaved && !store.tooltipDismissed,
    dismissTooltip: () => change({ ...store, tooltipDismissed: true }),
    error: fetcher.state === 'idle' && fetcher.data?.ok === false ? (fetcher.data.message ?? null) : null,
  };
}
