import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/withdraw-details';

export const handle: ScreenHandle = { screenName: 'withdraw-details' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Withdrawal details');

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(await loadSite(visitorOf(context)), handle.screenName);
  return null;
}

export default function WithdrawDetails() {
  return (
    <section aria-labelledby="withdraw-details-heading">
      <h1 id="withdraw-details-heading" className="text-3xl font-extrabold">
        Withdrawal details
      </h1>
    </section>
  );
}
