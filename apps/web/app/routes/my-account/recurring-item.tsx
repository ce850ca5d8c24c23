import { data } from 'react-router';
import { recurringItem } from '../../features/recurring/recurring.server';
import { recurringAction } from '../../features/recurring/recurring-actions.server';
import { RecurringItemPage } from '../../features/recurring/recurring-pages';
import { recurringItemView } from '../../features/recurring/recurring-view';
import { pageNow } from '../../lib/clock';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/recurring-item';

/** Answers /my-account/autoplay/ticket/{id} and /my-account/subscriptions/ticket/{id}. */
export const handle: ScreenHandle = { screenName: 'autoplay-ticket' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.item.description ?? 'Recurring purchase');

function kindOf(request: Request) {
  const segment = new URL(request.url).pathname.split('/')[2];
  if (segment === 'autoplay') return { kind: 'autoplay', screen: 'autoplay-ticket' } as const;
  if (segment === 'subscriptions') return { kind: 'subscriptions', screen: 'subscription-ticket' } as const;
  throw data(null, { status: 404 });
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const { kind, screen } = kindOf(request);
  requireScreen(await loadSite(visitor), screen);
  const details = await recurringItem(visitor, kind, params.id);
  return {
    item: recurringItemView(details, pageNow(), `/my-account/${kind}/ticket`),
    kind,
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  const { kind, screen } = kindOf(request);
  requireScreen(await loadSite(visitor), screen);
  return recurringAction(visitor, kind, params.id, await request.formData(), new Date());
}

export default function RecurringItem({ loaderData }: Route.ComponentProps) {
  const { item, kind } = loaderData;
  return (
    <RecurringItemPage
      item={item}
      editable={kind === 'autoplay'}
      backHref={`/my-account/${kind}`}
      backText={kind === 'autoplay' ? 'All autoplays' : 'All subscriptions'}
    />
  );
}
