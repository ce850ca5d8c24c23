import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/cards-and-accounts';

export const handle: ScreenHandle = { screenName: 'cards-and-accounts' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Cards and accounts');

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(await loadSite(visitorOf(context)), handle.screenName);
  return null;
}

export default function CardsAndAccounts() {
  return (
    <section aria-labelledby="cards-and-accounts-heading">
      <h1 id="cards-and-accounts-heading" className="text-3xl font-extrabold">
        Cards and accounts
      </h1>
    </section>
  );
}
