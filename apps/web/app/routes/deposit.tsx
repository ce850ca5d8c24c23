import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/deposit';

export const handle: ScreenHandle = { screenName: 'deposit' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Deposit');

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(await loadSite(visitorOf(context)), handle.screenName);
  return null;
}

export default function Deposit() {
  return (
    <section aria-labelledby="deposit-heading">
      <h1 id="deposit-heading" className="text-3xl font-extrabold">
        Deposit
      </h1>
    </section>
  );
}
