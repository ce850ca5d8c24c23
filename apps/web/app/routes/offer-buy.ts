import { data, redirect } from 'react-router';
import { buyPath } from '../features/buy/buy-list.server';
import { offerOfPath } from '../features/catalogue/find-offer.server';
import { pageNow } from '../lib/clock';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/offer-buy';

export const handle: ScreenHandle = { screenName: 'offer-buy' };

/**
 * `/{offer}/buy`: straight to buying the offer, by a redirect. Decision: a lottery goes to its Quick
 * Pick screen (`/{offer}/random`, default game offer chosen, lines picked at random: "Add to cart"
 * is all that is left) or its default play screen when it sells no Quick Pick; a raffle to its open
 * draw's ticket books (`/{offer}/draw/{n}/buy`); a syndicate or membership to its page, where its
 * shares or periods are bought; an offer with nothing on sale to its page, which says why. An offer
 * the shop does not have is the 404 page. (features/buy/buy-list.server.ts `buyPath`.)
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  requireScreen(site, handle.screenName);
  const offer = offerOfPath(site, params.productOfferKey, visitor.link.subVariant);
  if (!offer) throw data(null, { status: 404 });
  throw redirect(buyPath(offer, pageNow()));
}
