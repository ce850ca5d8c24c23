import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/deposit-cancel';

export const handle: ScreenHandle = { screenName: 'deposit-cancel' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Deposit cancelled');

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(await loadSite(visitorOf(context)), handle.screenName);
  return null;
}

export default function DepositCancel() {
  return (
    <section aria-labelledby="deposit-cancel-heading">
      <h1 id="deposit-cancel-heading" className="text-3xl font-extrabold">
        Deposit cancelled
      </h1>
    </section>
  );
}
