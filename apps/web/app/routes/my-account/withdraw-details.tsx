import { customerCanCancelWithdrawal } from '@drawhouse/domain';
import { useEffect } from 'react';
import { Form, Link, redirect, useNavigation, useRevalidator } from 'react-router';
import { moneyText } from '../../features/wallet/amount';
import { notFoundOn404 } from '../../features/wallet/not-found.server';
import { cancelWithdrawal, withdrawal } from '../../features/wallet/wallet.server';
import { WithdrawalFacts } from '../../features/wallet/withdrawal-facts';
import { WithdrawalLegs } from '../../features/wallet/withdrawal-legs';
import { WithdrawalTimeline } from '../../features/wallet/withdrawal-timeline';
import { ApiError } from '../../lib/api.server';
import { flash, forgetCustomer } from '../../lib/customer.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/withdraw-details';

export const handle: ScreenHandle = { screenName: 'withdraw-details' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Withdrawal details');

/** One of the customer's withdrawals with its steps; another customer's is the 404 page. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  return { withdrawal: await notFoundOn404(withdrawal(visitor, params.withdrawId)) };
}

/** Cancel: the held money back in the wallet while the withdrawal still waits for approval. */
export async function action({ context, params }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  const here = `/my-account/withdraw/details/${encodeURIComponent(params.withdrawId)}`;
  try {
    const cancelled = await cancelWithdrawal(visitor, params.withdrawId);
    forgetCustomer(visitor);
    flash(visitor, {
      level: 'success',
      message: `Your withdrawal is cancelled: ${moneyText(cancelled.amount)} is back in your wallet.`,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    flash(visitor, { level: 'error', message: error.message || 'Something went wrong' });
  }
  return redirect(here);
}

/** While a withdrawal is being paid (seconds, for an instant payment), the page reads it again every 2 seconds. */
const PAYING_REFRESH_MS = 2_000;

export default function WithdrawDetails({ loaderData }: Route.ComponentProps) {
  const { withdrawal } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const { revalidate } = useRevalidator();
  const paying = withdrawal.status === 'paying';
  useEffect(() => {
    if (!paying) return;
    const timer = setInterval(() => void revalidate(), PAYING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [paying, revalidate]);
  return (
    <section
      aria-labelledby="withdraw-details-heading"
      className="max-w-2xl"
      data-testid="withdrawal-details"
    >
      <h1 id="withdraw-details-heading" className="text-3xl font-extrabold">
        Withdrawal details
      </h1>
      <WithdrawalFacts withdrawal={withdrawal} />
      <WithdrawalLegs withdrawal={withdrawal} />
      <h2 className="mt-8 text-2xl font-bold">Progress</h2>
      <WithdrawalTimeline withdrawal={withdrawal} />
      {withdrawal.status === 'requested' ? (
        <p className="mt-4">
          The amount is held in your account until we approve the withdrawal; then it is paid to your account.
        </p>
      ) : null}
      {customerCanCancelWithdrawal(withdrawal.status) ? (
        <Form method="post" className="mt-4">
          <p>Changed your mind? Until we approve it you can cancel the withdrawal and keep the money.</p>
          <button
            type="submit"
            className="button-secondary mt-2"
            disabled={busy}
            data-testid="cancel-withdrawal"
          >
            {busy ? 'Cancelling...' : 'Cancel withdrawal'}
          </button>
        </Form>
      ) : null}
      <p className="mt-8 flex flex-wrap gap-4">
        <Link to="/my-account/transactions" className="button-secondary">
          Transactions
        </Link>
        <Link to="/my-account" className="link self-center">
          My account
        </Link>
      </p>
    </section>
  );
}
