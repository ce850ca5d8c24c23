import { autologinAction } from '../features/account/autologin.server';
import { AutoLoginPage } from '../features/account/autologin-page';
import { partnerPath } from '../features/partners/partner-paths';
import { loadPartner } from '../features/partners/partners.server';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/purchase-autologin';

export default AutoLoginPage;

export const handle: ScreenHandle = { screenName: 'partner-purchase-autologin', layout: 'bare' };

/**
 * /purchase/{partnerSlug}/autologin/{autologinToken}: the shop's autologin (an email's sign-in
 * token), from a partner's link. Signed in, the customer lands on the partner's page; a link that no
 * longer works goes to the partner's configured route.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  await loadPartner(visitor, params.partnerSlug);
  return { hasToken: Boolean(params.token) };
}

export async function action(args: Route.ActionArgs) {
  const visitor = visitorOf(args.context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const partner = await loadPartner(visitor, args.params.partnerSlug);
  return autologinAction(args, { home: partnerPath(partner.slug), failure: partner.autologinFailurePath });
}
