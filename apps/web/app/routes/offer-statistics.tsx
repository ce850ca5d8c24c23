import { StatisticsSchema } from '@drawhouse/contract';
import { data } from 'react-router';
import { FrequencyChart } from '../features/results/frequency-chart';
import { OfferResultsHeader } from '../features/results/offer-results-header';
import { loadResultsOffer } from '../features/results/results-offer.server';
import { statisticsView } from '../features/results/statistics-view';
import { api } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { orPageError } from '../lib/site.server';
import { publicCallerOf, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/offer-statistics';

export const handle: ScreenHandle = { screenName: 'offer-statistics' };

/** `/{offer}/statistics`: how often each number of a lottery was drawn, as a chart and in words. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const { view: offer } = await loadResultsOffer(visitor, handle.screenName, params.productOfferKey);
  if (!offer.statistics || offer.lotteryKey === null) throw data(null, { status: 404 });
  const statistics = await orPageError(
    api.get(StatisticsSchema, 'main', `/statistics/${encodeURIComponent(offer.lotteryKey)}`, {
      caller: publicCallerOf(visitor),
    }),
  );
  return { offer, view: statisticsView(statistics) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta(
        matches,
        `${loaderData.offer.name} statistics`,
        `How often each ${loaderData.offer.name} number has been drawn, with the hot and cold numbers.`,
      )
    : pageMeta(matches, null);

export default function OfferStatistics({ loaderData }: Route.ComponentProps) {
  const { offer, view } = loaderData;
  return (
    <div className="container-page py-8" data-testid="offer-statistics">
      <OfferResultsHeader offer={offer} current="statistics" title={`${offer.name} statistics`}>
        <p className="mt-2 max-w-2xl text-lg" data-testid="statistics-period">
          {view.period
            ? `Number frequencies over the last ${view.period}. Hot numbers were drawn most often, cold numbers least often.`
            : 'No draws have results yet.'}
        </p>
      </OfferResultsHeader>
      {view.drawsCounted > 0 ? view.sets.map((set) => <FrequencyChart key={set.key} set={set} />) : null}
      <p className="mt-8 text-sm text-muted">
        Every draw is random: past frequencies do not make any number more or less likely to be drawn.
      </p>
    </div>
  );
}
