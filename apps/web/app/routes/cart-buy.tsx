import { Link } from 'react-router';
import { CartBanners } from '../features/cart/cart-banners';
import { CartLines } from '../features/cart/cart-lines';
import { cartOffers } from '../features/cart/cart-offers.server';
import { CartTotals } from '../features/cart/cart-totals';
import { cartView } from '../features/cart/cart-view';
import { buildCart } from '../lib/cart.server';
import { requireCustomer } from '../lib/customer.server';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/cart-buy';

// A checkout screen: with items in the cart it takes the condensed footer.
export const handle: ScreenHandle = { screenName: 'cart-buy' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Review your order');

/**
 * /cart/buy, the order review (protected: a signed-out visitor goes to /login and comes back). The
 * API builds the cart: every item is checked and priced again, and what it removed or what blocks
 * the purchase shows as banners.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  const [cart, offers] = await Promise.all([buildCart(visitor), cartOffers(visitor)]);
  return { cart: cartView(cart, offers) };
}

export default function CartBuy({ loaderData }: Route.ComponentProps) {
  const { cart } = loaderData;
  return (
    <section aria-labelledby="cart-buy-heading" className="container-page py-8" data-testid="cart-buy-page">
      <h1 id="cart-buy-heading" className="text-3xl font-extrabold">
        Review your order
      </h1>
      <CartBanners blocked={cart.blocked} autoRemoved={cart.autoRemoved} />
      {cart.items.length === 0 ? (
        <div className="mt-6 rounded-lg bg-surface p-6" data-testid="cart-empty">
          <p className="text-lg font-semibold">Your cart is empty</p>
          <Link to="/lotto-tickets" className="mt-3 inline-block font-semibold underline">
            Lotto tickets
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-6">
          <CartLines items={cart.items} editable={false} />
          <div className="grid max-w-sm gap-4">
            {cart.promotion ? (
              <p className="rounded-lg bg-surface p-4" data-testid="promo-applied">
                Promo code <strong>{cart.promotion.code}</strong>: {cart.promotion.discount} off
              </p>
            ) : null}
            <CartTotals cart={cart} />
            {/* Checkout and payment come with a later issue: the step is shown, its button stays off. */}
            <button
              type="button"
              disabled
              aria-describedby="payment-soon"
              className="button-primary opacity-60"
              data-testid="continue-to-payment"
            >
              Continue to payment
            </button>
            <p id="payment-soon" className="font-semibold" data-testid="payment-soon">
              Payment opens soon
            </p>
            <Link to="/cart" className="font-semibold underline">
              Back to cart
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
