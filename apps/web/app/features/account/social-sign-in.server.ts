/**
 * "Continue with Apple" and "Continue with Google" in the shop (docs/api/accounts.md, "Social
 * authentication"). The browser carries three short-lived sealed cookies, never an API token:
 * - the flow (`dh_social`): the provider, the `state` the answer must come back with (so an answer
 *   only lands in the browser that started it), sign-in or link, and where the visitor was going;
 * - Apple's posted answer (`dh_social_answer`), kept for the redirect that follows it: Apple posts
 *   from its own site, so the SameSite=Lax cookies come only with that next request;
 * - the answer's `pending_token` (`dh_social_pending`) for the join form or for the password
 *   sign-in that must come before a link.
 */
import {
  LoginResultSchema,
  type SocialCallbackResult,
  SocialCallbackResultSchema,
  SocialIdentitiesSchema,
  type SocialProfileView,
  type SocialProvider,
  SocialStartSchema,
} from '@drawhouse/contract';
import { SOCIAL_PROVIDER_CAPABILITY, SOCIAL_PROVIDERS } from '@drawhouse/domain';
import { redirect } from 'react-router';
import { ApiError, api } from '../../lib/api.server';
import { serializeCookie } from '../../lib/cookies';
import { customerRequest, flash } from '../../lib/customer.server';
import { safeRedirectTo } from '../../lib/redirect-to';
import { createSealer, type Sealer, sessionSecretFromEnv } from '../../lib/seal.server';
import { clearCookie } from '../../lib/session.server';
import {
  challengeOf,
  completeSignIn,
  holdPendingSignIn,
  isTwoFactorRequired,
} from '../../lib/sign-in.server';
import { challengeIdOf } from '../../lib/sign-in-code.server';
import type { Site } from '../../lib/site.server';
import { callerOf, type Visitor } from '../../lib/visitor.server';
import { SOCIAL_LABEL, type SocialAnswer, stateOfAuthorizationUrl } from './social-answer';

export const SECURITY_PATH = '/my-account/login-and-security';
const FLOW_COOKIE = 'dh_social';
const ANSWER_COOKIE = 'dh_social_answer';
const PENDING_COOKIE = 'dh_social_pending';
/** The API keeps a started sign-in 10 minutes and an answer's pending token 30. */
const FLOW_SECONDS = 10 * 60;
const ANSWER_SECONDS = 5 * 60;
const PENDING_SECONDS = 30 * 60;

export type SocialIntent = 'sign_in' | 'link';
type Flow = {
  provider: SocialProvider;
  state: string;
  intent: SocialIntent;
  returnTo: string;
  expiresAt: number;
};
export type SocialPending = {
  kind: 'join' | 'link';
  provider: SocialProvider;
  pendingToken: string;
  profile: SocialProfileView;
  returnTo: string;
  expiresAt: number;
};

let sealer: Sealer | undefined;
const sealerOf = () => {
  sealer ??= createSealer(sessionSecretFromEnv(), 'social-sign-in');
  return sealer;
};
const now = () => Math.floor(Date.now() / 1000);

function setSealed(visitor: Visitor, name: string, value: unknown, maxAge: number) {
  visitor.responseCookies.push(
    serializeCookie(name, sealerOf().seal(value), { maxAge, secure: visitor.secure }),
  );
}

function readSealed<T extends { expiresAt: number }>(visitor: Visitor, name: string): T | undefined {
  const value = sealerOf().unseal<T>(visitor.cookies[name]);
  return value && typeof value === 'object' && value.expiresAt > now() ? value : undefined;
}

function drop(visitor: Visitor, name: string) {
  if (visitor.cookies[name] !== undefined) visitor.responseCookies.push(clearCookie(name, visitor.secure));
}

/** The providers the visitor's pricing segment offers (apple_sign_in, google_sign_in). */
export function socialProvidersOn(site: Pick<Site, 'capabilities'>): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((p) => site.capabilities.includes(SOCIAL_PROVIDER_CAPABILITY[p]));
}

