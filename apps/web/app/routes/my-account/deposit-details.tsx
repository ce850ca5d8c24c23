import { DEPOSIT_FAILED_MESSAGE } from '@drawhouse/domain';
import { Link } from 'react-router';
import { loadDeposit } from '../../features/checkout/checkout.server';
import { DepositFacts, DepositPaymentDetails } from '../../features/wallet/deposit-facts';
import { notFoundOn404 } from '../../features/wallet/not-found.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/deposit-details';

export const handle: ScreenHandle = { screenName: 'deposit-details' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Deposit details');

/**
 * /my-account/deposit/details/{id}, also with /success and /failure (where a card check or an
 * approval page sends the customer back). The deposit's own status from the API decides what the
 * page says; the path only says where the customer came from.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  return { deposit: await notFoundOn404(loadDeposit(visitor, params.depositId)) };
}

export default function DepositDetails({ loaderData }: Route.ComponentProps) {
  const { deposit } = loaderData;
  const failed = ['declined', 'cancelled', 'expired'].includes(deposit.status);
  const title =
    deposit.status === 'succeeded'
      ? 'Your deposit was successful'
      : failed
        ? 'Your deposit did not go through'
        : deposit.status === 'awaiting_reconciliation'
          ? 'Your deposit is waiting for your payment'
          : 'Your deposit is on its way';
  return (
    <section aria-labelledby="deposit-details-heading" className="max-w-2xl" data-testid="deposit-details">
      <h1 id="deposit-details-heading" className="text-3xl font-extrabold">
        {title}
      </h1>
      {failed ? (
        <p role="alert" className="mt-4 rounded-md border-l-4 border-red-700 bg-red-50 p-3 text-red-900">
          {deposit.message || DEPOSIT_FAILED_MESSAGE} Nothing was charged.
        </p>
      ) : null}
      <DepositFacts deposit={deposit} />
      <DepositPaymentDetails deposit={deposit} />
      <p className="mt-8 flex flex-wrap gap-4">
        {deposit.status === 'succeeded' ? (
          <Link to="/lotto-tickets" className="button-primary">
            Buy tickets
          </Link>
        ) : (
          <Link to="/my-account/deposit" className="button-primary">
            Deposit again
          </Link>
        )}
        <Link to="/my-account/transactions" className="button-secondary">
          Transactions
        </Link>
      </p>
    </section>
  );
}
