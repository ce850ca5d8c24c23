/** What sign-in, sign-up and automatic login share: starting the session and the 2FA step. */
import { type LoginResult, SignInChallengeSchema } from '@drawhouse/contract';
import { redirect } from 'react-router';
import { ApiError } from './api.server';
import { convertCartOnSignIn } from './cart.server';
import { startSession } from './customer.server';
import { OTP_MESSAGES } from './otp';
import { safeRedirectTo } from './redirect-to';
import {
  clearCookie,
  PENDING_COOKIE,
  PENDING_LIFETIME_SECONDS,
  type PendingChallenge,
  type PendingSignIn,
  pendingCookie,
  RETURN_TO_COOKIE,
  unsealPending,
} from './session.server';
import type { Visitor } from './visitor.server';

/** The 2FA step of a sign-in form: a 2fa_required answer shows the code form. */
export type TwoFactorStep = {
  step: 'otp';
  method?: string;
  identifier?: string;
  error?: string;
  locked?: boolean;
  notice?: string;
};

export function challengeOf(error: ApiError): PendingChallenge {
  const parsed = SignInChallengeSchema.partial().safeParse(error.result);
  const challenge = parsed.success ? parsed.data.twoFactorAuth : undefined;
  return { method: challenge?.method, identifier: challenge?.identifier };
}

export function isTwoFactorRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === '2fa_required';
}

/** Too many wrong passwords on the account: the right password and a code still sign in. */
export function isLoginThrottled(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'login_throttled';
}

/** A throttled sign-in refused again: the code or the password (never told which) was wrong. */
export const THROTTLED_CODE_REFUSED =
  'That did not work: the code is wrong or has expired, or the password was not right. Check the code, or go back to log in.';

type WithoutExpiry<T> = T extends unknown ? Omit<T, 'expiresAt'> : never;

/** Keeps a sign-in that waits for its code (sealed in a cookie), for ten minutes. */
export function holdPendingSignIn(visitor: Visitor, pending: WithoutExpiry<PendingSignIn>) {
  const expiresAt = Math.floor(Date.now() / 1000) + PENDING_LIFETIME_SECONDS;
  visitor.responseCookies.push(pendingCookie({ ...pending, expiresAt }, visitor.secure));
}

export function dropPendingSignIn(visitor: Visitor) {
  visitor.responseCookies.push(clearCookie(PENDING_COOKIE, visitor.secure));
}

/** The sign-in waiting for its code, while it is still in time. */
export function pendingSignIn(visitor: Visitor): PendingSignIn | undefined {
  return unsealPending(visitor.cookies[PENDING_COOKIE], Math.floor(Date.now() / 1000));
}

/** A failed code: "Code is incorrect or expired ...", or the locked state (inputs and button disabled). */
export function twoFactorFailure(error: unknown, challenge: PendingChallenge): TwoFactorStep | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === '2fa_account_locked' || error.status === 423) {
    return { step: 'otp', ...challenge, locked: true };
  }
  if (error.code === '2fa_incorrect') return { step: 'otp', ...challenge, error: OTP_MESSAGES.incorrect };
  return undefined;
}

/**
 * A successful sign-in: keep the tokens, forget the pending sign-in, and go where the customer was
 * going, or to the forced password change page.
 */
export async function completeSignIn(visitor: Visitor, result: LoginResult, redirectTo: string) {
  await startSession(visitor, result);
  // On sign-in the anonymous cart is converted and its cookie removed.
  await convertCartOnSignIn(visitor);
  dropPendingSignIn(visitor);
  if (visitor.cookies[RETURN_TO_COOKIE] !== undefined) {
    visitor.responseCookies.push(clearCookie(RETURN_TO_COOKIE, visitor.secure));
  }
  return redirect(result.customer?.forcePasswordChange ? '/force-password-change' : redirectTo);
}

/** Where to go after signing in: the page asked for, else the protected page the visitor was sent from. */
export function afterSignInPath(visitor: Visitor, requested: string | null | undefined): string {
  return safeRedirectTo(requested || visitor.cookies[RETURN_TO_COOKIE]);
}
