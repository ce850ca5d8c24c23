import { cancelScheduledPurchase, scheduledPurchase } from '../../features/recurring/recurring.server';
import { ScheduledPurchasePage } from '../../features/recurring/recurring-pages';
import { scheduledItemView } from '../../features/recurring/recurring-view';
import { ApiError } from '../../lib/api.server';
import { formFailure } from '../../lib/form-errors.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/scheduled-purchase';

export const handle: ScreenHandle = { screenName: 'scheduled-purchase' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.item.description ?? 'Scheduled purchase');

/** /my-account/scheduled-purchases/{id}: a scheduled purchase or pre-order, cancellable until charged. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  return { item: scheduledItemView(await scheduledPurchase(visitor, params.id)) };
}

export async function action({ context, params }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  try {
    await cancelScheduledPurchase(visitor, params.id);
    return { ok: true, message: 'Cancelled: it will not be bought, and nothing was charged.' };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return formFailure(error);
  }
}

export default function ScheduledPurchase({ loaderData }: Route.ComponentProps) {
  return <ScheduledPurchasePage item={loaderData.item} />;
}
