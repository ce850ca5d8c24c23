import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/deposit-summary';

export const handle: ScreenHandle = { screenName: 'deposit-summary' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Deposit summary');

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(await loadSite(visitorOf(context)), handle.screenName);
  return null;
}

export default function DepositSummary() {
  return (
    <section aria-labelledby="deposit-summary-heading">
      <h1 id="deposit-summary-heading" className="text-3xl font-extrabold">
        Deposit summary
      </h1>
    </section>
  );
}
