import {
  requireLottoParty,
  sessionOrders,
  ticketSession,
} from '../../features/lotto-party/lotto-party.server';
import { orderViews, sessionView } from '../../features/lotto-party/lotto-party-view';
import { TicketPage } from '../../features/lotto-party/session-page';
import { requireCustomer } from '../../lib/customer.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/ticket';

/**
 * /lotto-party/ticket/{id} and /my-account/lotto-party/ticket/{id}: a session's shared entry as a
 * ticket. A ticket that cannot be loaded is said so on the page.
 */
export const handle: ScreenHandle = { screenName: 'lotto-party-ticket' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Lotto Party ticket');

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireLottoParty(await loadSite(visitor));
  requireCustomer(visitor);
  const [session, orders] = await Promise.all([
    ticketSession(visitor, params.id),
    sessionOrders(visitor, params.id ?? ''),
  ]);
  const inAccount = new URL(request.url).pathname.startsWith('/my-account/');
  return { session: session ? sessionView(session) : null, orders: orderViews(orders), inAccount };
}

export default function LottoPartyTicket({ loaderData }: Route.ComponentProps) {
  return (
    <div className={loaderData.inAccount ? undefined : 'container-page py-8'}>
      <TicketPage
        session={loaderData.session}
        orders={loaderData.orders}
        backHref="/my-account/lotto-party"
      />
    </div>
  );
}
