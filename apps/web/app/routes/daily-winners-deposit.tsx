import { loadMembership, updateMembership } from '../features/membership/membership.server';
import { membershipAction } from '../features/membership/membership-action.server';
import { JoinButton } from '../features/membership/membership-forms';
import { depositAction, loadDepositPage } from '../features/wallet/deposit.server';
import { DepositContent } from '../features/wallet/deposit-page';
import { requireCustomer } from '../lib/customer.server';
import { formFailure } from '../lib/form-errors.server';
import { formText } from '../lib/forms';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/daily-winners-deposit';

export const handle: ScreenHandle = { screenName: 'daily-winners-deposit' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Join Daily Winners with a deposit');

/**
 * /daily-winners/deposit: join from a deposit. Joining here leaves the membership pending until a
 * deposit completes; a deposit this month also unlocks the month's premium giveaways for free
 * members. The deposit form is the wallet's own. Signed-out visitors log in first.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  requireScreen(await loadSite(visitor), handle.screenName);
  const [membership, page] = await Promise.all([loadMembership(visitor), loadDepositPage(visitor)]);
  return { status: membership.status, page };
}

export async function action({ request, context }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  const form = await request.formData();
  if (formText(form, 'intent') === 'join-deposit') {
    try {
      await updateMembership(visitor, 'member', 'deposit');
      return {
        ok: true,
        message: 'You have joined Daily Winners: your membership starts when your deposit completes.',
      };
    } catch (error) {
      return formFailure(error);
    }
  }
  if (formText(form, 'intent') === 'join') return membershipAction(visitor, form);
  return depositAction(visitor, form);
}

export default function DailyWinnersDeposit({ loaderData }: Route.ComponentProps) {
  const { status, page } = loaderData;
  return (
    <div className="container-page py-8">
      <section className="max-w-xl" aria-labelledby="page-heading" data-testid="daily-winners-deposit">
        <h1 id="page-heading" className="text-3xl font-extrabold">
          Join Daily Winners with a deposit
        </h1>
        <p className="mt-4">
          Make a deposit this month and, as a free member, you are in this month's premium giveaways too, at
          no cost: the deposit unlocks them.
        </p>
        <p className="mt-2 font-semibold" data-testid="membership-status" data-status={status}>
          {status === 'member'
            ? 'You are a member.'
            : status === 'pending-deposit'
              ? 'Your membership starts when your deposit completes.'
              : 'You are not a member yet.'}
        </p>
        {status === 'non-member' ? (
          <div className="mt-4 flex flex-wrap gap-3">
            <JoinButton label="Join with a deposit" intent="join-deposit" />
            <JoinButton label="Join free without a deposit" />
          </div>
        ) : null}
        <DepositContent page={page} />
      </section>
    </div>
  );
}
