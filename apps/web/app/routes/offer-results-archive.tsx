import { data } from 'react-router';
import {
  archiveMonthName,
  archiveMonthPath,
  isArchivedMonth,
  parseArchiveMonth,
} from '../features/results/archive-month';
import { DrawList } from '../features/results/draw-list';
import { archivedDraws } from '../features/results/draws.server';
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
import { pageNow } from '../lib/clock';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/offer-results-archive';

export const handle: ScreenHandle = { screenName: 'offer-results-archive' };

/**
 * `/{offer}/results/{YYYY-MM}` (`?page=`): the offer's results of one month (Sydney time), newest
 * first. A date that is not a month, or a month before the first result or after this one, is 404.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const month = parseArchiveMonth(params.date);
  if (!month) throw data(null, { status: 404 });
  const page = pageOfQuery(request);
  const { view: offer } = await loadResultsOffer(visitor, handle.screenName, params.productOfferKey);
  const { months, firstResult } = await offerMonthLinks(visitor, offer.key, month);
  if (!firstResult || !isArchivedMonth(month, firstResult, pageNow())) throw data(null, { status: 404 });
  const list = await archivedDraws(visitor, offer.key, month, page);
  const base = `/${offer.key}/results/${archiveMonthPath(month)}`;
  return { offer, months, monthName: archiveMonthName(month), ...drawPageView(list, page, pageHref(base)) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta(
        matches,
        `${loaderData.offer.name} results: ${loaderData.monthName}`,
        `Every ${loaderData.offer.name} result of ${loaderData.monthName}.`,
      )
    : pageMeta(matches, null);

export default function OfferResultsArchive({ loaderData }: Route.ComponentProps) {
  const { offer, draws, pager, months, monthName } = loaderData;
  return (
    <div className="container-page py-8" data-testid="offer-results-archive">
      <OfferResultsHeader offer={offer} current={null} title={`${offer.name} results: ${monthName}`} />
      <div className="mt-2 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <DrawList draws={draws} empty={`No ${offer.name} draw had results in ${monthName}.`} />
          <Pager pager={pager} label={`${offer.name} results of ${monthName}, pages`} />
        </div>
        <aside aria-label={`${offer.name} results archive`} className="mt-6">
          <MonthLinks months={months} offerName={offer.name} />
        </aside>
      </div>
    </div>
  );
}
