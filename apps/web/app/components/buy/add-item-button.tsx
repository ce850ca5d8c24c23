import { useEffect, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { useNotify } from '../notifications';

type AddResult = { ok: true } | { ok: false; message: string; fieldErrors?: Record<string, string> };

/**
 * Add to cart for raffle books and syndicate shares: posts the API item body to /cart/add (the
 * server checks and prices it again) and says how it went. The header's cart count follows, as the
 * page data is read again after a post.
 */
export function AddItemButton({
  item,
  disabled,
  what,
}: {
  /** The API's item body, or null while the choice is not complete. */
  item: Record<string, unknown> | null;
  disabled?: boolean;
  /** What was added, for the notification: "Your raffle tickets are in your cart." */
  what: string;
}) {
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
        ? { id: 'cart-add', level: 'success', title: 'Added to your cart', message: `${what} in your cart.` }
        : { id: 'cart-add', level: 'error', message: result.message },
    );
  }, [fetcher.state, fetcher.data, notify, what]);

  const off = disabled || item === null || busy;
  return (
    <div className="flex flex-wrap items-center gap-4">
      <button
        type="button"
        data-testid="add-to-cart"
        className="button-primary min-w-40 disabled:opacity-60"
        disabled={off}
        aria-disabled={off}
        onClick={() => {
          if (item) fetcher.submit({ item: JSON.stringify(item) }, { method: 'post', action: '/cart/add' });
        }}
      >
        {busy ? 'Adding…' : 'Add to cart'}
      </button>
      {fetcher.data?.ok ? (
        <Link to="/cart" className="font-semibold underline" data-testid="go-to-cart">
          Go to cart
        </Link>
      ) : null}
    </div>
  );
}
