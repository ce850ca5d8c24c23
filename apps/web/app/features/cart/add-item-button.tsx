import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { PreCartDrawer } from './pre-cart-drawer';
import { useCartAdd } from './use-cart-add';

/**
 * Add to cart for every buy panel: posts the API item body to /cart/add (the server checks and
 * prices it again) and opens the pre-cart drawer. With `itemId` (the play screen opened from the
 * cart's Edit) it reads Update entry, replaces that cart item and says so instead of opening the
 * drawer. The header's cart count follows, as the page data is read again after a post.
 */
export function AddItemButton({
  item,
  disabled,
  what,
  itemId,
  onRefused,
  children,
}: {
  /** The API's item body, or null while the choice is not complete. */
  item: Record<string, unknown> | null;
  disabled?: boolean;
  /** What was added, when the cart item has no description: "Your raffle tickets are". */
  what: string;
  /** The cart item this replaces. */
  itemId?: string;
  /** Hears the field errors of a refused add. */
  onRefused?: (fieldErrors: Record<string, string>) => void;
  /** Shown after the button (a hint on what is missing). */
  children?: ReactNode;
}) {
  const { add, busy, succeeded, added, isPrecartDrawerOpen, recommended, cartChanged, closeAdded } =
    useCartAdd({
      itemId,
      onRefused,
    });
  const button = useRef<HTMLButtonElement>(null);
  const off = disabled || item === null || busy;
  const label = itemId ? 'Update entry' : 'Add to cart';
  return (
    <div className="flex flex-wrap items-center gap-4">
      <button
        ref={button}
        type="button"
        data-testid="add-to-cart"
        className="button-primary min-w-40 disabled:opacity-60"
        disabled={off}
        aria-disabled={off}
        onClick={() => {
          if (item) add(item);
        }}
      >
        {busy ? (itemId ? 'Updating…' : 'Adding…') : label}
      </button>
      {itemId && succeeded ? (
        <p role="status" className="font-semibold">
          {what} updated.{' '}
          <Link to="/cart" className="underline" data-testid="back-to-cart">
            Back to cart
          </Link>
        </p>
      ) : null}
      {children}
      {itemId ? null : (
        <PreCartDrawer
          open={isPrecartDrawerOpen}
          added={added}
          what={what}
          onClose={closeAdded}
          returnFocusTo={button}
          recommended={recommended}
          onCartChange={cartChanged}
        />
      )}
    </div>
  );
}
