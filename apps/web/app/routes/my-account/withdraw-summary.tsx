import { Link } from 'react-router';
import { notFoundOn404 } from '../../features/wallet/not-found.server';
import { withdrawal } from '../../features/wallet/wallet.server';
import { WithdrawalFacts } from '../../features/wallet/withdrawal-facts';
import { WithdrawalLegs } from '../../features/wallet/withdrawal-legs';
import { WithdrawalTimeline } from '../../features/wallet/withdrawal-timeline';
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
 * withdrawal's id): what was asked for, where the money goes (card refunds and the account) with
 * the expected arrival, and its steps; the details page also cancels one still requested.
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
      <WithdrawalLegs withdrawal={withdrawal} />
      <h2 className="mt-8 text-2xl font-bold">Progress</h2>
      <WithdrawalTimeline withdrawal={withdrawal} />
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
