import { isOfferShown } from '@drawhouse/domain';
import { data, Link } from 'react-router';
import { RaffleBuy } from '../features/buy/raffle-buy';
import { loadCausePage } from '../features/catalogue/cause.server';
import { offerPageView } from '../features/catalogue/offer-view.server';
import { fairDrawOf } from '../features/results/fair-draw.server';
import { pageNow } from '../lib/clock';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/cause-offer';

export const handle: ScreenHandle = { screenName: 'cause-offer' };

/**
 * `/causes/{causeSlug}/{productOfferKey}` (causes_directory): the cause's page for one of its
 * raffles, to buy tickets for that cause: the cause is chosen already, so the cart item carries its
 * key. A cause the raffle does not support, an offer that is not a raffle on sale here or an unknown
 * slug is the 404 page.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const { site, cause } = await loadCausePage(visitor, params.causeSlug, handle.screenName);
  const offer = site.offers.find((o) => o.key === params.productOfferKey);
  if (
    !offer?.raffle ||
    !isOfferShown(offer) ||
    !cause.productOfferKeys.includes(offer.key) ||
    !offer.causes.some((c) => c.key === cause.key)
  ) {
    throw data(null, { status: 404 });
  }
  const view = offerPageView(offer, null, pageNow());
  const fairDraw = await fairDrawOf(visitor, offer.key, view.draws[0]?.drawNo);
  return {
    cause: { key: cause.key, name: cause.name, summary: cause.summary, urlSlug: cause.urlSlug },
    view,
    fairDraw,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    loaderData ? `${loaderData.view.card.name} for ${loaderData.cause.name}` : null,
    loaderData?.cause.summary ?? undefined,
  );

export default function CauseOffer({ loaderData }: Route.ComponentProps) {
  const { cause, view, fairDraw } = loaderData;
  const { card } = view;
  return (
    <div className="container-page py-8" data-testid={`cause-offer-page-${card.key}`}>
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/causes" className="link">
              Causes
            </Link>
            <span aria-hidden="true"> ›</span>
          </li>
          <li>
            <Link to={`/causes/${cause.urlSlug}`} className="link">
              {cause.name}
            </Link>
          </li>
        </ol>
      </nav>
      <header className="mt-3 rounded-2xl bg-primary px-6 py-8 text-on-primary">
        <h1 className="text-3xl font-extrabold md:text-4xl">
          {card.name} for {cause.name}
        </h1>
        {cause.summary ? <p className="mt-2 max-w-2xl text-lg">{cause.summary}</p> : null}
        {card.drawLabel ? (
          <p className="mt-2 font-semibold">
            {card.drawLabel}
            {card.drawDate ? ` · ${card.drawDate}` : ''}
          </p>
        ) : null}
      </header>
      {view.raffle ? (
        <RaffleBuy
          raffle={view.raffle}
          offerKey={card.key}
          available={view.available}
          causes={[{ key: cause.key, name: cause.name }]}
          fairDraw={fairDraw}
        />
      ) : null}
      <p className="mt-6">
        <Link to={`/${card.key}`} className="link">
          More about {card.name}: prizes, draws and terms
        </Link>
      </p>
    </div>
  );
}
