/**
 * ConnectID on the verify page: a button that starts a sign-in at the customer's identity provider
 * (the storefront's action asks the API and redirects the browser there), and the outcome the
 * callback page shows when the provider sends the customer back.
 */
import type { Verification, VerifyResult } from '@drawhouse/contract';
import { useEffect, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { SubmitButton } from '../../components/form';

/** The storefront's action that starts a sign-in (POST only). */
export const CONNECTID_START_PATH = '/my-account/verify-account/connectid';

/** What the start action answers when it cannot send the customer to the provider. */
export type ConnectIdStartFailure = { error: string };

/** A refusal to start, as a message the page shows. */
export function ConnectIdError({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="mt-3 rounded-md border-l-4 border-red-700 bg-red-50 p-3 text-red-900"
      data-testid="connectid-error"
    >
      {message}
    </p>
  );
}

/** Shown while ConnectID is on offer and nothing else is being checked. */
export function ConnectIdSection({
  methods,
  isVerified,
}: {
  methods: Verification['methods'];
  isVerified: boolean;
}) {
  const fetcher = useFetcher<ConnectIdStartFailure>();
  const status = methods.find((m) => m.type === 'connect_id')?.status;
  const checking = methods.some((m) => m.status === 'in_progress');
  if (isVerified || checking || (status !== 'not_attempted' && status !== 'attempted')) return null;
  const failure = fetcher.state === 'idle' ? fetcher.data?.error : undefined;
  return (
    <section aria-labelledby="connectid-heading" className="mt-8" data-testid="connectid-section">
      <h2 id="connectid-heading" className="text-xl font-bold">
        Verify with ConnectID
      </h2>
      <p className="mt-1">
        Sign in with your bank (or another ConnectID provider) and let it share the name, date of birth and
        address it has verified. We never see your bank password. It takes a few minutes.
      </p>
      <fetcher.Form method="post" action={CONNECTID_START_PATH} className="mt-3">
        {failure ? <ConnectIdError message={failure} /> : null}
        <SubmitButton
          busy={fetcher.state !== 'idle'}
          label="Continue with ConnectID"
          busyLabel="Opening ConnectID..."
          testId="connectid-start"
        />
      </fetcher.Form>
    </section>
  );
}

const TITLE: Record<VerifyResult['outcome'], string> = {
  verified: 'Your account is verified',
  in_progress: 'We are checking your details',
  not_verified: 'ConnectID did not verify your account',
};

/** What came of the provider's answer: the outcome, or why it was refused. Takes the focus. */
export function ConnectIdOutcome({
  outcome,
  error,
}: {
  outcome: Pick<VerifyResult, 'outcome' | 'message'> | null;
  error: string | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const failed = outcome === null || outcome.outcome === 'not_verified';
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={failed ? 'alert' : 'status'}
      className={`mt-6 rounded-md border-l-4 p-4 ${failed ? 'border-amber-600 bg-amber-50 text-amber-950' : 'border-green-700 bg-green-50 text-green-900'}`}
      data-testid="connectid-outcome"
      data-outcome={outcome?.outcome ?? 'refused'}
    >
      <h2 className="text-xl font-bold">
        {outcome ? TITLE[outcome.outcome] : 'We could not use this ConnectID answer'}
      </h2>
      <p className="mt-1">{outcome?.message ?? error}</p>
      <p className="mt-2">
        {outcome?.outcome === 'verified' ? (
          <Link to="/my-account/deposit" className="link">
            Add funds
          </Link>
        ) : (
          <Link to="/my-account/verify-account" className="link">
            Back to Verify your account
          </Link>
        )}
      </p>
    </div>
  );
}
