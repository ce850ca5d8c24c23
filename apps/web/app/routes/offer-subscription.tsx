import { data, Link } from 'react-router';
import { AddItemButton } from '../features/cart/add-item-button';
import { offerOfPath } from '../features/catalogue/find-offer.server';
import { SubscriptionPanel } from '../features/recurring/subscription-panel';
import { subscribableOffers, subscriptionView } from '../features/recurring/subscription-view';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/offer-subscription';

export const handle: ScreenHandle = { screenName: 'subscription' };

/**
 * /{offer}/subscription: what a subscription to the offer is, how often it buys, its calendar PDF,
 * and Subscribe (Add to cart with recurring purchase on). /subscription lists the offers that take
 * one.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  requireScreen(site, handle.screenName);
  if (!params.productOfferKey) {
    return {
      view: null,
      offers: subscribableOffers(site.offers).map((o) => ({
        key: o.offerKey,
        name: o.offerName,
        frequency: o.frequency,
      })),
    };
  }
  const offer = offerOfPath(site, params.productOfferKey, visitor.link.subVariant);
  const view = offer ? subscriptionView(offer) : null;
  if (!view) throw data(null, { status: 404 });
  return { view, offers: [] };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const view = loaderData?.view;
  return view
    ? pageMeta(matches, `${view.offerName} subscription`, `${view.explanation} ${view.frequency}.`)
    : pageMeta(
        matches,
        'Subscriptions',
        'Subscribe to a lottery, raffle or membership and never miss a draw.',
      );
};

export default function OfferSubscription({ loaderData }: Route.ComponentProps) {
  const { view, offers } = loaderData;
  if (!view) {
    return (
      <div className="container-page py-8">
        <h1 className="text-3xl font-extrabold">Subscriptions</h1>
        <p className="mt-2 max-w-2xl">
          A subscription buys the same entry for every draw until you pause or cancel it in My account. Choose
          a game:
        </p>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="subscription-offers">
          {offers.map((o) => (
            <li key={o.key} className="rounded-lg border border-black/10 p-4">
              <Link to={`/${o.key}/subscription`} className="link font-semibold">
                {o.name}
              </Link>
              <span className="block text-sm text-muted">{o.frequency}</span>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="container-page py-8" data-testid={`subscription-${view.offerKey}`}>
      <h1 className="text-3xl font-extrabold">{view.offerName} subscription</h1>
      <p className="mt-2">
        <Link to={`/${view.offerKey}`} className="link">
          Back to {view.offerName}
        </Link>
      </p>
      <SubscriptionPanel view={view}>
        {(item) => <AddItemButton item={item} what="Your subscription is" />}
      </SubscriptionPanel>
    </div>
  );
}
