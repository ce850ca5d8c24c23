import { Link } from 'react-router';
import { notFoundOn404 } from '../../features/wallet/not-found.server';
import { withdrawal } from '../../features/wallet/wallet.server';
import { WithdrawalFacts } from '../../features/wallet/withdrawal-facts';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/withdraw-summary';

export const handle: ScreenHandle = { screenName: 'withdraw-summary' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Withdrawal summary');

/**
 * The summary of a withdrawal transaction (its id is the transaction's reference, the
 * withdrawal's id): what was asked for, where to, and its status; the details page has the steps.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  return { withdrawal: await notFoundOn404(withdrawal(visitor, params.transactionId)) };
}

export default function WithdrawSummary({ loaderData }: Route.ComponentProps) {
  const { withdrawal } = loaderData;
  return (
    <section aria-labelledby="withdraw-summary-heading" className="max-w-2xl">
      <h1 id="withdraw-summary-heading" className="text-3xl font-extrabold">
        Withdrawal summary
      </h1>
      <WithdrawalFacts withdrawal={withdrawal} />
      <p className="mt-8 flex flex-wrap gap-4">
        <Link
          to={`/my-account/withdraw/details/${encodeURIComponent(withdrawal.id)}`}
          className="button-primary"
        >
          See its progress
        </Link>
        <Link to="/my-account/transactions" className="button-secondary">
          Transactions
        </Link>
      </p>
    </section>
  );
}
