import { BreakKindSchema, SPEND_LIMIT_PERIODS, type SpendLimitPeriod } from '@drawhouse/contract';
import { formatCalendarDate } from '@drawhouse/domain';
import { Link } from 'react-router';
import { SelectField } from '../../components/form';
import { moneyText } from '../../features/wallet/amount';
import { Facts } from '../../features/wallet/facts';
import { LimitAmountForm, RemoveLimitButton, SingleLimitControls } from '../../features/wallet/limit-forms';
import { LIMIT_CHANGE_RULE, PERIOD_TEXT, pendingText } from '../../features/wallet/limit-text';
import { TAKE_BREAK_INTENT, TakeABreak } from '../../features/wallet/take-a-break';
import {
  breakStatus,
  depositLimit,
  removeDepositLimit,
  removeSpendLimit,
  setDepositLimit,
  setSpendLimit,
  spendLimits,
  takeBreak,
} from '../../features/wallet/wallet.server';
import { UNVERIFIED_MESSAGES, type WalletFormResult } from '../../features/wallet/wallet-form';
import { limitAction, removeAction } from '../../features/wallet/wallet-form.server';
import { formText } from '../../lib/forms';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen, siteHas } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/spend-limits';

export const handle: ScreenHandle = { screenName: 'spend-limits' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Spend limits');

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  requireScreen(site, handle.screenName);
  const showDeposit = siteHas(site, 'deposit_limits');
  const [limits, deposit, onBreak] = await Promise.all([
    spendLimits(visitor),
    showDeposit ? depositLimit(visitor) : Promise.resolve(undefined),
    breakStatus(visitor),
  ]);
  return { limits, deposit, onBreak };
}

function periodOf(form: FormData): SpendLimitPeriod | undefined {
  const period = formText(form, 'period');
  return SPEND_LIMIT_PERIODS.find((p) => p === period);
}

export async function action({ request, context }: Route.ActionArgs): Promise<WalletFormResult> {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  switch (intent) {
    case 'add-spend':
    case 'change-spend': {
      const period = periodOf(form);
      if (!period) return { ok: false, intent, errors: { period: 'This field is required.' } };
      return limitAction(
        visitor,
        form,
        intent,
        (limit) => setSpendLimit(visitor, period, limit, intent === 'add-spend'),
        `Your ${PERIOD_TEXT[period].toLowerCase()} spend limit has been saved.`,
      );
    }
    case 'remove-spend':
      return removeAction(
        visitor,
        intent,
        () => removeSpendLimit(visitor, formText(form, 'id')),
        'Your change to the spend limit has been saved.',
      );
    case 'set-deposit':
      return limitAction(
        visitor,
        form,
        intent,
        (limit) => setDepositLimit(visitor, limit),
        'Your weekly deposit limit has been saved.',
      );
    case 'remove-deposit':
      return removeAction(
        visitor,
        intent,
        () => removeDepositLimit(visitor),
        'Your change to the weekly deposit limit has been saved.',
      );
    case TAKE_BREAK_INTENT: {
      const kind = BreakKindSchema.safeParse(formText(form, 'kind'));
      if (!kind.success)
        return { ok: false, intent, errors: { general: 'Please choose what you would like.' } };
      return removeAction(
        visitor,
        intent,
        () => takeBreak(visitor, { kind: kind.data, period: formText(form, 'period') }),
        kind.data === 'take_a_break' ? 'Your break has started.' : 'Your self-exclusion has started.',
      );
    }
    default:
      return { ok: false, intent, errors: { general: 'Something went wrong' } };
  }
}

