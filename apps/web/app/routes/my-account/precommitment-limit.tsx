import { formatCalendarDate } from '@drawhouse/domain';
import { moneyText } from '../../features/wallet/amount';
import { Facts } from '../../features/wallet/facts';
import { SingleLimitControls } from '../../features/wallet/limit-forms';
import { LIMIT_CHANGE_RULE, pendingText } from '../../features/wallet/limit-text';
import { precommitment, removePrecommitment, setPrecommitment } from '../../features/wallet/wallet.server';
import type { WalletFormResult } from '../../features/wallet/wallet-form';
import { limitAction, removeAction } from '../../features/wallet/wallet-form.server';
import { formText } from '../../lib/forms';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/precommitment-limit';

export const handle: ScreenHandle = { screenName: 'precommitment-limit' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Precommitment limit');

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  return { precommitment: await precommitment(visitor) };
}

export async function action({ request, context }: Route.ActionArgs): Promise<WalletFormResult> {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  if (intent === 'remove') {
    return removeAction(
      visitor,
      intent,
      () => removePrecommitment(visitor),
      'Your change to the precommitment limit has been saved.',
    );
  }
  return limitAction(
    visitor,
    form,
    'set',
    (limit) => setPrecommitment(visitor, limit),
    'Your precommitment limit has been saved.',
  );
}

export default function PrecommitmentLimit({ loaderData }: Route.ComponentProps) {
  const { precommitment } = loaderData;
  return (
    <section aria-labelledby="precommitment-heading" className="max-w-2xl" data-testid="precommitment">
      <h1 id="precommitment-heading" className="text-3xl font-extrabold">
        Precommitment limit
      </h1>
      <p className="mt-2">
        Commit in advance to the most you will spend in a calendar month. {LIMIT_CHANGE_RULE}
      </p>
      <Facts
        facts={[
          {
            label: 'Your limit',
            value: precommitment.limit ? moneyText(precommitment.limit) : 'None set',
            testId: 'precommitment-amount',
          },
          {
            label: 'Spent this month',
            value: moneyText(precommitment.amountSpent),
            note: precommitment.remaining
              ? `${moneyText(precommitment.remaining)} left until ${formatCalendarDate(precommitment.resetsAt) ?? ''}`
              : undefined,
          },
        ]}
      />
      {precommitment.pending ? (
        <p className="mt-4 font-semibold" data-testid="precommitment-pending">
          {pendingText(precommitment.pending)}
        </p>
      ) : null}
      <SingleLimitControls
        name="precommitment limit"
        hasLimit={Boolean(precommitment.limit)}
        setIntent="set"
        removeIntent="remove"
        testId="precommitment-form"
      />
    </section>
  );
}
