import { orderProductOffers } from '@drawhouse/domain';
import type { DisplayCategory, ProductOffer } from '../../lib/catalogue-types';
import { pageNow } from '../../lib/clock';
import { markStable } from '../../lib/render-cache.server';
import { type Serialized, serialize } from '../../lib/serialized';
import { requireScreen, type Site, siteHas, visibleOffers } from '../../lib/site.server';
import type { OfferCardView } from './offer-view';
import { offerCardView } from './offer-view.server';

export type ListingData = { offers: OfferCardView[] };

/** What a listing loader sends: the list as one JSON string. */
export type ListingPayload = { listing: Serialized<ListingData> };

/** The cards of one list for the current minute, kept while the offers (a cached API answer) stay the same. */
const memo = new WeakMap<ProductOffer[], Map<string, ListingPayload>>();

/**
 * The offers of a listing page in the spec's product list order, as cards. `categories` limits the
 * list (the home page lists every category).
 */
export function listing(
  site: Site,
  screenName: string,
  categories?: readonly DisplayCategory[],
): ListingPayload {
  requireScreen(site, screenName);
  const now = pageNow();
  const syndicatesEnabled = siteHas(site, 'syndicates');
  const key = `${now.getTime()} ${syndicatesEnabled} ${categories?.join(',') ?? '*'}`;
  let views = memo.get(site.offers);
  const known = views?.get(key);
  if (known) return known;

  const offers = visibleOffers(site).filter((o) => !categories || categories.includes(o.displayCategory));
  const ordered = orderProductOffers(offers, { syndicatesEnabled });
  const data: ListingPayload = markStable({
    listing: serialize({ offers: ordered.map((o) => offerCardView(o, now)) }),
  });
  if (!views) {
    views = new Map();
    memo.set(site.offers, views);
  }
  // Only the current minute is worth keeping.
  for (const old of views.keys()) if (!old.startsWith(`${now.getTime()} `)) views.delete(old);
  views.set(key, data);
  return data;
}
