import { data, Link, redirect } from 'react-router';
import { TicketDetail } from '../../features/tickets/ticket-detail';
import { orderView } from '../../features/tickets/ticket-detail-view';
import { listPath, replayPath, ticketPath } from '../../features/tickets/ticket-list-view';
import { findOrder, orderIdOfTicket } from '../../features/tickets/tickets.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/ticket';

export const handle: ScreenHandle = { screenName: 'ticket' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData ? `Ticket: ${loaderData.order.title}` : 'Ticket');

/**
 * /my-account/{upcoming|past}-tickets/ticket/{orderId}: the order's tickets, a ticket per draw, with
 * the results, matched numbers, divisions and prizes. Another customer's order is the 404 page.
 * A ticket's id redirects to its order's page. /my-account/syndicate-tickets/share/{id} is the same
 * page for a syndicate share order (any other order there is the 404 page).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const path = new URL(request.url).pathname;
  const kind = path.startsWith('/my-account/past-tickets/') ? 'past' : 'upcoming';
  const share = path.startsWith('/my-account/syndicate-tickets/share/');
  const details = await findOrder(visitor, params.id);
  if (share && details && details.productType !== 'syndicate_share') throw data(null, { status: 404 });
  if (!details) {
    // A ticket's own id (the link of a win email or feed entry) opens its order's page at the ticket.
    const orderId = await orderIdOfTicket(visitor, params.id);
    if (orderId === null) throw data(null, { status: 404 });
    throw redirect(`${ticketPath(kind, orderId)}#ticket-${params.id}`);
  }
  const order = orderView(details);
  return {
    order,
    back: { href: listPath(kind), label: kind === 'past' ? 'Past tickets' : 'Upcoming tickets' },
    // The order bought again: its checkout's entries put back in the cart for the next draws.
    replayHref: replayPath(details.checkoutId),
  };
}

export default function Ticket({ loaderData }: Route.ComponentProps) {
  const { order, back, replayHref } = loaderData;
  return (
    <section aria-labelledby="order-heading" data-testid="ticket-page">
      <p className="text-sm">
        <Link to={back.href} className="link">
          {back.label}
        </Link>
      </p>
      <h1 id="order-heading" className="mt-1 text-3xl font-extrabold">
        {order.title}
      </h1>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1">
        <div>
          <dt className="inline text-muted">Bought: </dt>
          <dd className="inline">{order.bought}</dd>
        </div>
        <div>
          <dt className="inline text-muted">Paid: </dt>
          <dd className="inline" data-testid="order-total">
            {order.total}
          </dd>
        </div>
        <div>
          <dt className="inline text-muted">Draws: </dt>
          <dd className="inline">{order.draws}</dd>
        </div>
        {order.prize ? (
          <div>
            <dt className="inline text-muted">Won in all: </dt>
            <dd className="inline font-bold" data-testid="order-prize">
              {order.prize}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-3">
        <Link to={replayHref} className="button-secondary" data-testid="buy-again">
          Buy these again
        </Link>
      </p>
      <div className="mt-6 grid gap-4">
        {order.tickets.map((ticket) => (
          <TicketDetail key={ticket.id} ticket={ticket} />
        ))}
      </div>
    </section>
  );
}
