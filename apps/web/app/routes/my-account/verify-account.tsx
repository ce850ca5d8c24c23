import {
  CustomerAccountOverviewSchema,
  CustomerDetailsSchema,
  LicenceConfigSchema,
  type VerifyResult,
  VerifyResultSchema,
} from '@drawhouse/contract';
import { formatCalendarDate } from '@drawhouse/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { SubmitButton, useFocusFirstError } from '../../components/form';
import { AddressFieldset } from '../../features/account/address-fields';
import { CheckedIdentityFields } from '../../features/account/identity-fields';
import { LicenceFields } from '../../features/account/licence-fields';
import { VerificationMethods } from '../../features/account/verification-methods';
import { ConnectIdSection } from '../../features/verification/connect-id';
import { ManualVerificationCard } from '../../features/verification/manual-verification-card';
import { moneyText } from '../../features/wallet/amount';
import { addressBody, addressFrom } from '../../lib/account-validation';
import { customerGet, customerRequest, forgetCustomer } from '../../lib/customer.server';
import { formFailure } from '../../lib/form-errors.server';
import { type FormResult, formText } from '../../lib/forms';
import { privateHeaders } from '../../lib/headers';
import { once, sameRequestKey } from '../../lib/in-flight.server';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/verify-account';

export const handle: ScreenHandle = { screenName: 'verify-account' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Verify your account');

const DETAILS_VERSION = '3.2';

type VerifyFormResult = FormResult & { outcome?: Pick<VerifyResult, 'outcome' | 'message'> };

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const [overview, details, licence] = await Promise.all([
    customerGet(CustomerAccountOverviewSchema, visitor, '/customer'),
    customerGet(CustomerDetailsSchema, visitor, '/customer/details', { version: DETAILS_VERSION }),
    customerGet(LicenceConfigSchema, visitor, '/config/licence', { service: 'customer-verify' }),
  ]);
  return {
    isVerified: overview.isVerified,
    methods: overview.verification.methods,
    rules: overview.verificationRules,
    details,
    licence,
  };
}

/**
 * The automatic check (POST /v2/customer/verify with the details as the customer confirmed them), or
 * with `intent=licence` the licence check (POST /v2/customer/verification/licence).
 */
export async function action({ request, context }: Route.ActionArgs): Promise<VerifyFormResult> {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const identity = {
    firstname: formText(form, 'firstname'),
    lastname: formText(form, 'lastname'),
    dateOfBirth: formText(form, 'dateOfBirth'),
  };
  const licence = formText(form, 'intent') === 'licence';
  const body = licence
    ? {
        ...identity,
        state: formText(form, 'state'),
        licenceNumber: formText(form, 'licenceNumber'),
        cardNumber: formText(form, 'cardNumber'),
      }
    : { ...identity, address: addressBody(addressFrom(form)) };
  const path = licence ? '/customer/verification/licence' : '/customer/verify';
  try {
    const answer = await once(sameRequestKey(path, visitor.customerToken, body), () =>
      customerRequest(VerifyResultSchema, visitor, path, { method: 'POST', body }),
    );
    forgetCustomer(visitor);
    const { outcome, message } = answer.result;
    return { ok: outcome !== 'not_verified', outcome: { outcome, message } };
  } catch (error) {
    return formFailure(error);
  }
}

const OUTCOME_TITLE: Record<VerifyResult['outcome'], string> = {
  verified: 'Your account is verified',
  in_progress: 'We are checking your details',
  not_verified: 'We could not verify your account',
};

