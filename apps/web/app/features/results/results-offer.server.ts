import type { ProductOffer } from '@drawhouse/contract';
import { data } from 'react-router';
import { pageOn } from '../../lib/shell.server';
import { loadSite, requireScreen, type Site } from '../../lib/site.server';
import type { Visitor } from '../../lib/visitor.server';
import { offerOfPath } from '../catalogue/find-offer.server';
import type { ResultsOfferView } from './results-offer';

/** Offers that have draws with results: lotteries and raffles (syndicates ride their lottery's). */
export function hasResults(offer: ProductOffer): boolean {
  return offer.type === 'lottery_ticket' || offer.type === 'raffle_ticket';
}

/** The statistics page of a lottery (switched on with commercial lotteries). */
export const OFFER_STATISTICS_PATH = '/:productOfferKey/statistics';

export function resultsOfferView(offer: ProductOffer, statisticsOn: boolean): ResultsOfferView {
  const raffle = offer.type === 'raffle_ticket';
  return {
    key: offer.key,
    name: offer.name,
    kind: raffle ? 'raffle' : 'lottery',
    lotteryKey: offer.lotteryKey,
    statistics: statisticsOn && !raffle && offer.lotteryKey !== null,
  };
}

/**
 * The site and the offer a results page's path names, checked: the screen is on for the segment and
 * the offer is a lottery or a raffle; anything else is the 404 page.
 */
export async function loadResultsOffer(
  visitor: Visitor,
  screenName: string,
  offerKey: string,
): Promise<{ site: Site; offer: ProductOffer; view: ResultsOfferView }> {
  const site = await loadSite(visitor);
  requireScreen(site, screenName);
  const offer = offerOfPath(site, offerKey, visitor.link.subVariant);
  if (!offer || !hasResults(offer)) throw data(null, { status: 404 });
  return { site, offer, view: resultsOfferView(offer, pageOn(site, OFFER_STATISTICS_PATH)) };
}
