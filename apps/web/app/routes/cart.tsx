import { data, Link, useNavigation } from 'react-router';
import { cartAnalytics } from '../features/analytics/analytics-products.server';
import { useAnalyticsEvent } from '../features/analytics/data-layer';
import { CartBanners } from '../features/cart/cart-banners';
import { CartLines } from '../features/cart/cart-lines';
import { cartOffers } from '../features/cart/cart-offers.server';
import { CartTotals } from '../features/cart/cart-totals';
import { autoRemovedMessages, cartView } from '../features/cart/cart-view';
import { PromoCode, promotionReplacedMessage } from '../features/cart/promo-code';
import {
  applyPromotion,
  type CartChange,
  loadCart,
  removeCartItem,
  removePromotion,
} from '../lib/cart.server';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, siteHas } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/cart';

// A checkout screen: with items in the cart it takes the condensed footer.
export const handle: ScreenHandle = { screenName: 'cart' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Cart');

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const [cart, offers, site] = await Promise.all([loadCart(visitor), cartOffers(visitor), loadSite(visitor)]);
  return {
    cart: cartView(cart, offers),
    vouchers: siteHas(site, 'vouchers'),
    analytics: cartAnalytics(cart, site.config.siteName, '/cart'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const intent = form.get('intent');
  const itemId = form.get('itemId');
  const code = form.get('promotionCode');
  let result: CartChange | undefined;
  if (intent === 'remove' && typeof itemId === 'string') result = await removeCartItem(visitor, itemId);
  if (intent === 'apply-promotion' && typeof code === 'string') result = await applyPromotion(visitor, code);
  if (intent === 'remove-promotion') result = await removePromotion(visitor);
  if (!result) {
    return data(
      { intent: null, message: 'That could not be done.', autoRemoved: [], promotionReplaced: null },
      { status: 400 },
    );
  }
  // A refused change (a promo code that does not apply) is an answer for the form, not a failed request.
  // Items the change's answer took out are told here: the page's next read will not list them again.
  return {
    intent: String(intent),
    message: result.ok ? null : result.message,
    autoRemoved: result.ok ? autoRemovedMessages(result.cart) : [],
    promotionReplaced:
      result.ok && intent === 'apply-promotion'
        ? promotionReplacedMessage(form.get('currentPromotion'), result.cart.promotion?.code)
        : null,
  };
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, vouchers, analytics } = loaderData;
  useAnalyticsEvent('cartViewed', analytics.map((p) => p.product_id).join(','), { products: analytics });
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' ? navigation.formData : undefined;
  const removing = pending?.get('intent') === 'remove' ? String(pending.get('itemId')) : undefined;
  const promoBusy = String(pending?.get('intent') ?? '').endsWith('-promotion');
  const promoError = actionData?.intent === 'apply-promotion' ? actionData.message : null;
  const otherError = actionData?.intent !== 'apply-promotion' ? actionData?.message : null;
  return (
    <section aria-labelledby="cart-heading" className="container-page py-8" data-testid="cart-page">
      <h1 id="cart-heading" className="text-3xl font-extrabold">
        Your cart
      </h1>
      {otherError ? (
        <p role="alert" className="mt-4 rounded bg-surface p-3 font-semibold">
          {otherError}
        </p>
      ) : null}
      <CartBanners
        blocked={cart.blocked}
        autoRemoved={[...(actionData?.autoRemoved ?? []), ...cart.autoRemoved]}
      />
      {cart.items.length === 0 ? (
        <div className="mt-6 rounded-lg bg-surface p-6" data-testid="cart-empty">
          <p className="text-lg font-semibold">Your cart is empty</p>
          <ul className="mt-3 flex flex-wrap gap-4">
            <li>
              <Link to="/lotto-tickets" className="font-semibold underline">
                Lotto tickets
              </Link>
            </li>
            <li>
              <Link to="/charity-tickets" className="font-semibold underline">
                Charity tickets
              </Link>
            </li>
            <li>
              <Link to="/syndicates" className="font-semibold underline">
                Syndicates
              </Link>
            </li>
          </ul>
        </div>
      ) : (
        <div className="mt-6 grid gap-6">
          <CartLines items={cart.items} editable removing={removing} />
          <div className="grid max-w-sm gap-4">
            {vouchers ? (
              <PromoCode
                promotion={cart.promotion}
                error={promoError}
                replaced={promoBusy ? null : (actionData?.promotionReplaced ?? null)}
                busy={promoBusy}
              />
            ) : null}
            <CartTotals cart={cart} />
            {cart.blocked.length > 0 ? (
              <p className="font-semibold" data-testid="cart-checkout-blocked">
                Remove the items named above to check out.
              </p>
            ) : (
              <Link to="/cart/buy" className="button-primary text-center" data-testid="cart-checkout">
                Checkout
              </Link>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
