import { useEffect, useRef } from 'react';
import { useRouteLoaderData } from 'react-router';
import { useParsed } from '../../lib/serialized';
import type { RootData } from '../../lib/shell';

type DataLayerEvent = { event: string } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

/** Whether the visitor accepted non-essential cookies (analytics): only then is anything pushed. */
export function useAnalyticsAllowed(): boolean {
  const root = useRouteLoaderData<RootData>('root');
  const shell = useParsed(root?.shell);
  return shell?.cookieConsent?.choice === 'all';
}

/** The site's name: the analytics brand of the cart's items. */
export function useAnalyticsBrand(): string {
  return useRouteLoaderData<RootData>('root')?.siteName ?? 'Drawhouse';
}

/** Pushes one event to `window.dataLayer`, only with consent; an event before consent is dropped. */
export function pushEvent(allowed: boolean, event: string, payload: Record<string, unknown>): void {
  if (!allowed) return;
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...payload });
}

/**
 * Pushes `event` once per `key` while the page shows (a page view's cartViewed, checkoutStarted,
 * purchase completed), and once consent is given if it was not yet.
 */
export function useAnalyticsEvent(event: string, key: string, payload: Record<string, unknown>): void {
  const allowed = useAnalyticsAllowed();
  const sent = useRef<string | null>(null);
  const latest = useRef(payload);
  latest.current = payload;
  useEffect(() => {
    if (!allowed || sent.current === key) return;
    sent.current = key;
    pushEvent(true, event, latest.current);
  }, [allowed, event, key]);
}
