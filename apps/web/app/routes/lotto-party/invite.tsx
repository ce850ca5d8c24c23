import { InvitePage } from '../../features/lotto-party/invite-page';
import { loadInvite, requireLottoParty } from '../../features/lotto-party/lotto-party.server';
import { sessionView } from '../../features/lotto-party/lotto-party-view';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import { loginUrlFor } from '../../lib/redirect-to';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/invite';

/**
 * /lotto-party/invite/{token}: the group an invite link leads to, and Join (signed in first). A link
 * that is unknown, used up or expired says so.
 */
export const handle: ScreenHandle = { screenName: 'lotto-party-invite' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Join a Lotto Party');

export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireLottoParty(await loadSite(visitor));
  if (!visitor.signedIn) return { state: 'signed-out' as const, loginHref: loginUrlFor(visitor.path) };
  const found = await loadInvite(visitor, params.token);
  if ('refusal' in found) return { state: found.refusal };
  const { invite } = found;
  return {
    state: 'found' as const,
    token: params.token,
    invite: {
      groupId: invite.groupId,
      groupName: invite.groupName,
      ownerName: invite.ownerName,
      memberCount: invite.memberCount,
      isMember: invite.isMember,
      openSession: invite.openSession ? sessionView(invite.openSession) : null,
    },
  };
}

export default function LottoPartyInvite({ loaderData }: Route.ComponentProps) {
  return <InvitePage page={loaderData} />;
}
