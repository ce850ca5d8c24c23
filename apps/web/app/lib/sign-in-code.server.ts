/**
 * The code step of a sign-in that waits for its one-time code. The API answered the password (or a
 * sign-in link) with a challenge id; the code goes with that id alone to POST /v2/login/code, so the
 * password is sent once and never kept.
 */
import { type LoginResult, LoginResultSchema } from '@drawhouse/contract';
import { ApiError, api } from './api.server';
import { callerOf, type Visitor } from './visitor.server';

/** The challenge id a 2fa_required or login_throttled answer carries: the code goes with it. */
export function challengeIdOf(error: ApiError): string | undefined {
  const { challengeId } = (error.result ?? {}) as { challengeId?: unknown };
  return typeof challengeId === 'string' && challengeId !== '' ? challengeId : undefined;
}

/** The API no longer knows the pending sign-in (expired, used, another device): it starts again. */
export function isChallengeRefused(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'invalid_challenge';
}

export const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again.';

/** Sends the code (none: ask again, for a new email code) with the pending sign-in's challenge id. */
export async function sendSignInCode(
  visitor: Visitor,
  challengeId: string,
  otp: string | undefined,
): Promise<LoginResult> {
  const { result } = await api.request(LoginResultSchema, 'main', '/login/code', {
    method: 'POST',
    body: { challengeId, otp, fingerprint: visitor.fingerprint },
    caller: { ...callerOf(visitor), customerToken: undefined },
  });
  return result;
}
