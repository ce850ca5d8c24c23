import { TicketListPage } from '../../features/tickets/ticket-list';
import { ticketListPage } from '../../features/tickets/tickets.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/past-tickets';

export const handle: ScreenHandle = { screenName: 'past-tickets' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(
    matches,
    params.page && params.page !== '1' ? `Past tickets, page ${params.page}` : 'Past tickets',
  );

/** /my-account/past-tickets/{page}: orders whose draws all have their results, ten a page, newest first. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  return ticketListPage(visitor, 'past', params.page);
}

export default function PastTickets({ loaderData }: Route.ComponentProps) {
  return <TicketListPage list={loaderData.list} />;
}
