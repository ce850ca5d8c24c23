import { redirect, useNavigate } from 'react-router';
import { ChallengeDialog } from '../../features/checkout/challenge-dialog';
import { loadDeposit } from '../../features/checkout/checkout.server';
import { depositPaths } from '../../features/wallet/deposit.server';
import { DepositFacts } from '../../features/wallet/deposit-facts';
import { notFoundOn404 } from '../../features/wallet/not-found.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/deposit-authorisation';

export const handle: ScreenHandle = { screenName: 'deposit-authorisation' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Confirm your deposit');

/**
 * A card deposit waiting for the card issuer's 3-D Secure check: the check in its frame. A deposit
 * no longer waiting goes to its details.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const deposit = await notFoundOn404(loadDeposit(visitor, params.depositId));
  if (deposit.status !== 'awaiting_challenge' || !deposit.redirectUrl) {
    throw redirect(depositPaths.details(deposit.id, deposit.status === 'succeeded' ? 'success' : 'failure'));
  }
  return { deposit, challengeUrl: deposit.redirectUrl, cancelPath: depositPaths.cancel(deposit.id) };
}

export default function DepositAuthorisation({ loaderData }: Route.ComponentProps) {
  const { deposit, challengeUrl, cancelPath } = loaderData;
  const navigate = useNavigate();
  return (
    <section aria-labelledby="deposit-authorisation-heading" className="max-w-2xl">
      <h1 id="deposit-authorisation-heading" className="text-3xl font-extrabold">
        Confirm your deposit
      </h1>
      <p className="mt-2">
        Your card issuer asks you to confirm this deposit. The amount is held until you do.
      </p>
      <DepositFacts deposit={deposit} />
      <ChallengeDialog url={challengeUrl} onAbandon={() => navigate(cancelPath)} />
    </section>
  );
}
