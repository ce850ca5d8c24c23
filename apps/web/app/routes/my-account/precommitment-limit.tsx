import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/precommitment-limit';

export const handle: ScreenHandle = { screenName: 'precommitment-limit' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Precommitment limit');

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(await loadSite(visitorOf(context)), handle.screenName);
  return null;
}

export default function PrecommitmentLimit() {
  return (
    <section aria-labelledby="precommitment-limit-heading">
      <h1 id="precommitment-limit-heading" className="text-3xl font-extrabold">
        Precommitment limit
      </h1>
    </section>
  );
}
