import { loadSession, requireLottoParty } from '../../features/lotto-party/lotto-party.server';
import { sessionView } from '../../features/lotto-party/lotto-party-view';
import { SessionPage } from '../../features/lotto-party/session-page';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/account-session';

/** /my-account/lotto-party/session/{id}: a session, buying shares, autosession and the invite link. */
export const handle: ScreenHandle = { screenName: 'lotto-party-session' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData ? `${loaderData.session.groupName}: session` : 'Lotto Party session');

export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireLottoParty(await loadSite(visitor));
  return { session: sessionView(await loadSession(visitor, params.id)) };
}

export default function LottoPartySession({ loaderData }: Route.ComponentProps) {
  return <SessionPage session={loaderData.session} />;
}
