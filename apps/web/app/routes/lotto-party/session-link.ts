import { redirect } from 'react-router';
import { idParam, requireLottoParty } from '../../features/lotto-party/lotto-party.server';
import { loadSite } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/session-link';

/**
 * /lotto-party/session/{id}, the address the feed and the result emails link a session by: the
 * session's page in the account area (which signs the visitor in first).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  requireLottoParty(await loadSite(visitorOf(context)));
  throw redirect(`/my-account/lotto-party/session/${idParam(params.id)}`);
}
