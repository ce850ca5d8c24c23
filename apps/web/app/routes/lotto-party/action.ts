import { data } from 'react-router';
import { requireLottoParty } from '../../features/lotto-party/lotto-party.server';
import { lottoPartyAction } from '../../features/lotto-party/lotto-party-actions.server';
import { NO_STORE, postOnly } from '../../lib/headers';
import { loadSite } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/action';

/**
 * POST /lotto-party/action: what the creation modal and the lotto party pages post (`intent`);
 * answered for their fetchers, or a redirect (shares added: the cart; joined: the invite page).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  requireLottoParty(await loadSite(visitor));
  return data(await lottoPartyAction(visitor, await request.formData()), { headers: NO_STORE });
}

export const loader = postOnly;
