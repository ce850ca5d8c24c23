import type { ResultCategory } from '@drawhouse/contract';
import { data } from 'react-router';
import { monthOf } from '../features/results/archive-month';
import { DrawList } from '../features/results/draw-list';
import { latestResults } from '../features/results/draws.server';
import { drawPageView } from '../features/results/offer-results.server';
import { Pager } from '../features/results/pager';
import { TabLinks } from '../features/results/tab-links';
import { pageNow } from '../lib/clock';
import { pageMeta } from '../lib/meta';
import { pageNumber } from '../lib/paging';
import type { ScreenHandle } from '../lib/route-records';
import { pageOn } from '../lib/shell.server';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/lotto-results';

export const handle: ScreenHandle = { screenName: 'lotto-results' };

type Listing = { category: ResultCategory; path: string; screenName: string; title: string; label: string };

const LISTINGS: readonly Listing[] = [
  {
    category: 'all',
    path: '/lotto-results',
    screenName: 'lotto-results',
    title: 'Latest results',
    label: 'All',
  },
  {
    category: 'lotteries',
    path: '/lotto-results/lotteries',
    screenName: 'lotto-results-lotteries',
    title: 'Latest lottery results',
    label: 'Lotteries',
  },
  {
    category: 'raffles',
    path: '/lotto-results/raffles',
    screenName: 'lotto-results-raffles',
    title: 'Latest raffle results',
    label: 'Raffles',
  },
];

function listingOf(pathname: string): Listing {
  const second = pathname.split('/')[2];
  return LISTINGS.find((l) => l.path === `/lotto-results/${second}`) ?? (LISTINGS[0] as Listing);
}

/**
 * `/lotto-results/{page?}`, `/lotto-results/lotteries/{page?}`, `/lotto-results/raffles/{page?}`:
 * the latest published draw of every offer (or of the lotteries, or the raffles), five a page.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const listing = listingOf(new URL(request.url).pathname);
  const page = pageNumber(params.page);
  if (page === 0) throw data(null, { status: 404 });
  const site = await loadSite(visitor);
  requireScreen(site, listing.screenName);
  const list = await latestResults(visitor, listing.category, monthOf(pageNow()), page);
  const view = drawPageView(list, page, (p) => (p === 1 ? listing.path : `${listing.path}/${p}`));
  // A segment without raffles (or lotteries) has no tab for them.
  const tabs = LISTINGS.filter((l) => pageOn(site, l.path)).map((l) => l.category);
  return { category: listing.category, tabs, ...view };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return pageMeta(matches, null);
  const listing = LISTINGS.find((l) => l.category === loaderData.category) ?? LISTINGS[0];
  const title =
    loaderData.pager.page > 1 ? `${listing?.title}, page ${loaderData.pager.page}` : listing?.title;
  return pageMeta(
    matches,
    title ?? null,
    'The latest winning numbers, jackpots and winning raffle tickets, game by game.',
  );
};

export default function LottoResults({ loaderData }: Route.ComponentProps) {
  const { category, tabs, draws, pager } = loaderData;
  const listing = LISTINGS.find((l) => l.category === category) ?? LISTINGS[0];
  return (
    <div className="container-page py-8" data-testid="lotto-results">
      <h1 className="text-3xl font-extrabold">{listing?.title}</h1>
      <p className="mt-2 max-w-2xl text-lg">
        The most recent result of each game. Open a draw for its prize divisions, winners and more.
      </p>
      <TabLinks
        label="Results by kind"
        tabs={LISTINGS.filter((l) => tabs.includes(l.category)).map((l) => ({
          key: l.category,
          label: l.label,
          href: l.path,
          current: l.category === category,
        }))}
      />
      <DrawList draws={draws} titled empty="No results have been published yet." />
      <Pager pager={pager} label="Results pages" />
    </div>
  );
}
