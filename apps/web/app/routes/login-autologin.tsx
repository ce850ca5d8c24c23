import { type LoginResult, LoginResultSchema } from '@drawhouse/contract';
import { useEffect, useRef } from 'react';
import { Link, redirect, useFetcher } from 'react-router';
import { SubmitButton } from '../components/form';
import { OtpInput } from '../components/otp-input';
import { StandalonePage } from '../components/standalone-page';
import { api } from '../lib/api.server';
import { flash } from '../lib/customer.server';
import { formText } from '../lib/forms';
import { privateHeaders } from '../lib/headers';
import { once, sameRequestKey } from '../lib/in-flight.server';
import { pageMeta } from '../lib/meta';
import { codeInstructions, isCompleteOtp, OTP_MESSAGES, otpFromForm } from '../lib/otp';
import { safeRedirectTo } from '../lib/redirect-to';
import type { ScreenHandle } from '../lib/route-records';
import {
  challengeOf,
  completeSignIn,
  dropPendingSignIn,
  holdPendingSignIn,
  isTwoFactorRequired,
  pendingSignIn,
  type TwoFactorStep,
  twoFactorFailure,
} from '../lib/sign-in.server';
import { challengeIdOf, sendSignInCode } from '../lib/sign-in-code.server';
import { callerOf, type Visitor, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/login-autologin';

export const handle: ScreenHandle = { screenName: 'login-autologin' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Verifying Automatic Login');

export const AUTOLOGIN_VERSION = '3.3';
export const LINK_NO_LONGER_VALID = {
  title: 'Email link no longer valid',
  message:
    'It looks like the email link you clicked is no longer valid. This is likely because it has expired or has already been used.',
};

/**
 * /login/autologin/{token} (an email's sign-in link) and /login/transfer/{token} (a session handed
 * over from another app): the page shows "Verifying Automatic Login" and exchanges the token with a
 * POST once its scripts run, so link scanners that only fetch the page do not use the token up.
 */
export async function loader({ params }: Route.LoaderArgs) {
  return { hasToken: Boolean(params.token) };
}

function redirectOf(request: Request): string {
  const search = new URL(request.url).searchParams;
  return safeRedirectTo(search.get('redirect') ?? search.get('redirectTo'), '/');
}

async function exchange(visitor: Visitor, body: Record<string, unknown>): Promise<LoginResult> {
  const { result } = await api.request(LoginResultSchema, 'main', '/autologin', {
    method: 'POST',
    body: { ...body, fingerprint: visitor.fingerprint },
    version: AUTOLOGIN_VERSION,
    caller: { ...callerOf(visitor), customerToken: undefined },
  });
  return result;
}

function linkFailed(visitor: Visitor) {
  dropPendingSignIn(visitor);
  flash(visitor, { level: 'error', ...LINK_NO_LONGER_VALID });
  return redirect('/login');
}

export async function action({
  request,
  context,
  params,
}: Route.ActionArgs): Promise<TwoFactorStep | Response> {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const token = params.token;
  if (!token || token.length > 400) return linkFailed(visitor);
  if (formText(form, 'intent') === 'otp') {
    // The link's token was used up for the challenge: the code goes with the challenge id.
    const pending = pendingSignIn(visitor);
    if (pending?.kind !== 'autologin') return linkFailed(visitor);
    const challenge = { method: pending.method, identifier: pending.identifier };
    const otp = otpFromForm(form);
    if (!isCompleteOtp(otp)) return { step: 'otp', ...challenge, error: OTP_MESSAGES.required };
    try {
      const result = await once(
        sameRequestKey('autologin-otp', visitor.deviceId, pending.challengeId, otp),
        () => sendSignInCode(visitor, pending.challengeId, otp),
        500,
      );
      return await completeSignIn(visitor, result, pending.redirect);
    } catch (error) {
      const step = twoFactorFailure(error, challenge);
      if (step) return step;
      return linkFailed(visitor);
    }
  }
  const redirectTo = redirectOf(request);
  try {
    // One exchange per token at a time (the call is throttled to one per 500 ms).
    const result = await once(
      `autologin:${visitor.deviceId}:${token}`,
      () => exchange(visitor, { token }),
      500,
    );
    return await completeSignIn(visitor, result, redirectTo);
  } catch (error) {
    if (isTwoFactorRequired(error)) {
      const challengeId = challengeIdOf(error);
      if (!challengeId) return linkFailed(visitor);
      const challenge = challengeOf(error);
      holdPendingSignIn(visitor, { kind: 'autologin', challengeId, redirect: redirectTo, ...challenge });
      return { step: 'otp', ...challenge };
    }
    return linkFailed(visitor);
  }
}

export default function AutoLogin({ loaderData }: Route.ComponentProps) {
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