export default function SpendLimits({ loaderData }: Route.ComponentProps) {
  const { limits, deposit, onBreak } = loaderData;
  return (
    <section aria-labelledby="spend-limits-heading" className="max-w-3xl">
      <h1 id="spend-limits-heading" className="text-3xl font-extrabold">
        Spend limits
      </h1>
      <p className="mt-2">
        Set the most you can spend on tickets in a day, a week or a calendar month. {LIMIT_CHANGE_RULE}
      </p>
      <p className="mt-2">
        See what you spent and won each month in your{' '}
        <Link to="/my-account/statements" className="link">
          monthly statements
        </Link>
        .
      </p>

      {limits.customerLimits.map((limit) => {
        const name = PERIOD_TEXT[limit.period];
        const headingId = `spend-limit-${limit.period}`;
        return (
          <section
            key={limit.id}
            aria-labelledby={headingId}
            className="mt-8 rounded-lg border border-black/10 p-4"
            data-testid={`spend-limit-${limit.period}`}
          >
            <h2 id={headingId} className="text-2xl font-bold">
              {name} limit
            </h2>
            <Facts
              facts={[
                { label: 'Limit', value: moneyText(limit.limit), testId: 'limit-amount' },
                {
                  label: 'Spent',
                  value: moneyText(limit.amountSpent),
                  note: `${moneyText(limit.remaining)} left until ${formatCalendarDate(limit.resetsAt) ?? ''}`,
                  testId: 'limit-spent',
                },
              ]}
            />
            {limit.pending ? (
              <p className="mt-4 font-semibold" data-testid="limit-pending">
                {pendingText(limit.pending)}
              </p>
            ) : null}
            <div className="mt-4 flex flex-wrap items-end gap-x-6">
              <LimitAmountForm
                intent="change-spend"
                hidden={{ period: limit.period }}
                label={`New ${name.toLowerCase()} limit`}
                submitLabel="Change limit"
              />
              <RemoveLimitButton
                intent="remove-spend"
                hidden={{ id: limit.id }}
                label={`Remove ${name.toLowerCase()} limit`}
              />
            </div>
          </section>
        );
      })}

      {limits.availablePeriods.length > 0 ? (
        <section aria-labelledby="add-spend-limit" className="mt-8 rounded-lg border border-black/10 p-4">
          <h2 id="add-spend-limit" className="text-2xl font-bold">
            Set a spend limit
          </h2>
          <LimitAmountForm
            intent="add-spend"
            label="Limit"
            submitLabel="Set limit"
            testId="add-spend-limit-form"
          >
            <SelectField
              name="period"
              label="Period"
              options={limits.availablePeriods.map((p) => ({ value: p, label: PERIOD_TEXT[p] }))}
            />
          </LimitAmountForm>
        </section>
      ) : null}

      {limits.systemLimits.length > 0 ? (
        <section aria-labelledby="system-limits" className="mt-8">
          <h2 id="system-limits" className="text-2xl font-bold">
            Limits every customer has
          </h2>
          <ul className="mt-2 list-disc pl-6">
            {limits.systemLimits.map((limit) => (
              <li key={limit.period}>
                {PERIOD_TEXT[limit.period]}: {moneyText(limit.limit)} (spent {moneyText(limit.amountSpent)})
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <TakeABreak status={onBreak} />

      {deposit ? (
        <section
          aria-labelledby="deposit-limit"
          className="mt-8 rounded-lg border border-black/10 p-4"
          data-testid="deposit-limit"
        >
          <h2 id="deposit-limit" className="text-2xl font-bold">
            Weekly deposit limit
          </h2>
          <p className="mt-2">The most you can deposit in any 7 days. {LIMIT_CHANGE_RULE}</p>
          <Facts
            facts={[
              {
                label: 'Limit',
                value: deposit.limit ? moneyText(deposit.limit) : 'None set',
                testId: 'deposit-limit-amount',
              },
              {
                label: 'Deposited in the last 7 days',
                value: moneyText(deposit.amountDeposited),
                note: deposit.remaining ? `${moneyText(deposit.remaining)} left` : undefined,
              },
            ]}
          />
          {deposit.pending ? <p className="mt-4 font-semibold">{pendingText(deposit.pending)}</p> : null}
          {deposit.unverifiedCap ? (
            <p className="mt-4">
              {UNVERIFIED_MESSAGES.deposit(moneyText(deposit.unverifiedCap.limit))} You have{' '}
              {moneyText(deposit.unverifiedCap.remaining)} left.
            </p>
          ) : null}
          <SingleLimitControls
            name="weekly deposit limit"
            hasLimit={Boolean(deposit.limit)}
            setIntent="set-deposit"
            removeIntent="remove-deposit"
            testId="deposit-limit-form"
          />
        </section>
      ) : null}
    </section>
  );
}
