import { StandalonePage } from '../components/standalone-page';
import { depositAction, loadDepositPage } from '../features/wallet/deposit.server';
import { DepositContent } from '../features/wallet/deposit-page';
import { requireCustomer } from '../lib/customer.server';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/deposit';

export const handle: ScreenHandle = { screenName: 'deposit' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Deposit');

/** /deposit: the deposit form on a page of its own (protected), as the header's links reach it. */
export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  requireScreen(await loadSite(visitor), handle.screenName);
  return { page: await loadDepositPage(visitor) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  return depositAction(visitor, await request.formData());
}

export default function DepositPage({ loaderData }: Route.ComponentProps) {
  return (
    <StandalonePage title="Deposit" testId="deposit-page">
      <DepositContent page={loaderData.page} />
    </StandalonePage>
  );
}
