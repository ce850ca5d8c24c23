import { centsToMoney, WITHDRAWAL_MINIMUM_CENTS } from '@drawhouse/domain';
import { useRef, useState } from 'react';
import { Link, redirect, useFetcher } from 'react-router';
import { FormAlert, SubmitButton, useFocusFirstError } from '../../components/form';
import { useStepUpReplay } from '../../features/account/elevation';
import { AddBankAccount, AddPayPalAccount } from '../../features/wallet/add-bank-account';
import { amountForApi, amountProblem, boundsText, moneyText } from '../../features/wallet/amount';
import { AmountField } from '../../features/wallet/amount-field';
import { attemptKeyOf, keyAfterFailure, newAttemptKey } from '../../features/wallet/attempt.server';
import { ClosedLoopNotice } from '../../features/wallet/closed-loop-notice';
import { FundChoice } from '../../features/wallet/fund-choice';
import {
  bankAccounts,
  paypalAccounts,
  withdraw,
  withdrawableFunds,
} from '../../features/wallet/wallet.server';
import {
  ADD_BANK_ACCOUNT,
  ADD_PAYPAL_ACCOUNT,
  ATTEMPT_FIELD,
  UNVERIFIED_MESSAGES,
  VERIFY_ACCOUNT_PATH,
  type WalletFormResult,
} from '../../features/wallet/wallet-form';
import {
  addBankAccountAction,
  addPayPalAccountAction,
  walletFailure,
} from '../../features/wallet/wallet-form.server';
import { forgetCustomer } from '../../lib/customer.server';
import { formText, hasErrors } from '../../lib/forms';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/withdraw';

export const handle: ScreenHandle = { screenName: 'withdraw' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Withdraw');

/** The smallest withdrawal, as the API takes it. */
const MINIMUM = centsToMoney(WITHDRAWAL_MINIMUM_CENTS);

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  requireScreen(site, handle.screenName);
  const [funds, banks, paypals] = await Promise.all([
    withdrawableFunds(visitor),
    bankAccounts(visitor),
    paypalAccounts(visitor),
  ]);
  const failedNote = { note: 'your bank refused a payment to it: withdrawals to it wait for our team' };
  // Each option's value names its method too: `tt:<id>` a bank account or PayID, `pl:<id>` PayPal.
  const accounts = [
    ...banks.map((a) => ({
      id: `tt:${a.id}`,
      label: a.display,
      default: a.default,
      ...(a.failedVerification ? failedNote : {}),
    })),
    ...paypals.map((a) => ({
      id: `pl:${a.id}`,
      label: a.display,
      default: false,
      ...(a.failedVerification ? failedNote : {}),
    })),
  ];
  const support = site.config.support;
  return {
    funds,
    support: { phone: support?.supportNumber || null, email: support?.email || null },
    accounts,
    attemptKey: newAttemptKey(),
  };
}

export async function action({ request, context }: Route.ActionArgs): Promise<WalletFormResult | Response> {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  if (intent === ADD_BANK_ACCOUNT) return addBankAccountAction(visitor, form);
  if (intent === ADD_PAYPAL_ACCOUNT) return addPayPalAccountAction(visitor, form);
  const key = attemptKeyOf(form);
  const amountText = formText(form, 'amount');
  const [code, fundId] = formText(form, 'fundId').split(':');
  const funds = await withdrawableFunds(visitor);
  const errors: Record<string, string> = {};
  const problem = amountProblem(amountText, { min: MINIMUM, max: funds.withdrawableFunds });
  if (problem) errors.amount = problem;
  if (!fundId) errors.fundId = 'This field is required.';
  if (hasErrors(errors)) return { ok: false, intent, errors, nextKey: key };
  try {
    const method = code === 'pl' ? 'pl' : 'tt';
    const done = await withdraw(
      visitor,
      { amount: amountForApi(amountText), fundId: fundId ?? '' },
      key,
      method,
    );
    forgetCustomer(visitor);
    return redirect(`/my-account/withdraw/details/${encodeURIComponent(done.id)}`);
  } catch (error) {
    return { ...(await walletFailure(visitor, error, intent)), nextKey: keyAfterFailure(error, key) };
  }
}

