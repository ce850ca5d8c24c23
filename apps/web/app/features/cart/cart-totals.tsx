import type { CartView } from './cart-view';

/** The cart's totals: the promo discount when a code applies, the total after it, the pre-order part. */
export function CartTotals({ cart }: { cart: CartView }) {
  return (
    <dl className="grid max-w-sm gap-1 rounded-lg bg-surface p-4">
      {cart.promotion ? (
        <div className="flex justify-between">
          <dt>Promo {cart.promotion.code}</dt>
          <dd data-testid="cart-discount">-{cart.promotion.discount}</dd>
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
