/**
 * The autologin exchange (/login/autologin/{token}, /login/transfer/{token} and a partner's
 * /purchase/{slug}/autologin/{token}): the token exchanged for a session with a POST once the page's
 * scripts run, or its one-time code checked when the account asks for one.
 */
import { type LoginResult, LoginResultSchema } from '@drawhouse/contract';
import { redirect } from 'react-router';
import { api } from '../../lib/api.server';
import { flash } from '../../lib/customer.server';
import { formText } from '../../lib/forms';
import { once, sameRequestKey } from '../../lib/in-flight.server';
import { isCompleteOtp, OTP_MESSAGES, otpFromForm } from '../../lib/otp';
import { safeRedirectTo } from '../../lib/redirect-to';
import {
  challengeOf,
  completeSignIn,
  dropPendingSignIn,
  holdPendingSignIn,
  isTwoFactorRequired,
  pendingSignIn,
  type TwoFactorStep,
  twoFactorFailure,
} from '../../lib/sign-in.server';
import { challengeIdOf, sendSignInCode } from '../../lib/sign-in-code.server';
import { callerOf, type Visitor, visitorOf } from '../../lib/visitor.server';

export const AUTOLOGIN_VERSION = '3.3';
export const LINK_NO_LONGER_VALID = {
  title: 'Email link no longer valid',
  message:
    'It looks like the email link you clicked is no longer valid. This is likely because it has expired or has already been used.',
};

function redirectOf(request: Request, home: string): string {
  const search = new URL(request.url).searchParams;
  return safeRedirectTo(search.get('redirect') ?? search.get('redirectTo'), home);
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

/** Where a signed-in customer lands (`home`, unless the link names a page) and where a failed link goes. */
export type AutologinRoutes = { home: string; failure: string };

/** The token exchanged (or its one-time code checked); also the partner pages' autologin. */
export async function autologinAction(
  {
    request,
    context,
    params,
  }: { request: Request; context: Parameters<typeof visitorOf>[0]; params: { token?: string } },
  routes: AutologinRoutes,
): Promise<TwoFactorStep | Response> {
  const linkFailed = (visitor: Visitor) => {
    dropPendingSignIn(visitor);
    flash(visitor, { level: 'error', ...LINK_NO_LONGER_VALID });
    return redirect(routes.failure);
  };
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
  const redirectTo = redirectOf(request, routes.home);
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
