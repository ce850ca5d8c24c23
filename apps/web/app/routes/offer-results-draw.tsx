import { data, Link } from 'react-router';
import { WinningBalls } from '../features/results/balls';
import { DivisionsTable } from '../features/results/divisions-table';
import { drawDetails } from '../features/results/draws.server';
import { OfferResultsHeader } from '../features/results/offer-results-header';
import { RafflePrizesTable } from '../features/results/raffle-prizes';
import { RaffleProof } from '../features/results/raffle-proof';
import { loadResultsOffer } from '../features/results/results-offer.server';
import { drawNumber, fullResultView } from '../features/results/results-view.server';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/offer-results-draw';

export const handle: ScreenHandle = { screenName: 'offer-results-draw' };

/**
 * `/{offer}/results/draw/{drawNo}`: a draw's full result. A lottery shows its balls and the prize
 * divisions; a raffle its prizes with the winning tickets and the proof to verify. A draw whose
 * results are not published says when it is drawn; a draw the offer does not have is 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const { view: offer } = await loadResultsOffer(visitor, handle.screenName, params.productOfferKey);
  const drawNo = drawNumber(params.drawNo);
  if (drawNo === null) throw data(null, { status: 404 });
  const draw = await drawDetails(visitor, offer.key, drawNo);
  return { offer, result: fullResultView(draw) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return pageMeta(matches, null);
  const { offer, result } = loaderData;
  const numbers = result.balls.map((set) => `${set.label} ${set.numbers.join(', ')}`).join('; ');
  const description = !result.published
    ? `${offer.name} draw ${result.drawNo} is drawn ${result.drawDate}.`
    : result.kind === 'raffle'
      ? `The winning tickets and prizes of ${offer.name} draw ${result.drawNo}, drawn ${result.drawDate}, with the proof of a fair draw.`
      : `${offer.name} draw ${result.drawNo}, drawn ${result.drawDate}: ${numbers}. Prize divisions and winners.`;
  return pageMeta(matches, `${offer.name} results: draw ${result.drawNo}`, description);
};

export default function OfferResultsDraw({ loaderData }: Route.ComponentProps) {
  const { offer, result } = loaderData;
  return (
    <div className="container-page py-8" data-testid="draw-result">
      <OfferResultsHeader offer={offer} current={null} title={`${offer.name} draw ${result.drawNo}`}>
        <p className="mt-2 text-lg">
          Drawn <time dateTime={result.drawAt}>{result.drawDate}</time>
          {result.jackpot
            ? ` · ${result.kind === 'raffle' ? 'First prize' : 'Jackpot'} ${result.jackpot}`
            : ''}
        </p>
      </OfferResultsHeader>
      {result.pending ? (
        <p className="mt-6 rounded-lg bg-surface p-4 font-semibold" role="status" data-testid="draw-pending">
          {result.pending}
        </p>
      ) : null}
      {result.published && result.kind === 'lottery' ? (
        <div className="mt-6 flex flex-col gap-8">
          <section aria-labelledby="numbers-title">
            <h2 id="numbers-title" className="text-2xl font-bold">
              Winning numbers
            </h2>
            <div className="mt-3">
              <WinningBalls sets={result.balls} />
            </div>
          </section>
          <section aria-labelledby="divisions-title">
            <h2 id="divisions-title" className="text-2xl font-bold">
              Prize divisions
            </h2>
            <div className="mt-3">
              <DivisionsTable
                divisions={result.divisions}
                caption={`${offer.name} draw ${result.drawNo} prize divisions`}
              />
            </div>
          </section>
        </div>
      ) : null}
      {result.kind === 'raffle' ? (
        <div className="mt-6 flex flex-col gap-8">
          <section aria-labelledby="prizes-title">
            <h2 id="prizes-title" className="text-2xl font-bold">
              {result.published ? 'Prizes and winning tickets' : 'Prizes'}
            </h2>
            <div className="mt-3">
              <RafflePrizesTable
                prizes={result.prizes}
                caption={`${offer.name} draw ${result.drawNo} prizes`}
              />
            </div>
          </section>
          {result.published ? (
            <p>
              <Link to={`/${offer.key}/draw/${result.drawNo}?tab=winners`} className="link font-semibold">
                Winners of draw {result.drawNo}
              </Link>
            </p>
          ) : null}
          {result.proof ? (
            <RaffleProof proof={result.proof} offerKey={result.offerKey} drawNo={result.drawNo} />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
