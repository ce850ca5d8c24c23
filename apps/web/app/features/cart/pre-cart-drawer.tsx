import { formatMoney, moneyToCents, withDrawCount } from '@drawhouse/domain';
import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import type { RecommendedDraw } from './recommended';
import { RecommendedDraws } from './recommended-draws';
import type { CartAdded } from './use-cart-add';

/**
 * The pre-cart drawer: after an add, what was added and the cart total, the recommended draws of a
 * signed-in customer (each added in one click), with Go to cart and Keep shopping. Radix keeps focus
 * inside and closes it on Escape. It is rendered in place rather than in a portal, so that it stays
 * part of the section whose button opened it.
 */
export function PreCartDrawer({
  open,
  added,
  what,
  onClose,
  returnFocusTo,
  recommended = [],
  onCartChange,
}: {
  /** The cart's isPrecartDrawerOpen. */
  open: boolean;
  added: CartAdded | null;
  /** Recommended draws to add from the drawer (none: the section is left out). */
  recommended?: RecommendedDraw[];
  /** The cart after a recommended draw was added. */
  onCartChange?: (cart: CartAdded) => void;
  /** What was added, when the item has no description: "Your entry is" (+ " in your cart."). */
  what: string;
  onClose: () => void;
  /** The add button, which gets focus back when the drawer closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const last = added?.cartItems.at(-1);
  const count = added?.cartItems.length ?? 0;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Overlay className="fixed inset-0 z-[99995] bg-black/50" />
      <Dialog.Content
        data-testid="pre-cart-drawer"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
        className="fixed inset-y-0 right-0 z-[99996] flex w-96 max-w-[90vw] flex-col gap-4 overflow-y-auto bg-page p-6 text-ink shadow-xl"
      >
        <Dialog.Title className="text-xl font-bold">Added to your cart</Dialog.Title>
        <Dialog.Description className="font-semibold" data-testid="pre-cart-added">
          {last?.description ? withDrawCount(last.description, last.numDraws) : `${what} in your cart.`}
        </Dialog.Description>
        {last ? (
          <p>
            Price: <strong>{formatMoney(moneyToCents(last.totalPrice), last.totalPrice.currency)}</strong>
          </p>
        ) : null}
        {added ? (
          <p className="flex justify-between rounded bg-surface p-3">
            <span>
              Cart total ({count} {count === 1 ? 'item' : 'items'})
            </span>
            <strong data-testid="pre-cart-total">
              {formatMoney(moneyToCents(added.cartTotal), added.cartTotal.currency)}
            </strong>
          </p>
        ) : null}
        {recommended.length > 0 && onCartChange ? (
          <RecommendedDraws recommended={recommended} onCartChange={onCartChange} />
        ) : null}
        <div className="mt-2 flex flex-col gap-3">
          <Link to="/cart" onClick={onClose} className="button-primary text-center" data-testid="go-to-cart">
            Go to cart
          </Link>
          <Dialog.Close className="rounded border border-current px-4 py-2 font-semibold">
            Keep shopping
          </Dialog.Close>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
