import type { CartView, Receipt } from '@drawhouse/contract';
import {
  type AnalyticsProduct,
  analyticsProductOfCartItem,
  analyticsProductOfTracking,
} from '@drawhouse/domain';

/** The cart's items as the data layer's cart events name them (the brand is the site's). */
export function cartAnalytics(cart: CartView | undefined, brand: string, source: string): AnalyticsProduct[] {
  return (cart?.cartItems ?? []).map((item) =>
    analyticsProductOfCartItem(item, brand, { source, cartId: null }),
  );
}

/** The receipt's tracking data as the purchase completed event sends it. */
export function purchaseAnalytics(receipt: Receipt, source: string) {
  return {
    checkout_id: receipt.checkoutId,
    total: receipt.total.amount,
    currency: receipt.total.currency,
    products: receipt.trackingData.products.map((p) =>
      analyticsProductOfTracking(p, { source, cartId: null }),
    ),
    goals: receipt.trackingData.goals.map((g) => ({ name: g.name, value: g.value.amount })),
  };
}
