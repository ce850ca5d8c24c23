import { useEffect, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { SubmitButton } from '../../components/form';
import { OtpInput } from '../../components/otp-input';
import { StandalonePage } from '../../components/standalone-page';
import { codeInstructions } from '../../lib/otp';
import type { TwoFactorStep } from '../../lib/sign-in.server';

/** The autologin page: "Verifying Automatic Login" while the token is exchanged, then any code step. */
export function AutoLoginPage({ loaderData }: { loaderData: { hasToken: boolean } }) {
  const fetcher = useFetcher<TwoFactorStep>();
  const started = useRef(false);
  const { submit } = fetcher;
  useEffect(() => {
    if (started.current || !loaderData.hasToken) return;
    started.current = true;
    submit({ intent: 'exchange' }, { method: 'post' });
  }, [submit, loaderData.hasToken]);
  const step = fetcher.data?.step === 'otp' ? fetcher.data : undefined;
  const busy = fetcher.state !== 'idle';
  if (!step) {
    return (
      <StandalonePage title="Verifying Automatic Login">
        <p className="mt-4" role="status" aria-live="polite">
          Please wait while we sign you in.
        </p>
        <noscript>
          <fetcher.Form method="post" className="mt-4">
            <button type="submit" name="intent" value="exchange" className="button-primary">
              Continue
            </button>
          </fetcher.Form>
        </noscript>
      </StandalonePage>
    );
  }
  return (
    <StandalonePage title="Two-factor authentication">
      <p className="mt-4">{codeInstructions(step)}</p>
      <fetcher.Form method="post" noValidate data-testid="otp-form">
        <OtpInput
          autoFocus
          error={step.error}
          locked={step.locked}
          resetKey={step.error ? step : undefined}
        />
        <SubmitButton
          busy={busy}
          disabled={step.locked}
          label="Continue"
          busyLabel="Checking..."
          name="intent"
          value="otp"
          testId="otp-continue"
        />
      </fetcher.Form>
      <p className="mt-6">
        Having trouble?{' '}
        <Link to="/about/contact-us" className="link" data-testid="support-link">
          Contact support
        </Link>
      </p>
    </StandalonePage>
  );
}
