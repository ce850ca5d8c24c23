import { GroupListPage } from '../../features/lotto-party/group-pages';
import { groupsPage, requireLottoParty } from '../../features/lotto-party/lotto-party.server';
import { groupView } from '../../features/lotto-party/lotto-party-view';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/account-groups';

/** /my-account/lotto-party/{page}: the customer's groups, six a page. */
export const handle: ScreenHandle = { screenName: 'lotto-party-groups' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, params.page && params.page !== '1' ? `Lotto Party, page ${params.page}` : 'Lotto Party');

export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireLottoParty(await loadSite(visitor));
  const { items, page, pages } = await groupsPage(visitor, params.page);
  return { groups: items.map(groupView), page, pages };
}

export default function LottoPartyGroups({ loaderData }: Route.ComponentProps) {
  return <GroupListPage groups={loaderData.groups} page={loaderData.page} pages={loaderData.pages} />;
}
