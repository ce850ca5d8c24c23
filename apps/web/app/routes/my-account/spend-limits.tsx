import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/spend-limits';

export const handle: ScreenHandle = { screenName: 'spend-limits' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Spend limits');

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(await loadSite(visitorOf(context)), handle.screenName);
  return null;
}

export default function SpendLimits() {
  return (
    <section aria-labelledby="spend-limits-heading">
      <h1 id="spend-limits-heading" className="text-3xl font-extrabold">
        Spend limits
      </h1>
    </section>
  );
}
