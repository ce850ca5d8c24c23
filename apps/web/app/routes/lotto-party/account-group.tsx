import { GroupPage } from '../../features/lotto-party/group-pages';
import {
  groupSessionsPage,
  loadGroup,
  requireLottoParty,
} from '../../features/lotto-party/lotto-party.server';
import { groupView, sessionView } from '../../features/lotto-party/lotto-party-view';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/account-group';

/** /my-account/lotto-party/group/{id}/{page}: a group, its members and a page of its sessions. */
export const handle: ScreenHandle = { screenName: 'lotto-party-group' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.group.name ?? 'Lotto Party group');

export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  requireLottoParty(site);
  const [group, sessions] = await Promise.all([
    loadGroup(visitor, params.id),
    groupSessionsPage(visitor, params.id, params.page),
  ]);
  // A new session starts on a lottery's Lotto Party page, with this group already chosen.
  const lastOffer = sessions.items[0]?.draw.productOfferKey;
  const lottery =
    site.offers.find((o) => o.key === lastOffer) ?? site.offers.find((o) => o.type === 'lottery_ticket');
  return {
    group: groupView(group),
    sessions: sessions.items.map(sessionView),
    page: sessions.page,
    pages: sessions.pages,
    playHref: lottery ? `/${lottery.key}/lotto-party` : null,
  };
}

export default function LottoPartyGroup({ loaderData }: Route.ComponentProps) {
  const { group, sessions, page, pages, playHref } = loaderData;
  return <GroupPage group={group} sessions={sessions} page={page} pages={pages} playHref={playHref} />;
}
