import { DrawList } from '../features/results/draw-list';
import { pastDraws } from '../features/results/draws.server';
import { MonthLinks } from '../features/results/month-links';
import {
  drawPageView,
  offerMonthLinks,
  pageHref,
  pageOfQuery,
} from '../features/results/offer-results.server';
import { OfferResultsHeader } from '../features/results/offer-results-header';
import { Pager } from '../features/results/pager';
import { loadResultsOffer } from '../features/results/results-offer.server';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/offer-results';

export const handle: ScreenHandle = { screenName: 'offer-results' };

/** `/{offer}/results` (`?page=`): the offer's published draws, newest first, five a page. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const page = pageOfQuery(request);
  const { site, view: offer } = await loadResultsOffer(visitor, handle.screenName, params.productOfferKey);
  const [list, { months }] = await Promise.all([
    pastDraws(visitor, site.pricing, offer.key, page),
    offerMonthLinks(visitor, offer.key),
  ]);
  return { offer, months, ...drawPageView(list, page, pageHref(`/${offer.key}/results`)) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta(
        matches,
        loaderData.pager.page > 1
          ? `${loaderData.offer.name} results, page ${loaderData.pager.page}`
          : `${loaderData.offer.name} results`,
        loaderData.offer.kind === 'raffle'
          ? `The winning tickets of every ${loaderData.offer.name} draw, with the proof of each fair draw.`
          : `The latest ${loaderData.offer.name} results: winning numbers, prize divisions and jackpots of every draw.`,
      )
    : pageMeta(matches, null);

export default function OfferResults({ loaderData }: Route.ComponentProps) {
  const { offer, draws, pager, months } = loaderData;
  return (
    <div className="container-page py-8" data-testid="offer-results">
      <OfferResultsHeader offer={offer} current="results" title={`${offer.name} results`} />
      <div className="mt-2 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <DrawList draws={draws} empty={`No ${offer.name} draw has results yet.`} />
          <Pager pager={pager} label={`${offer.name} results pages`} />
        </div>
        <aside aria-label={`${offer.name} results archive`} className="mt-6">
          <MonthLinks months={months} offerName={offer.name} />
        </aside>
      </div>
    </div>
  );
}