/**
 * Starts a sign-in (or a link) at the provider: POST /v2/social-authentication/{provider}/start, then
 * the browser goes to its sign-in page. A link needs a recent step-up (403 REQUIRED is thrown on).
 */
export async function startSocialSignIn(
  visitor: Visitor,
  provider: SocialProvider,
  intent: SocialIntent,
  returnTo: string,
): Promise<Response> {
  const path = `/social-authentication/${provider}/start`;
  const options = { method: 'POST', body: { intent } } as const;
  const { result } =
    intent === 'link'
      ? await customerRequest(SocialStartSchema, visitor, path, options)
      : await api.request(SocialStartSchema, 'main', path, { ...options, caller: callerOf(visitor) });
  const state = stateOfAuthorizationUrl(result.authorizationUrl);
  if (!state) throw new Error('the provider sign-in address carries no state');
  const flow: Flow = {
    provider,
    state,
    intent,
    returnTo: safeRedirectTo(returnTo),
    expiresAt: now() + FLOW_SECONDS,
  };
  setSealed(visitor, FLOW_COOKIE, flow, FLOW_SECONDS);
  return redirect(result.authorizationUrl);
}

/** Apple's posted answer, kept for the redirect to this page that reads it with the visitor's cookies. */
export function holdPostedAnswer(visitor: Visitor, answer: SocialAnswer) {
  setSealed(visitor, ANSWER_COOKIE, { answer, expiresAt: now() + ANSWER_SECONDS }, ANSWER_SECONDS);
}

export function takePostedAnswer(visitor: Visitor): SocialAnswer | undefined {
  const held = readSealed<{ answer: SocialAnswer; expiresAt: number }>(visitor, ANSWER_COOKIE);
  drop(visitor, ANSWER_COOKIE);
  return held?.answer;
}

export function socialPending(visitor: Visitor, kind: SocialPending['kind']): SocialPending | undefined {
  const pending = readSealed<SocialPending>(visitor, PENDING_COOKIE);
  return pending?.kind === kind ? pending : undefined;
}

export function dropSocialPending(visitor: Visitor) {
  drop(visitor, PENDING_COOKIE);
}

const failureMessage = (provider: SocialProvider) =>
  `Signing in with ${SOCIAL_LABEL[provider]} did not work. Nothing was changed: please try again, or sign in with your email and password.`;

/** Where a failed answer is told: Login and security for a link, else the sign-in page. */
function failed(visitor: Visitor, intent: SocialIntent, message: string): Response {
  flash(visitor, { level: 'error', message });
  return redirect(intent === 'link' ? SECURITY_PATH : '/login');
}

/** The message of a failed start or answer: the API's words, or the provider being down (503). */
export function socialFailureMessage(error: unknown, provider: SocialProvider): string {
  if (error instanceof ApiError) return error.message || failureMessage(provider);
  if (error instanceof Response && error.status === 503) {
    return `${SOCIAL_LABEL[provider]} is not answering at the moment. Please try again later or sign in with your email and password.`;
  }
  throw error;
}

/**
 * The provider's answer: checked to belong to the sign-in this browser started, posted to
 * POST /v2/social-authentication/{provider}/callback, and followed by its outcome.
 */
