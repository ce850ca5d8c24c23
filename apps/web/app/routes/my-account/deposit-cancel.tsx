import { Link, redirect } from 'react-router';
import { loadDeposit } from '../../features/checkout/checkout.server';
import { depositPaths } from '../../features/wallet/deposit.server';
import { DepositFacts } from '../../features/wallet/deposit-facts';
import { notFoundOn404 } from '../../features/wallet/not-found.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/deposit-cancel';

export const handle: ScreenHandle = { screenName: 'deposit-cancel' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Deposit cancelled');

/**
 * Where a deposit the customer gave up on (a closed card check, a cancelled PayPal approval) lands.
 * Nothing is charged: a held amount is released when the wait times out. A deposit that succeeded
 * after all goes to its details.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const deposit = await notFoundOn404(loadDeposit(visitor, params.depositId));
  if (deposit.status === 'succeeded') throw redirect(depositPaths.details(deposit.id, 'success'));
  return { deposit };
}

export default function DepositCancel({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="deposit-cancel-heading" className="max-w-2xl" data-testid="deposit-cancelled">
      <h1 id="deposit-cancel-heading" className="text-3xl font-extrabold">
        Deposit cancelled
      </h1>
      <p className="mt-4">You cancelled this deposit, so nothing was charged.</p>
      <DepositFacts deposit={loaderData.deposit} />
      <p className="mt-8">
        <Link to="/my-account/deposit" className="button-primary">
          Deposit again
        </Link>
      </p>
    </section>
  );
}
