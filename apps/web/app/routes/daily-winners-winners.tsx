import { PageLinks } from '../components/page-links';
import { winnersPage } from '../features/membership/membership.server';
import { WinnersTable } from '../features/membership/winners-table';
import { pageMeta } from '../lib/meta';
import { pageNumber } from '../lib/paging';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/daily-winners-winners';

export const handle: ScreenHandle = { screenName: 'daily-winners-winners' };
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    loaderData && loaderData.page > 1
      ? `Daily Winners winners, page ${loaderData.page}`
      : 'Daily Winners winners',
  );

const pagePath = (page: number) =>
  page === 1 ? '/daily-winners/winners' : `/daily-winners/winners?page=${page}`;

/** /daily-winners/winners?page=: the giveaways' winners, newest first, as they agreed to be shown. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  return winnersPage(visitor, pageNumber(new URL(request.url).searchParams.get('page')));
}

export default function DailyWinnersWinners({ loaderData }: Route.ComponentProps) {
  const { winners, page, pages } = loaderData;
  return (
    <div className="container-page py-8">
      <section aria-labelledby="winners-heading" data-testid="daily-winners-winners">
        <h1 id="winners-heading" className="text-3xl font-extrabold">
          Daily Winners winners
        </h1>
        {winners.length === 0 ? (
          <p className="mt-6">No giveaway has been drawn yet.</p>
        ) : (
          <WinnersTable
            testId="winners-table"
            winners={winners.map((w) => ({
              ...w,
              giveaway: {
                title: w.giveawayTitle,
                type: w.giveawayType,
                number: w.giveawayNumber,
                drawnAt: w.drawnAt,
              },
            }))}
          />
        )}
        <PageLinks
          label="Winners pages"
          page={page}
          pages={pages}
          previous={page > 1 ? pagePath(page - 1) : null}
          next={page < pages ? pagePath(page + 1) : null}
          previousText="Newer"
          nextText="Older"
        />
      </section>
    </div>
  );
}
