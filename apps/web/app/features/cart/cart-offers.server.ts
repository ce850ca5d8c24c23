import { loadSite } from '../../lib/site.server';
import type { Visitor } from '../../lib/visitor.server';
import { chosenGameType } from '../catalogue/offer-view.server';
import type { OfferRef } from './cart-view';

/**
 * The catalogue's offers as the cart screens need them: names, and the play screen of each game type
 * (the offer's own path for the type it opens with, else with the type's path suffix). None when
 * the catalogue fails.
 */
export async function cartOffers(visitor: Visitor): Promise<OfferRef[]> {
  try {
    const site = await loadSite(visitor);
    return site.offers.map((offer) => {
      const opening = chosenGameType(offer, undefined)?.key;
      const playPaths: Record<string, string> = {};
      for (const t of offer.gameTypes) {
        playPaths[t.key] = t.key === opening ? `/${offer.key}` : `/${offer.key}${t.pathSuffix}`;
      }
      return { key: offer.key, name: offer.name, lotteryKey: offer.lotteryKey, playPaths };
    });
  } catch (error) {
    // Names and Edit links are a nicety: the keys stand in and the cart still shows.
    console.warn('cart: catalogue unavailable', error);
    return [];
  }
}
