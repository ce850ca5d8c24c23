import { useRef } from 'react';
import { PreCartDrawer } from '../cart/pre-cart-drawer';
import { useCartAdd } from '../cart/use-cart-add';

/**
 * Add to cart for raffle books and syndicate shares: posts the API item body to /cart/add (the
 * server checks and prices it again) and opens the pre-cart drawer. The header's cart count follows,
 * as the page data is read again after a post.
 */
export function AddItemButton({
  item,
  disabled,
  what,
}: {
  /** The API's item body, or null while the choice is not complete. */
  item: Record<string, unknown> | null;
  disabled?: boolean;
  /** What was added, when the cart item has no description: "Your raffle tickets are". */
  what: string;
}) {
  const { add, busy, added, closeAdded } = useCartAdd({ what });
  const button = useRef<HTMLButtonElement>(null);
  const off = disabled || item === null || busy;
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
        {busy ? 'Adding…' : 'Add to cart'}
      </button>
      <PreCartDrawer added={added} what={what} onClose={closeAdded} returnFocusTo={button} />
    </div>
  );
}