export default function Withdraw({ loaderData }: Route.ComponentProps) {
  const { funds, accounts, support } = loaderData;
  const enough = funds.withdrawableFunds.amount >= MINIMUM.amount;
  const canWithdraw = funds.verified && enough && accounts.length > 0;
  return (
    <section aria-labelledby="withdraw-heading" className="max-w-2xl">
      <h1 id="withdraw-heading" className="text-3xl font-extrabold">
        Withdraw
      </h1>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg bg-surface p-4">
          <dt className="text-sm text-muted">Withdrawable funds</dt>
          <dd className="text-2xl font-bold" data-testid="withdrawable-funds">
            {moneyText(funds.withdrawableFunds)}
          </dd>
        </div>
        {funds.pendingWithdrawals.amount > 0 ? (
          <div className="rounded-lg bg-surface p-4">
            <dt className="text-sm text-muted">Waiting for approval</dt>
            <dd className="text-2xl font-bold">{moneyText(funds.pendingWithdrawals)}</dd>
          </div>
        ) : null}
      </dl>
      {funds.promoCredit.amount > 0 ? (
        <p className="mt-4">
          Promotional credit ({moneyText(funds.promoCredit)}) can be spent on tickets but not withdrawn.
        </p>
      ) : null}
      {!funds.verified ? (
        <div
          className="mt-6 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-amber-950"
          data-testid="unverified-withdraw"
        >
          <p>{UNVERIFIED_MESSAGES.withdraw}</p>
          <p className="mt-2">{UNVERIFIED_MESSAGES.withdrawNextStep}</p>
          {support.phone || support.email ? (
            <ul className="mt-2 list-disc pl-6">
              {support.phone ? (
                <li>
                  Call{' '}
                  <a className="underline" href={`tel:${support.phone.replace(/\s+/g, '')}`}>
                    {support.phone}
                  </a>
                </li>
              ) : null}
              {support.email ? (
                <li>
                  Email{' '}
                  <a className="underline" href={`mailto:${support.email}`}>
                    {support.email}
                  </a>
                </li>
              ) : null}
            </ul>
          ) : null}
          <p className="mt-2">
            {UNVERIFIED_MESSAGES.verifyYourself}{' '}
            <Link to={VERIFY_ACCOUNT_PATH} className="link" data-testid="verify-account-link">
              Verify your account
            </Link>
          </p>
        </div>
      ) : (
        <>
          {accounts.length > 0 ? (
            <WithdrawForm
              accounts={accounts}
              cardReturns={funds.cardReturns}
              attemptKey={loaderData.attemptKey}
              hint={
                enough
                  ? (boundsText({ min: MINIMUM, max: funds.withdrawableFunds }) ?? '')
                  : `Withdrawals start at ${moneyText(MINIMUM)}: you can withdraw once your withdrawable funds reach it.`
              }
              disabled={!canWithdraw}
            />
          ) : (
            <p className="mt-6">Add the bank account, PayID or PayPal account your withdrawals go to.</p>
          )}
          <AddBankAccount open={accounts.length === 0} />
          <AddPayPalAccount />
        </>
      )}
    </section>
  );
}

function WithdrawForm({
  accounts,
  cardReturns,
  attemptKey,
  hint,
  disabled,
}: {
  accounts: { id: string; label: string; default: boolean; note?: string }[];
  cardReturns: Parameters<typeof ClosedLoopNotice>[0]['cardReturns'];
  attemptKey: string;
  hint: string;
  disabled: boolean;
}) {
  const fetcher = useFetcher<WalletFormResult | undefined>();
  const defaultAccount = accounts.find((a) => a.default) ?? accounts[0];
  const [amountText, setAmountText] = useState('');
  const [accountId, setAccountId] = useState(defaultAccount?.id);
  // The amount and account chosen, for the closed-loop notice (it says where the money goes).
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const field = event.target as HTMLInputElement;
    if (field.name === 'amount') setAmountText(field.value);
    if (field.name === 'fundId') setAccountId(field.value);
  };
  const onSubmit = useStepUpReplay(fetcher);
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const errors = result?.errors ?? {};
  useFocusFirstError(formRef, result?.errors);
  return (
    <fetcher.Form
      method="post"
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      data-testid="withdraw-form"
      aria-labelledby="withdraw-form-heading"
      className="mt-8"
    >
      <h2 id="withdraw-form-heading" className="text-2xl font-bold">
        Withdraw to your account
      </h2>
      <input type="hidden" name="intent" value="withdraw" />
      <input type="hidden" name={ATTEMPT_FIELD} value={fetcher.data?.nextKey ?? attemptKey} />
      <FormAlert error={errors.general} />
      <FundChoice legend="Account" options={accounts} defaultId={defaultAccount?.id} error={errors.fundId} />
      <AmountField error={errors.amount} hint={hint} disabled={disabled} />
      <ClosedLoopNotice
        cardReturns={cardReturns}
        amountText={amountText}
        accountLabel={accounts.find((a) => a.id === accountId)?.label ?? 'your account'}
      />
      <SubmitButton
        busy={fetcher.state !== 'idle'}
        disabled={disabled}
        label="Withdraw"
        busyLabel="Withdrawing..."
        testId="withdraw-submit"
      />
    </fetcher.Form>
  );
}
