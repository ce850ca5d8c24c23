import { TicketListPage } from '../../features/tickets/ticket-list';
import { ticketListPage } from '../../features/tickets/tickets.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/upcoming-tickets';

export const handle: ScreenHandle = { screenName: 'upcoming-tickets' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(
    matches,
    params.page && params.page !== '1' ? `Upcoming tickets, page ${params.page}` : 'Upcoming tickets',
  );

/** /my-account/upcoming-tickets/{page}: orders with a draw still to come, ten a page, newest first. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  return ticketListPage(visitor, 'upcoming', params.page);
}

export default function UpcomingTickets({ loaderData }: Route.ComponentProps) {
  return <TicketListPage list={loaderData.list} />;
}
