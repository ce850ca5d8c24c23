import { isOfferShown } from '@drawhouse/domain';
import { data, redirect } from 'react-router';
import { syndicateFor } from '../features/catalogue/syndicate-for';
import { loadSite, siteHas } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/offer-syndicates';

/**
 * `/{offer}/syndicates`: the syndicate play screen of an offer. A syndicate's screen is at its own
 * key; a lottery's `/syndicates` opens the syndicate riding it.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const site = await loadSite(visitorOf(context));
  const found = siteHas(site, 'syndicates')
    ? syndicateFor(site.offers, params.productOfferKey, isOfferShown)
    : undefined;
  if (!found) throw data(null, { status: 404 });
  throw redirect(`/${found.key}`);
}
