import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/deposit-authorisation';

export const handle: ScreenHandle = { screenName: 'deposit-authorisation' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Confirm your deposit');

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(await loadSite(visitorOf(context)), handle.screenName);
  return null;
}

export default function DepositAuthorisation() {
  return (
    <section aria-labelledby="deposit-authorisation-heading">
      <h1 id="deposit-authorisation-heading" className="text-3xl font-extrabold">
        Confirm your deposit
      </h1>
    </section>
  );
}
