import { data } from 'react-router';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/purchase-not-found';

export const handle: ScreenHandle = { screenName: 'partner-purchase-not-found', layout: 'bare' };

/** /purchase/{partnerSlug}/*: any other address under a partner's pages is the 404 page. */
export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(await loadSite(visitorOf(context)), handle.screenName);
  throw data(null, { status: 404 });
}

export default function PartnerNotFound() {
  return null;
}
