import { orderProductOffers } from '@drawhouse/domain';
import type { DisplayCategory } from '../../lib/catalogue-types';
import { requireScreen, type Site, siteHas, visibleOffers } from '../../lib/site.server';
import type { OfferCardView } from './offer-view';
import { offerCardView } from './offer-view.server';

export type ListingData = { offers: OfferCardView[]; serverNow: number };

/**
 * The offers of a listing page in the spec's product list order, as cards. `categories` limits the
 * list (the home page lists every category).
 */
export function listing(
  site: Site,
  screenName: string,
  categories?: readonly DisplayCategory[],
): ListingData {
  requireScreen(site, screenName);
  const now = new Date();
  const offers = visibleOffers(site).filter((o) => !categories || categories.includes(o.displayCategory));
  const ordered = orderProductOffers(offers, { syndicatesEnabled: siteHas(site, 'syndicates') });
  return { offers: ordered.map((o) => offerCardView(o, now)), serverNow: now.getTime() };
}
