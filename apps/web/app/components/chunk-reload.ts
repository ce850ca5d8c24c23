import { shouldReloadOnChunkError } from '@drawhouse/domain';
import { useEffect } from 'react';

/** When this page's scripts started: the app has been open since then. */
const OPENED_AT = typeof window === 'undefined' ? 0 : Date.now();

/** Reloads the page when `error` is a failed page-chunk load and the app has been open over 24 hours. */
export function reloadOnChunkError(error: unknown, now = Date.now()): boolean {
  if (!shouldReloadOnChunkError(error, OPENED_AT, now)) return false;
  window.location.reload();
  return true;
}

/**
 * Listens for page chunks that fail to load (Vite's preload errors, failed dynamic imports) and
 * reloads an app open over 24 hours: a newer release has most likely replaced the chunk.
 */
export function useChunkReload(): void {
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      const payload = (event as Event & { payload?: unknown }).payload;
      if (reloadOnChunkError(payload)) event.preventDefault();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (reloadOnChunkError(event.reason)) event.preventDefault();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
}
