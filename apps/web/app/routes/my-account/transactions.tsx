import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/transactions';

export const handle: ScreenHandle = { screenName: 'transactions' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Transactions');

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(await loadSite(visitorOf(context)), handle.screenName);
  return null;
}

export default function Transactions() {
  return (
    <section aria-labelledby="transactions-heading">
      <h1 id="transactions-heading" className="text-3xl font-extrabold">
        Transactions
      </h1>
    </section>
  );
}