function Outcome({ outcome }: { outcome: NonNullable<VerifyFormResult['outcome']> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const tone =
    outcome.outcome === 'not_verified'
      ? 'border-amber-600 bg-amber-50 text-amber-950'
      : 'border-green-700 bg-green-50 text-green-900';
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={outcome.outcome === 'not_verified' ? 'alert' : 'status'}
      className={`mt-6 rounded-md border-l-4 p-4 ${tone}`}
      data-testid="verify-outcome"
      data-outcome={outcome.outcome}
    >
      <h2 className="text-xl font-bold">{OUTCOME_TITLE[outcome.outcome]}</h2>
      <p className="mt-1">{outcome.message}</p>
      {outcome.outcome === 'verified' ? (
        <p className="mt-2">
          <Link to="/my-account/deposit" className="link">
            Add funds
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export default function VerifyAccount({ loaderData }: Route.ComponentProps) {
  const { isVerified, methods, rules, details, licence } = loaderData;
  const fetcher = useFetcher<VerifyFormResult | undefined>();
  const licenceFetcher = useFetcher<VerifyFormResult | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const licenceFormRef = useRef<HTMLFormElement>(null);
  const [licenceState, setLicenceState] = useState('');
  const autoResult = fetcher.state === 'idle' ? fetcher.data : undefined;
  const licenceResult = licenceFetcher.state === 'idle' ? licenceFetcher.data : undefined;
  const result = licenceResult?.outcome ? licenceResult : autoResult;
  const errors = autoResult?.errors ?? {};
  const licenceErrors = licenceResult?.errors ?? {};
  useFocusFirstError(formRef, autoResult?.errors);
  useFocusFirstError(licenceFormRef, licenceResult?.errors);
  const open = (type: string) => {
    const method = methods.find((m) => m.type === type);
    return !isVerified && (method?.status === 'not_attempted' || method?.status === 'attempted');
  };
  const checking = methods.some((m) => m.status === 'in_progress');
  const canCheck = open('auto_verification') && !checking;
  const canCheckLicence = open('drivers_licence') && !checking;
  const finished = result?.outcome?.outcome === 'verified' || result?.outcome?.outcome === 'in_progress';
  const deadline = rules.deadline ? formatCalendarDate(rules.deadline) : null;
  return (
    <section aria-labelledby="verify-heading" className="max-w-2xl" data-testid="verify-account">
      <h1 id="verify-heading" className="text-3xl font-extrabold">
        Verify your account
      </h1>
      {isVerified ? (
        <p
          className="mt-4 rounded-md border-l-4 border-green-700 bg-green-50 p-3 text-green-900"
          data-testid="verified"
        >
          Your account is verified: your deposits are not capped and you can withdraw your winnings.
        </p>
      ) : (
        <>
          <p className="mt-2">
            Until your identity is verified, your deposits are capped at {moneyText(rules.depositCap)} in
            total and you cannot withdraw. Verifying lifts both.
          </p>
          {deadline ? (
            <p className={`mt-2 ${rules.overdue ? 'font-semibold text-red-800' : ''}`}>
              Please verify by {deadline}
              {rules.overdue
                ? ': this date has passed.'
                : ` (${rules.deadlineDays} days after your first deposit).`}
            </p>
          ) : null}
        </>
      )}
      {result?.outcome ? <Outcome outcome={result.outcome} /> : null}
      {!result?.outcome && !isVerified && checking ? (
        <p
          className="mt-4 rounded-md border-l-4 border-green-700 bg-green-50 p-3 text-green-900"
          data-testid="verify-checking"
        >
          We are checking your details. We will tell you by email and in your notifications as soon as it is
          done.
        </p>
      ) : null}
      {!isVerified && !methods.some((m) => m.status !== 'disabled') ? (
        <p className="mt-4" data-testid="verify-contact-support">
          Please contact our support team: they can verify your account with a copy of your ID.
        </p>
      ) : null}
      {canCheck && !finished ? (
        <fetcher.Form
          method="post"
          ref={formRef}
          noValidate
          data-testid="verify-form"
          aria-labelledby="verify-form-heading"
          className="mt-6"
        >
          <h2 id="verify-form-heading" className="text-xl font-bold">
            Check my details automatically
          </h2>
          <p className="mt-1">
            Confirm your details as they appear on your ID. We check them against two independent records; it
            usually takes a moment.
          </p>
          <CheckedIdentityFields errors={errors} saved={details} />
          <AddressFieldset errors={errors} saved={details.address} />
          <SubmitButton
            busy={fetcher.state !== 'idle'}
            label="Verify my details"
            busyLabel="Checking..."
            testId="verify-submit"
          />
        </fetcher.Form>
      ) : null}
      {canCheckLicence && !finished ? (
        <licenceFetcher.Form
          method="post"
          ref={licenceFormRef}
          noValidate
          data-testid="licence-form"
          aria-labelledby="licence-form-heading"
          className="mt-8"
          onChange={(event) => {
            const target = event.target;
            if (target instanceof HTMLSelectElement && target.name === 'state') setLicenceState(target.value);
          }}
        >
          <h2 id="licence-form-heading" className="text-xl font-bold">
            Verify with your driver’s licence
          </h2>
          <p className="mt-1">
            Enter your name and date of birth as on your account, and your Australian driver’s licence. We
            check it with the state that issued it.
          </p>
          <input type="hidden" name="intent" value="licence" />
          <CheckedIdentityFields errors={licenceErrors} saved={details} />
          <LicenceFields config={licence} errors={licenceErrors} state={licenceState} />
          <SubmitButton
            busy={licenceFetcher.state !== 'idle'}
            label="Verify my licence"
            busyLabel="Checking..."
            testId="licence-submit"
          />
        </licenceFetcher.Form>
      ) : null}
      <ConnectIdSection methods={methods} isVerified={isVerified} />
      <ManualVerificationCard methods={methods} isVerified={isVerified} />
      <h2 className="mt-8 text-xl font-bold">Ways to verify</h2>
      <VerificationMethods methods={methods} />
    </section>
  );
}
