import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/withdraw-summary';

export const handle: ScreenHandle = { screenName: 'withdraw-summary' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Withdrawal summary');

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(await loadSite(visitorOf(context)), handle.screenName);
  return null;
}

export default function WithdrawSummary() {
  return (
    <section aria-labelledby="withdraw-summary-heading">
      <h1 id="withdraw-summary-heading" className="text-3xl font-extrabold">
        Withdrawal summary
      </h1>
    </section>
  );
}
