import { useEffect, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { useNotify } from '../notifications';
import type { PlayEntry } from './play-state';

type AddResult = { ok: true } | { ok: false; message: string; fieldErrors?: Record<string, string> };

/**
 * The play panel's Add to cart: posts the entry to /cart/add (the server checks and prices it again)
 * and says how it went. The header's cart count follows, as the page data is read again after a post.
 */
export function AddToCart({ entry }: { entry: PlayEntry }) {
  const fetcher = useFetcher<AddResult>();
  const notify = useNotify();
  const busy = fetcher.state !== 'idle';
  const seen = useRef<AddResult | undefined>(undefined);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || seen.current === result) return;
    seen.current = result;
    notify(
      result.ok
        ? {
            id: 'cart-add',
            level: 'success',
            title: 'Added to your cart',
            message: 'Your entry is in your cart.',
          }
        : { id: 'cart-add', level: 'error', message: result.message },
    );
  }, [fetcher.state, fetcher.data, notify]);

  const { completeCount: _count, ready, ...item } = entry;
  return (
    <div className="flex flex-wrap items-center gap-4">
      <button
        type="button"
        data-testid="add-to-cart"
        className="button-primary min-w-40 disabled:opacity-60"
        disabled={!ready || busy}
        aria-disabled={!ready || busy}
        onClick={() =>
          fetcher.submit({ item: JSON.stringify(item) }, { method: 'post', action: '/cart/add' })
        }
      >
        {busy ? 'Adding…' : 'Add to cart'}
      </button>
      {fetcher.data?.ok ? (
        <Link to="/cart" className="font-semibold underline" data-testid="go-to-cart">
          Go to cart
        </Link>
      ) : null}
      {ready ? null : <p className="text-sm text-muted">Complete a game to add it to your cart.</p>}
    </div>
  );
}
