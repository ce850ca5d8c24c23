import type { CartView } from './cart-view';
import { promotionSummary } from './promotion-text';

/**
 * The cart's totals: what the promo code gives (a discount off, credit added on purchase, or that it
 * does not apply), the total after it, the pre-order part.
 */
export function CartTotals({ cart }: { cart: CartView }) {
  const promotion = cart.promotion;
  return (
    <dl className="grid max-w-sm gap-1 rounded-lg bg-surface p-4">
      {promotion ? (
        <div className="flex justify-between">
          <dt>Promo {promotion.code}</dt>
          {promotion.discount ? (
            <dd data-testid="cart-discount">-{promotion.discount}</dd>
          ) : (
            <dd data-testid={promotion.credit ? 'cart-promo-credit' : 'cart-promo-not-applied'}>
              {promotionSummary(promotion)}
            </dd>
          )}
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt className="font-semibold">Cart total</dt>
        <dd className="text-xl font-extrabold" data-testid="cart-total">
          {cart.total}
        </dd>
      </div>
      {cart.preOrderTotal ? (
        <div className="flex justify-between">
          <dt>Pre-order total</dt>
          <dd data-testid="cart-pre-order-total">{cart.preOrderTotal}</dd>
        </div>
      ) : null}
    </dl>
  );
}
