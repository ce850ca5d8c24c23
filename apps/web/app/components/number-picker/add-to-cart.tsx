import { useRef } from 'react';
import { Link } from 'react-router';
import { PreCartDrawer } from '../cart/pre-cart-drawer';
import { useCartAdd } from '../cart/use-cart-add';
import type { PlayEntry } from './play-state';

/**
 * The play panel's Add to cart: posts the entry to /cart/add (the server checks and prices it again)
 * and opens the pre-cart drawer. With `itemId` (the play screen opened from the cart's Edit) it reads
 * Update entry and replaces that cart item. The header's cart count follows, as the page data is read
 * again after a post.
 */
export function AddToCart({ entry, itemId }: { entry: PlayEntry; itemId?: string }) {
  const { add, busy, succeeded, added, closeAdded } = useCartAdd({ itemId, what: 'Your entry is' });
  const button = useRef<HTMLButtonElement>(null);
  const { completeCount: _count, ready, ...item } = entry;
  const label = itemId ? 'Update entry' : 'Add to cart';
  return (
    <div className="flex flex-wrap items-center gap-4">
      <button
        ref={button}
        type="button"
        data-testid="add-to-cart"
        className="button-primary min-w-40 disabled:opacity-60"
        disabled={!ready || busy}
        aria-disabled={!ready || busy}
        onClick={() => add(item)}
      >
        {busy ? (itemId ? 'Updating…' : 'Adding…') : label}
      </button>
      {itemId && succeeded ? (
        <p role="status" className="font-semibold">
          Your entry is updated.{' '}
          <Link to="/cart" className="underline" data-testid="back-to-cart">
            Back to cart
          </Link>
        </p>
      ) : null}
      {ready ? null : <p className="text-sm text-muted">Complete a game to add it to your cart.</p>}
      {itemId ? null : (
        <PreCartDrawer added={added} what="Your entry is" onClose={closeAdded} returnFocusTo={button} />
      )}
    </div>
  );
}
