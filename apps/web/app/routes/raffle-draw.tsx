import { data, Link } from 'react-router';
import { PostalEntryInfo } from '../features/buy/postal-entry';
import { drawDetails } from '../features/results/draws.server';
import { FairDrawCommitment } from '../features/results/fair-draw-commitment';
import { pageOfQuery } from '../features/results/offer-results.server';
import { OfferResultsHeader } from '../features/results/offer-results-header';
import { Pager } from '../features/results/pager';
import { RafflePrizesTable } from '../features/results/raffle-prizes';
import { loadResultsOffer } from '../features/results/results-offer.server';
import { drawNumber, fullResultView } from '../features/results/results-view.server';
import { TabLinks } from '../features/results/tab-links';
import { winnersPage } from '../features/results/winners.server';
import { WinnersList } from '../features/results/winners-list';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/raffle-draw';

export const handle: ScreenHandle = { screenName: 'raffle-draw' };

/**
 * `/{offer}/draw/{drawNo}`: a raffle draw's prizes (with the winning tickets once drawn, and the
 * fair draw commitment while it is open); `?tab=winners` (`&page=`) its winners. Only raffles have
 * this page; another offer, or a draw the raffle does not have, is 404.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const { view: offer, offer: product } = await loadResultsOffer(
    visitor,
    handle.screenName,
    params.productOfferKey,
  );
  const drawNo = drawNumber(params.drawNo);
  if (offer.kind !== 'raffle' || drawNo === null) throw data(null, { status: 404 });
  const tab = new URL(request.url).searchParams.get('tab') === 'winners' ? 'winners' : 'prizes';
  const page = pageOfQuery(request);
  const draw = fullResultView(await drawDetails(visitor, offer.key, drawNo));
  const base = `/${offer.key}/draw/${drawNo}`;
  const winners =
    tab === 'winners' && draw.published
      ? await winnersPage(visitor, offer.key, drawNo, page, (p) =>
          p === 1 ? `${base}?tab=winners` : `${base}?tab=winners&page=${p}`,
        )
      : null;
  if (tab === 'prizes' && page > 1) throw data(null, { status: 404 });
  const postalEntry = draw.open && product.raffle?.postalEntryAvailable === true;
  return { offer, draw, tab, winners, base, postalEntry };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return pageMeta(matches, null);
  const { offer, draw, tab } = loaderData;
  return pageMeta(
    matches,
    `${offer.name} draw ${draw.drawNo}: ${tab === 'winners' ? 'winners' : 'prizes'}`,
    tab === 'winners'
      ? `Who won ${offer.name} draw ${draw.drawNo}.`
      : `The prizes of ${offer.name} draw ${draw.drawNo}, drawn ${draw.drawDate}.`,
  );
};

export default function RaffleDraw({ loaderData }: Route.ComponentProps) {
  const { offer, draw, tab, winners, base, postalEntry } = loaderData;
  const tabs = [
    { key: 'prizes', label: 'Prizes', href: base },
    { key: 'winners', label: 'Winners', href: `${base}?tab=winners` },
  ];
  return (
    <div className="container-page py-8" data-testid="raffle-draw">
      <OfferResultsHeader offer={offer} current={null} title={`${offer.name} draw ${draw.drawNo}`}>
        <p className="mt-2 text-lg">
          {draw.published ? 'Drawn' : 'Drawn on'} <time dateTime={draw.drawAt}>{draw.drawDate}</time>
        </p>
      </OfferResultsHeader>
      <TabLinks label={`Draw ${draw.drawNo}`} tabs={tabs.map((t) => ({ ...t, current: t.key === tab }))} />
      {tab === 'prizes' ? (
        <section aria-labelledby="prizes-title" className="mt-6 flex flex-col gap-4">
          <h2 id="prizes-title" className="text-2xl font-bold">
            Prizes
          </h2>
          <RafflePrizesTable prizes={draw.prizes} caption={`${offer.name} draw ${draw.drawNo} prizes`} />
          {draw.published ? (
            <p>
              <Link to={`/${offer.key}/results/draw/${draw.drawNo}`} className="link font-semibold">
                Full result and proof of a fair draw
              </Link>
            </p>
          ) : (
            <>
              <p role="status" data-testid="draw-pending">
                {draw.pending}
              </p>
              {draw.open ? (
                <p>
                  <Link to={`${base}/buy`} className="button-primary">
                    Buy tickets for draw {draw.drawNo}
                  </Link>
                </p>
              ) : null}
              {draw.proof ? (
                <FairDrawCommitment commitment={draw.proof.commitment} drawNo={draw.drawNo} />
              ) : null}
              {postalEntry ? <PostalEntryInfo raffleName={offer.name} drawNo={draw.drawNo} /> : null}
            </>
          )}
          <p className="text-sm">
            <Link to={`/${offer.key}/terms-and-conditions/${draw.drawNo}`} className="link">
              Terms and conditions of draw {draw.drawNo}
            </Link>
          </p>
        </section>
      ) : (
        <section aria-labelledby="winners-title" className="mt-6">
          <h2 id="winners-title" className="text-2xl font-bold">
            Winners
          </h2>
          <div className="mt-4">
            {winners ? (
              <>
                <WinnersList
                  winners={winners.winners}
                  caption={`Winners of ${offer.name} draw ${draw.drawNo}`}
                />
                <Pager pager={winners.pager} label="Winners pages" />
              </>
            ) : (
              <p data-testid="draw-pending">{draw.pending}</p>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
