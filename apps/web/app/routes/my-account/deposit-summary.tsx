import { Link } from 'react-router';
import { loadDeposit } from '../../features/checkout/checkout.server';
import { depositPaths } from '../../features/wallet/deposit.server';
import { DepositFacts, DepositPaymentDetails } from '../../features/wallet/deposit-facts';
import { notFoundOn404 } from '../../features/wallet/not-found.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/deposit-summary';

export const handle: ScreenHandle = { screenName: 'deposit-summary' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Deposit summary');

/** The summary of a deposit transaction (its id is the transaction's reference, the deposit's id). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const deposit = await notFoundOn404(loadDeposit(visitor, params.transactionId));
  return { deposit, detailsPath: depositPaths.details(deposit.id) };
}

export default function DepositSummary({ loaderData }: Route.ComponentProps) {
  const { deposit, detailsPath } = loaderData;
  return (
    <section aria-labelledby="deposit-summary-heading" className="max-w-2xl">
      <h1 id="deposit-summary-heading" className="text-3xl font-extrabold">
        Deposit summary
      </h1>
      <DepositFacts deposit={deposit} />
      <DepositPaymentDetails deposit={deposit} />
      <p className="mt-8 flex flex-wrap gap-4">
        <Link to={detailsPath} className="button-primary">
          Deposit details
        </Link>
        <Link to="/my-account/transactions" className="button-secondary">
          Transactions
        </Link>
      </p>
    </section>
  );
}
