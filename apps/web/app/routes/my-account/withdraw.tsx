import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/withdraw';

export const handle: ScreenHandle = { screenName: 'withdraw' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Withdraw');

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(await loadSite(visitorOf(context)), handle.screenName);
  return null;
}

export default function Withdraw() {
  return (
    <section aria-labelledby="withdraw-heading">
      <h1 id="withdraw-heading" className="text-3xl font-extrabold">
        Withdraw
      </h1>
    </section>
  );
}
