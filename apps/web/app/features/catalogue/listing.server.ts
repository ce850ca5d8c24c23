import type { DisplayCategory, ProductOffer } from '@drawhouse/contract';
import { orderProductOffers } from '@drawhouse/domain';
import { pageNow } from '../../lib/clock';
import { markStable } from '../../lib/render-cache.server';
import { type Serialized, serialize } from '../../lib/serialized';
import { requireScreen, type Site, siteHas, visibleOffers } from '../../lib/site.server';
import type { OfferCardView } from './offer-view';
import { lottoPartyCardView, offerCardView } from './offer-view.server';

export type ListingData = { offers: OfferCardView[] };

/** What a listing loader sends: the list as one JSON string. */
export type ListingPayload = { listing: Serialized<ListingData> };

type MemoEntry = { minute: number; payload: ListingPayload };

/**
 * The cards of each list, kept while the offers (a cached API answer) stay the same. They are
 * recomputed each minute (draw day labels move on), and the previous payload object is kept when
 * the text did not change, so the rendered page stays valid too.
 */
const memo = new WeakMap<ProductOffer[], Map<string, MemoEntry>>();

/**
 * The offers of a listing page in product list order (orderProductOffers), as cards, with the lotto
 * party entry right before the syndicate one where group play is sold and the list shows syndicates.
 * `categories` limits the list (the home page lists every category).
 */
export function listing(
  site: Site,
  screenName: string,
  categories?: readonly DisplayCategory[],
): ListingPayload {
  requireScreen(site, screenName);
  const now = pageNow();
  const minute = now.getTime();
  const syndicatesEnabled = siteHas(site, 'syndicates');
  const lottoParty = siteHas(site, 'social-syndicates') && (!categories || categories.includes('syndicate'));
  const key = `${syndicatesEnabled} ${lottoParty} ${categories?.join(',') ?? '*'}`;
  let lists = memo.get(site.offers);
  const known = lists?.get(key);
  if (known?.minute === minute) return known.payload;

  const offers = visibleOffers(site).filter((o) => !categories || categories.includes(o.displayCategory));
  const entries = offers.map((o) => ({ ...o, card: () => offerCardView(o, now) }));
  const party = {
    key: 'lotto-party',
    type: 'lotto_party',
    ranking: Number.NaN,
    card: () => lottoPartyCardView(visibleOffers(site), now),
  };
  const ordered = orderProductOffers<(typeof entries)[number] | typeof party>(entries, {
    syndicatesEnabled,
    lottoPartyOffer: lottoParty ? party : null,
  });
  const json = serialize<ListingData>({ offers: ordered.map((o) => o.card()) });
  const payload = known && known.payload.listing === json ? known.payload : markStable({ listing: json });
  if (!lists) {
    lists = new Map();
    memo.set(site.offers, lists);
  }
  lists.set(key, { minute, payload });
  return payload;
}
