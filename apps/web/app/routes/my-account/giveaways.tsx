import { PageLinks } from '../../components/page-links';
import { GiveawayCard } from '../../features/membership/giveaway-card';
import { giveawaysPage } from '../../features/membership/membership.server';
import { membershipAction } from '../../features/membership/membership-action.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import { pageNumber } from '../../lib/paging';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/giveaways';

export const headers = privateHeaders;

const LISTS = {
  'current-giveaways': {
    state: 'current',
    title: 'Current giveaways',
    path: '/my-account/current-giveaways',
  },
  'closed-giveaways': { state: 'closed', title: 'Closed giveaways', path: '/my-account/closed-giveaways' },
} as const;
type ListName = keyof typeof LISTS;

function listOf(id: string): ListName {
  return id === 'closed-giveaways' ? 'closed-giveaways' : 'current-giveaways';
}

export const handle: ScreenHandle = { screenName: 'current-giveaways' };

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return pageMeta(matches, null);
  const { title } = LISTS[loaderData.list];
  return pageMeta(matches, loaderData.page > 1 ? `${title}, page ${loaderData.page}` : title);
};

/**
 * /my-account/current-giveaways/{page} and /my-account/closed-giveaways/{page}: the customer's
 * giveaways, 9 a page, with their entry status (and Unlock while locked); closed ones with the
 * entry number and what was won. A page past the last is the 404 page.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const list = listOf(routeIdOf(request));
  requireScreen(await loadSite(visitor), list);
  const found = await giveawaysPage(visitor, LISTS[list].state, pageNumber(params.page));
  return { list, ...found };
}

/** Which of the two lists the address names. */
function routeIdOf(request: Request): string {
  return new URL(request.url).pathname.split('/')[2] ?? '';
}

export async function action({ request, context }: Route.ActionArgs) {
  return membershipAction(visitorOf(context), await request.formData());
}

export default function Giveaways({ loaderData }: Route.ComponentProps) {
  const { list, giveaways, page, pages } = loaderData;
  const { title, path, state } = LISTS[list];
  const pagePath = (n: number) => (n === 1 ? path : `${path}/${n}`);
  return (
    <section aria-labelledby="giveaways-heading" data-testid={list}>
      <h1 id="giveaways-heading" className="text-3xl font-extrabold">
        {title}
      </h1>
      {giveaways.length === 0 ? (
        <p className="mt-6 rounded-lg bg-surface p-6" data-testid="giveaways-empty">
          {state === 'current'
            ? 'No giveaway is open for you right now.'
            : 'No giveaway you were part of has closed yet.'}
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {giveaways.map((g) => (
            <GiveawayCard key={g.id} giveaway={g} entry={g} />
          ))}
        </ul>
      )}
      <PageLinks
        label={`${title} pages`}
        page={page}
        pages={pages}
        previous={page > 1 ? pagePath(page - 1) : null}
        next={page < pages ? pagePath(page + 1) : null}
        testId="giveaways-page"
      />
    </section>
  );
}
