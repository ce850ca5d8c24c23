import type { FavouriteNumberSet } from '@drawhouse/domain';
import { withFavouriteSet } from '@drawhouse/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import {
  EMPTY_FAVOURITE_STORE,
  type FavouriteStore,
  readFavouriteStore,
  writeFavouriteStore,
} from './favourite-store';

type SaveResult = { ok: boolean; message?: string };

const SAVE = { method: 'post', action: '/favourite-numbers' } as const;

/**
 * Favourite numbers of the play screen: the session storage copy, read once hydrated; for a
 * signed-in customer the account's list (`account`, from the loader) replaces it, and every save
 * goes to the account too (POST /favourite-numbers). With `adoptSession`, an account without
 * favourites takes the ones saved before signing in (once: a refused list is not sent again).
 */
export function useFavouriteNumbers(
  account: readonly FavouriteNumberSet[] | null,
  { adoptSession = true }: { adoptSession?: boolean } = {},
) {
  const fetcher = useFetcher<SaveResult>();
  const [store, setStore] = useState<FavouriteStore>(EMPTY_FAVOURITE_STORE);
  const [loaded, setLoaded] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const adopted = useRef(false);
  // The effect below runs when the account's list changes, not when the fetcher does.
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;

  useEffect(() => {
    const stored = readFavouriteStore();
    const adopt = adoptSession && account?.length === 0 && stored.sets.length > 0 && !adopted.current;
    if (adopt) {
      adopted.current = true;
      void submit.current({ favouriteNumbers: JSON.stringify(stored.sets) }, SAVE);
    }
    const next = account === null || adopt ? stored : { ...stored, sets: [...account] };
    writeFavouriteStore(next);
    setStore(next);
    setLoaded(true);
  }, [account, adoptSession]);

  const change = useCallback((next: FavouriteStore) => {
    writeFavouriteStore(next);
    setStore(next);
  }, []);

  const save = (set: FavouriteNumberSet) => {
    const next = { ...store, sets: withFavouriteSet(store.sets, set) };
    change(next);
    setJustSaved(true);
    if (account) void fetcher.submit({ favouriteNumbers: JSON.stringify(next.sets) }, SAVE);
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
