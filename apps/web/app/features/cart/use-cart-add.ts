import type { CartView } from '@drawhouse/contract';
import { analyticsProductOfCartItem } from '@drawhouse/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { useNotify } from '../../components/notifications';
import { pushEvent, useAnalyticsAllowed, useAnalyticsBrand } from '../analytics/data-layer';
import type { RecommendedDraw } from './recommended';

/** Add item is debounced 1000 ms. */
export const ADD_DEBOUNCE_MS = 1000;

/** What /cart/add answers: the cart after the change, or why it was refused. */
export type CartAddAnswer =
  | { ok: true; cart: CartView; recommended?: RecommendedDraw[] }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

export type CartAdded = Extract<CartAddAnswer, { ok: true }>['cart'];

/**
 * Posts an item body to /cart/add (replacing `itemId` when given). A click within 1000 ms of the
 * last one, or while a post is under way, is ignored: a double click makes one POST. A refusal is a
 * notification, and the next click after it posts at once (the customer has fixed what was refused). A success has one confirmation only, not a notification as well: an add is handed
 * back as `added` for the pre-cart drawer, a replacement (`succeeded`) shows the button's own line.
 * `onRefused` also hears a refusal's field errors, for a panel that shows them under its fields.
 */
export function useCartAdd({
  itemId,
  onRefused,
}: {
  itemId?: string;
  onRefused?: (fieldErrors: Record<string, string>) => void;
}) {
  const fetcher = useFetcher<CartAddAnswer>();
  const notify = useNotify();
  const analytics = useAnalyticsAllowed();
  const brand = useAnalyticsBrand();
  const lastAddAt = useRef(Number.NEGATIVE_INFINITY);
  const seen = useRef<CartAddAnswer | undefined>(undefined);
  const [added, setAdded] = useState<CartAdded | null>(null);
  const [recommended, setRecommended] = useState<RecommendedDraw[]>([]);
  const busy = fetcher.state !== 'idle';
  const { submit } = fetcher;

  const add = useCallback(
    (item: Record<string, unknown>) => {
      const now = Date.now();
      if (now - lastAddAt.current < ADD_DEBOUNCE_MS) return;
      lastAddAt.current = now;
      const form: Record<string, string> = { item: JSON.stringify(item) };
      if (itemId) form.itemId = itemId;
      void submit(form, { method: 'post', action: '/cart/add' });
    },
    [submit, itemId],
  );

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || seen.current === result) return;
    seen.current = result;
    if (!result.ok) {
      notify({ id: 'cart-add', level: 'error', message: result.message });
      lastAddAt.current = Number.NEGATIVE_INFINITY;
      onRefused?.(result.fieldErrors ?? {});
      return;
    }
    if (!itemId) {
      setAdded(result.cart);
      setRecommended(result.recommended ?? []);
      const item = result.cart.cartItems.at(-1);
      if (item) {
        const source = window.location.pathname;
        pushEvent(analytics, 'productAdded', {
          product: analyticsProductOfCartItem(item, brand, { source, cartId: null }),
        });
      }
    }
  }, [fetcher.state, fetcher.data, notify, itemId, onRefused, analytics, brand]);

  return {
    add,
    busy,
    succeeded: fetcher.data?.ok === true,
    added,
    /** The cart's isPrecartDrawerOpen: the drawer is open while an add is being shown. */
    isPrecartDrawerOpen: added !== null,
    recommended,
    /** The cart after a recommended draw was added from the drawer (which stays open). */
    cartChanged: useCallback((cart: CartAdded) => setAdded(cart), []),
    closeAdded: useCallback(() => setAdded(null), []),
  };
}