export async function landSocialAnswer(
  visitor: Visitor,
  provider: SocialProvider,
  answer: SocialAnswer,
): Promise<Response> {
  const flow = readSealed<Flow>(visitor, FLOW_COOKIE);
  drop(visitor, FLOW_COOKIE);
  if (!flow || flow.provider !== provider || flow.state !== answer.state) {
    return failed(
      visitor,
      visitor.signedIn ? 'link' : 'sign_in',
      `This ${SOCIAL_LABEL[provider]} answer does not belong to a sign-in started in this browser, or it took too long. Nothing was changed: please start again.`,
    );
  }
  const path = `/social-authentication/${provider}/callback`;
  const options = { method: 'POST', body: { ...answer, fingerprint: visitor.fingerprint } } as const;
  let result: SocialCallbackResult;
  try {
    result =
      flow.intent === 'link'
        ? (await customerRequest(SocialCallbackResultSchema, visitor, path, options)).result
        : (
            await api.request(SocialCallbackResultSchema, 'main', path, {
              ...options,
              caller: { ...callerOf(visitor), customerToken: undefined },
            })
          ).result;
  } catch (error) {
    if (isTwoFactorRequired(error)) {
      const challengeId = challengeIdOf(error);
      if (challengeId) {
        holdPendingSignIn(visitor, {
          kind: 'login',
          challengeId,
          redirect: flow.returnTo,
          ...challengeOf(error),
        });
        return redirect('/login?step=code');
      }
    }
    return failed(visitor, flow.intent, socialFailureMessage(error, provider));
  }
  return followOutcome(visitor, provider, flow, result);
}

async function followOutcome(
  visitor: Visitor,
  provider: SocialProvider,
  flow: Flow,
  result: SocialCallbackResult,
): Promise<Response> {
  const label = SOCIAL_LABEL[provider];
  switch (result.outcome) {
    case 'signed_in':
      return completeSignIn(visitor, result.login, flow.returnTo);
    case 'linked':
      flash(visitor, { level: 'success', message: `Your ${label} account is now linked.` });
      return redirect(SECURITY_PATH);
    case 'join_required':
    case 'account_exists': {
      const kind = result.outcome === 'join_required' ? 'join' : 'link';
      const pending: SocialPending = {
        kind,
        provider,
        pendingToken: result.pendingToken,
        profile: result.profile,
        returnTo: flow.returnTo,
        expiresAt: now() + PENDING_SECONDS,
      };
      setSealed(visitor, PENDING_COOKIE, pending, PENDING_SECONDS);
      // The join form is this page without the provider's answer in its address.
      if (kind === 'join') return redirect(`/social-authentication/${provider}`);
      const back = flow.returnTo === '/my-account' ? '' : `?redirectTo=${encodeURIComponent(flow.returnTo)}`;
      return redirect(`/login${back}`);
    }
  }
}

/** POST /v2/social-authentication/join: the sign-up with the provider's email and no password. */
export async function joinWithProvider(
  visitor: Visitor,
  pending: SocialPending,
  fields: Record<string, unknown>,
  welcome: string,
): Promise<Response> {
  const { result } = await api.request(LoginResultSchema, 'main', '/social-authentication/join', {
    method: 'POST',
    body: { ...fields, pendingToken: pending.pendingToken },
    caller: { ...callerOf(visitor), customerToken: undefined },
  });
  dropSocialPending(visitor);
  flash(visitor, {
    level: 'success',
    title: welcome,
    message: `You can now sign in with ${SOCIAL_LABEL[pending.provider]}.`,
  });
  return completeSignIn(visitor, result, pending.returnTo);
}

/**
 * After a password sign-in in the browser that was told an account has the provider's email: links
 * the provider with the answer's pending token (POST /v2/social-authentication/link) and says so.
 */
export async function linkPendingAfterSignIn(visitor: Visitor): Promise<void> {
  const pending = socialPending(visitor, 'link');
  if (!pending) return;
  dropSocialPending(visitor);
  const label = SOCIAL_LABEL[pending.provider];
  try {
    await customerRequest(SocialIdentitiesSchema, visitor, '/social-authentication/link', {
      method: 'POST',
      body: { pendingToken: pending.pendingToken },
    });
    flash(visitor, { level: 'success', message: `Your ${label} account is now linked.` });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    flash(visitor, { level: 'error', message: `Your ${label} account was not linked: ${error.message}` });
  }
}
