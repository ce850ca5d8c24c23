import { Link, redirect } from 'react-router';
import { cartAnalytics } from '../features/analytics/analytics-products.server';
import { useAnalyticsEvent } from '../features/analytics/data-layer';
import { CartBanners } from '../features/cart/cart-banners';
import { CartLines } from '../features/cart/cart-lines';
import { cartOffers } from '../features/cart/cart-offers.server';
import { CartTotals } from '../features/cart/cart-totals';
import { cartView } from '../features/cart/cart-view';
import { promotionSummary } from '../features/cart/promotion-text';
import {
  checkoutLoginPath,
  loadPaymentOptions,
  type PaymentAnswer,
  pay,
  paymentChoiceOf,
} from '../features/checkout/checkout.server';
import { CheckoutSteps } from '../features/checkout/checkout-steps';
import { PaymentForm } from '../features/checkout/payment-form';
import { buildCart, forgetBoughtCart, SPEND_LIMITS_PATH } from '../lib/cart.server';
import { loadCustomer } from '../lib/customer.server';
import { formChecked, formText } from '../lib/forms';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/cart-buy';

// A checkout screen: with items in the cart it takes the condensed footer.
export const handle: ScreenHandle = { screenName: 'cart-buy' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Checkout');

/**
 * /cart/buy, the payment step of checkout. A visitor who is not signed in goes through
 * /checkout/login first and comes back. The API builds the cart (every item checked and priced
 * again; what it removed or what blocks the purchase shows as banners), then the customer pays.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  if (!visitor.signedIn) throw redirect(checkoutLoginPath());
  // Buying waits for a spend limit the customer's state asks for: the spend limits page says why.
  if ((await loadCustomer(visitor)).spendLimitRequired) throw redirect(SPEND_LIMITS_PATH);
  const [answer, offers, site] = await Promise.all([
    buildCart(visitor),
    cartOffers(visitor),
    loadSite(visitor),
  ]);
  const cart = cartView(answer, offers);
  const payable = cart.items.length > 0 && cart.blocked.length === 0;
  return {
    cart,
    payment: payable ? await loadPaymentOptions(visitor, answer) : null,
    analytics: cartAnalytics(answer, site.config.siteName, '/cart/buy'),
  };
}

export async function action({ request, context }: Route.ActionArgs): Promise<PaymentAnswer | Response> {
  const visitor = visitorOf(context);
  if (!visitor.signedIn) return redirect(checkoutLoginPath());
  const form = await request.formData();
  const choice = paymentChoiceOf(form);
  const attemptKey = formText(form, 'attemptKey');
  const expectedCents = Number(formText(form, 'expectedCents'));
  if (!choice || !/^[A-Za-z0-9_-]{8,100}$/.test(attemptKey) || !Number.isSafeInteger(expectedCents)) {
    return { ok: false, error: 'Please choose how to pay.', retry: 'same' };
  }
  const answer = await pay(visitor, {
    choice,
    useBalance: formChecked(form, 'useBalance'),
    expectedCents,
    attemptKey,
  });
  if (answer.ok && 'receiptPath' in answer) {
    forgetBoughtCart(visitor);
    return redirect(answer.receiptPath);
  }
  if (answer.ok && 'approvalUrl' in answer) return redirect(answer.approvalUrl);
  return answer;
}

export default function CartBuy({ loaderData }: Route.ComponentProps) {
  const { cart, payment, analytics } = loaderData;
  useAnalyticsEvent('checkoutStarted', analytics.map((p) => p.product_id).join(','), { products: analytics });
  return (
    <section aria-labelledby="cart-buy-heading" className="container-page py-8" data-testid="cart-buy-page">
      <CheckoutSteps step="select_payment" />
      <h1 id="cart-buy-heading" className="mt-2 text-3xl font-extrabold">
        Checkout
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
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <div className="grid content-start gap-4">
            <h2 className="text-2xl font-bold">Your order</h2>
            <CartLines items={cart.items} editable={false} />
            {cart.promotion ? (
              <p className="rounded-lg bg-surface p-4" data-testid="promo-applied">
                Promo code <strong>{cart.promotion.code}</strong>: {promotionSummary(cart.promotion)}
                {cart.promotion.applies ? null : (
                  <span className="block font-semibold" data-testid="promo-message">
                    {cart.promotion.message}
                  </span>
                )}
              </p>
            ) : null}
            <CartTotals cart={cart} />
            <Link to="/cart" className="font-semibold underline">
              Back to cart
            </Link>
          </div>
          {payment ? (
            <PaymentForm options={payment} action="/cart/buy" />
          ) : (
            <p className="font-semibold" data-testid="payment-blocked">
              Sort out the notices above, then come back to pay.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
