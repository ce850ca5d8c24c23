import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/deposit-details';

export const handle: ScreenHandle = { screenName: 'deposit-details' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Deposit details');

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(await loadSite(visitorOf(context)), handle.screenName);
  return null;
}

export default function DepositDetails() {
  return (
    <section aria-labelledby="deposit-details-heading">
      <h1 id="deposit-details-heading" className="text-3xl font-extrabold">
        Deposit details
      </h1>
    </section>
  );
}
