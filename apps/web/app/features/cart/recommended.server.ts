/**
 * The pre-cart drawer's recommended draws (pre_cart_recommended_draws): for a signed-in customer,
 * the offers they bought before whose next draw is on sale (`GET /v2/orders/recommended`), less
 * what the cart holds, each with the item body that adds it in one click (the domain's
 * recommendedItemBody). A failure, a visitor who is not signed in or a site without the capability
 * has none: the drawer then shows only what was added.
 */
import { type CartView, RecommendedOrdersSchema } from '@drawhouse/contract';
import { drawDayLabel, formatDrawDate, recommendedItemBody } from '@drawhouse/domain';
import { customerRequest } from '../../lib/customer.server';
import { loadSite, siteHas } from '../../lib/site.server';
import type { Visitor } from '../../lib/visitor.server';
import type { RecommendedDraw } from './recommended';

/** At most this many in the drawer. */
export const RECOMMENDED_IN_DRAWER = 3;

export async function recommendedDraws(visitor: Visitor, cart: CartView): Promise<RecommendedDraw[]> {
  if (!visitor.signedIn) return [];
  try {
    const site = await loadSite(visitor);
    if (!siteHas(site, 'pre_cart_recommended_draws')) return [];
    const { result } = await customerRequest(RecommendedOrdersSchema, visitor, '/orders/recommended');
    const inCart = new Set(cart.cartItems.flatMap((i) => [i.lotteryKey, i.syndicateKey ?? '']));
    const offers = new Map(site.offers.map((o) => [o.key, o]));
    const now = new Date();
    return result
      .filter((r) => !inCart.has(r.productOfferKey))
      .flatMap((r) => {
        const item = recommendedItemBody(r, offers.get(r.productOfferKey));
        if (!item) return [];
        const drawDate = new Date(r.nextDraw.drawDate);
        return [
          {
            key: r.productOfferKey,
            name: r.offerName,
            description: r.description,
            nextDraw: `${drawDayLabel(drawDate, now)} · ${formatDrawDate(drawDate)}`,
            item,
          },
        ];
      })
      .slice(0, RECOMMENDED_IN_DRAWER);
  } catch (error) {
    // A sign-in redirect stands; anything else leaves the drawer without recommendations.
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    return [];
  }
}
