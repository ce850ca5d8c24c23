import { PrintButton, PrintTickets } from '../../features/tickets/print-tickets';
import printStylesheet from '../../features/tickets/print-tickets.css?url';
import { upcomingOrdersWithTickets } from '../../features/tickets/tickets.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/print-tickets';

export const handle: ScreenHandle = { screenName: 'print-tickets' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Print your tickets');
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: printStylesheet }];

/** /my-account/print-tickets: every ticket still to be drawn, laid out to print one a page. */
export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  return { orders: await upcomingOrdersWithTickets(visitor) };
}

export default function PrintTicketsPage({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="print-heading" data-testid="print-tickets">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="print-heading" className="text-3xl font-extrabold">
          Your upcoming tickets
        </h1>
        {loaderData.orders.length > 0 ? <PrintButton /> : null}
      </div>
      <PrintTickets orders={loaderData.orders} />
    </section>
  );
}
