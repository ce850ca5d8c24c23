import { depositAction, loadDepositPage } from '../../features/wallet/deposit.server';
import { DepositContent } from '../../features/wallet/deposit-page';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/deposit';

export const handle: ScreenHandle = { screenName: 'my-account-deposit' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Deposit');

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  return { page: await loadDepositPage(visitor) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return depositAction(visitorOf(context), await request.formData());
}

export default function Deposit({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="deposit-heading">
      <h1 id="deposit-heading" className="text-3xl font-extrabold">
        Deposit
      </h1>
      <DepositContent page={loaderData.page} />
    </section>
  );
}
