import { data, Form, Link } from 'react-router';
import { inputClass } from '../components/form';
import { pastDraws } from '../features/results/draws.server';
import { pageHref, pageOfQuery } from '../features/results/offer-results.server';
import { OfferResultsHeader } from '../features/results/offer-results-header';
import { Pager } from '../features/results/pager';
import { loadResultsOffer } from '../features/results/results-offer.server';
import { drawCardView } from '../features/results/results-view.server';
import { winnersPage } from '../features/results/winners.server';
import { WinnersList } from '../features/results/winners-list';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { siteHas } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/offer-winners';

export const handle: ScreenHandle = { screenName: 'offer-winners' };

/**
 * `/{offer}/winners` (`?page=`): the winners of the offer's latest published draw, ten a page, each
 * shown only as they agreed (first name and suburb, or no name).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const page = pageOfQuery(request);
  const { site, view: offer } = await loadResultsOffer(visitor, handle.screenName, params.productOfferKey);
  const searchable = siteHas(site, 'winner_search');
  const search = searchable ? winnerSearchOf(request) : null;
  const latest = (await pastDraws(visitor, site.pricing, offer.key, 1)).items[0];
  if (!latest) {
    if (page > 1) throw data(null, { status: 404 });
    return { offer, draw: null, winners: [], pager: null, searchable, search };
  }
  const draw = drawCardView(latest);
  const base = `/${offer.key}/winners`;
  const { winners, pager } = await winnersPage(
    visitor,
    offer.key,
    draw.drawNo,
    page,
    search
      ? (n) => `${base}?${new URLSearchParams({ search, ...(n > 1 ? { page: String(n) } : {}) })}`
      : pageHref(base),
    search ?? undefined,
  );
  return { offer, draw, winners, pager, searchable, search };
}

/** The `search` query: trimmed, at most 60 characters, none when blank. */
function winnerSearchOf(request: Request): string | null {
  const text = new URL(request.url).searchParams.get('search')?.trim().slice(0, 60) ?? '';
  return text === '' ? null : text;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta(
        matches,
        `${loaderData.offer.name} winners`,
        `Who won in the latest ${loaderData.offer.name} draw.`,
      )
    : pageMeta(matches, null);

export default function OfferWinners({ loaderData }: Route.ComponentProps) {
  const { offer, draw, winners, pager, searchable, search } = loaderData;
  return (
    <div className="container-page py-8" data-testid="offer-winners">
      <OfferResultsHeader offer={offer} current="winners" title={`${offer.name} winners`} />
      {draw ? (
        <section aria-labelledby="winners-title" className="mt-6">
          <h2 id="winners-title" className="text-2xl font-bold">
            Draw {draw.drawNo}, <time dateTime={draw.drawAt}>{draw.drawDate}</time>
          </h2>
          <p className="mt-1">
            <Link to={`/${offer.key}/results/draw/${draw.drawNo}`} className="link">
              Full result of draw {draw.drawNo}
            </Link>
          </p>
          {searchable ? (
            <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
              <label className="grid gap-1 font-semibold">
                Search winners
                <input
                  type="search"
                  name="search"
                  defaultValue={search ?? ''}
                  maxLength={60}
                  placeholder="Ticket number, first name or suburb"
                  className={inputClass}
                />
              </label>
              <button type="submit" className="button-secondary">
                Search
              </button>
              {search ? (
                <Link to={`/${offer.key}/winners`} className="link">
                  Show all winners
                </Link>
              ) : null}
            </Form>
          ) : null}
          <div className="mt-4">
            {search && winners.length === 0 ? (
              <p data-testid="winner-search-empty">No winner matches “{search}”.</p>
            ) : (
              <WinnersList winners={winners} caption={`Winners of ${offer.name} draw ${draw.drawNo}`} />
            )}
          </div>
          {pager ? <Pager pager={pager} label="Winners pages" /> : null}
        </section>
      ) : (
        <p className="mt-6" data-testid="no-results">
          No {offer.name} draw has results yet.
        </p>
      )}
      <p className="mt-8 text-sm text-muted">
        Winners are named only as they agreed: by first name and suburb, or not at all.
      </p>
    </div>
  );
}
