import { data, Link } from 'react-router';
import { PostalEntryInfo } from '../features/buy/postal-entry';
import { RaffleBuy } from '../features/buy/raffle-buy';
import { offerOfPath } from '../features/catalogue/find-offer.server';
import { offerPageView } from '../features/catalogue/offer-view.server';
import { fairDrawOf } from '../features/results/fair-draw.server';
import { pageNow } from '../lib/clock';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/raffle-draw-buy';

export const handle: ScreenHandle = { screenName: 'product-offer' };

/**
 * `/{offer}/draw/{drawNo}/buy`: buy raffle tickets for one draw. An upcoming draw shows the buy
 * panel for that draw; a draw number before the next one has closed (its own state, with a way to
 * the current draw); a number the raffle does not have, or an offer that is not a raffle, is 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  requireScreen(site, handle.screenName);
  const offer = offerOfPath(site, params.productOfferKey, visitor.link.subVariant);
  const drawNo = /^\d{1,9}$/.test(params.drawNo) ? Number(params.drawNo) : Number.NaN;
  if (!offer?.raffle || !Number.isSafeInteger(drawNo)) throw data(null, { status: 404 });
  const view = offerPageView(offer, null, pageNow());
  const draw = view.draws.find((d) => d.drawNo === drawNo);
  const firstUpcoming = view.draws[0]?.drawNo;
  const closed = draw === undefined && firstUpcoming !== undefined && drawNo < firstUpcoming;
  if (!draw && !closed) throw data(null, { status: 404 });
  const fairDraw = draw ? await fairDrawOf(visitor, offer.key, drawNo) : null;
  const postalEntry = draw !== undefined && offer.raffle.postalEntryAvailable;
  return { view, drawNo, draw: draw ?? null, fairDraw, postalEntry };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    loaderData ? `Buy ${loaderData.view.card.name} tickets: draw ${loaderData.drawNo}` : null,
  );

export default function RaffleDrawBuy({ loaderData }: Route.ComponentProps) {
  const { view, drawNo, draw, fairDraw, postalEntry } = loaderData;
  const { card } = view;
  return (
    <div className="container-page py-8" data-testid={`raffle-draw-buy-${card.key}`}>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={`/${card.key}`} className="link">
          {card.name}
        </Link>
      </nav>
      <h1 className="mt-2 text-3xl font-extrabold">
        {card.name}: draw {drawNo}
      </h1>
      {draw ? (
        <>
          <p className="mt-2 text-lg" data-testid="raffle-draw-date">
            Drawn {draw.drawDate}. Entries close {draw.stopDate}.
          </p>
          {view.raffle ? (
            <RaffleBuy
              raffle={view.raffle}
              offerKey={card.key}
              available={view.available}
              causes={view.causes}
              firstDrawNo={drawNo}
              fairDraw={fairDraw}
            />
          ) : null}
          {postalEntry ? <PostalEntryInfo raffleName={card.name} drawNo={drawNo} /> : null}
          <p className="mt-6 text-sm">
            <Link to={`/${card.key}/terms-and-conditions/${drawNo}`} className="link">
              Terms and conditions of draw {drawNo}
            </Link>
          </p>
        </>
      ) : (
        <p
          className="mt-6 rounded-lg bg-surface p-4 font-semibold"
          role="status"
          data-testid="raffle-draw-closed"
        >
          Entries for draw {drawNo} have closed.{' '}
          <Link to={`/${card.key}`} className="link">
            Buy tickets for the next draw
          </Link>
          .
        </p>
      )}
    </div>
  );
}
