/**
 * Calls made for a signed-in customer: a 401, or a 403 other than the step-up code REQUIRED, refreshes the tokens once and retries once;
 * a refresh that fails, or whose tokens name another customer, signs the customer out and sends
 * them to /login. Concurrent requests of one browser share a refresh (refresh tokens are single
 * use: a second use would revoke the whole session).
 */
import { createHash } from 'node:crypto';
import {
  type CustomerAccountOverview,
  CustomerAccountOverviewSchema,
  EmptyResultSchema,
  type LoginResult,
  RefreshResultSchema,
} from '@drawhouse/contract';
import { redirect } from 'react-router';
import type { AccountSummary } from './account-summary';
import {
  type Answer,
  type AnswerSchema,
  type ApiEnvelope,
  ApiError,
  api,
  type RequestOptions,
  type ServiceName,
} from './api.server';
import { serializeCookie } from './cookies';
import { once } from './in-flight.server';
import { loginUrlFor, safeRedirectTo } from './redirect-to';
import {
  checkRefreshResult,
  deviceCookie,
  type Flash,
  flashCookie,
  RETURN_TO_COOKIE,
  type RefreshResult,
  SESSION_ENDED_FLASH,
  sessionFromLogin,
  tokenExpiresAt,
} from './session.server';
import { sessionTimeoutSeconds } from './session-timeout.server';
import { callerOf, endSession, setSession, type Visitor } from './visitor.server';

export const STEP_UP_CODE = 'REQUIRED';

export function isStepUpRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === STEP_UP_CODE;
}

/** 401 answers about what was sent (a wrong code or password), not about the session's token. */
const NOT_ABOUT_THE_TOKEN = /^(2fa_|invalid_credentials$|incorrect_password$|invalid_password$)/;

function isAuthFailure(error: unknown): boolean {
  if (!(error instanceof ApiError) || NOT_ABOUT_THE_TOKEN.test(error.code)) return false;
  return error.status === 401 || (error.status === 403 && error.code !== STEP_UP_CODE);
}

/**
 * Signed out: to /login, coming back to this page afterwards. The page is in the link
 * (?redirectTo=) and, for a visitor who opens the sign-in page again from the header, in a
 * short-lived cookie too.
 */
export function signInRedirect(visitor: Visitor): Response {
  const back = safeRedirectTo(visitor.path, '');
  const headers = new Headers();
  // A session the API refused (revoked, expired, renewed elsewhere) is told on the sign-in page.
  if (visitor.sessionWrite === 'clear')
    headers.append('Set-Cookie', flashCookie(SESSION_ENDED_FLASH, visitor.secure));
  if (back) {
    headers.append(
      'Set-Cookie',
      serializeCookie(RETURN_TO_COOKIE, back, { maxAge: RETURN_TO_SECONDS, secure: visitor.secure }),
    );
  }
  return redirect(loginUrlFor(visitor.path), { headers });
}

const RETURN_TO_SECONDS = 15 * 60;

/** Protected screens: a visitor who is not signed in goes to /login?redirectTo=<this page>. */
export function requireCustomer(visitor: Visitor): void {
  if (!visitor.signedIn) throw signInRedirect(visitor);
}

/** Refresh results by the refresh token that asked, kept a minute for requests sent alongside. */
function refreshWith(visitor: Visitor, refreshToken: string): Promise<RefreshResult | ApiError> {
  const key = `refresh:${createHash('sha256').update(refreshToken).digest('hex')}`;
  return once(
    key,
    async () => {
      try {
        const envelope = await api.request(RefreshResultSchema, 'main', '/refresh', {
          method: 'POST',
          body: { refreshToken, fingerprint: visitor.fingerprint },
          caller: { ...callerOf(visitor), customerToken: undefined },
        });
        return envelope.result;
      } catch (error) {
        // An answer the API gave (401 invalid_refresh_token...) ends the session; a 5xx or an API
        // that cannot be reached is the error page, and the session stays for the next try.
        if (error instanceof ApiError && error.status !== 408) return error;
        throw error;
      }
    },
    60_000,
  );
}

/**
 * New tokens for the visitor's session. False (and the session ended) when the API refused, or
 * the tokens it gave name another customer.
 */
export async function refreshSession(visitor: Visitor): Promise<boolean> {
  const session = visitor.session;
  if (!session) return false;
  const result = await refreshWith(visitor, session.refreshToken);
  const checked = result instanceof ApiError ? undefined : checkRefreshResult(session.customerId, result);
  if (!checked) {
    endSession(visitor);
    return false;
  }
  setSession(visitor, { ...session, ...checked, deviceUuid: checked.deviceUuid ?? session.deviceUuid });
  return true;
}

const EXPIRY_MARGIN_SECONDS = 15;

/**
 * A call as the signed-in customer. 401/403 (not REQUIRED): refresh and retry once; when that
 * fails the session ends and the visitor is redirected to /login. 403 REQUIRED is thrown for the
 * action to start the step-up.
 */
export async function customerRequest<S extends AnswerSchema>(
  schema: S,
  visitor: Visitor,
  path: string,
  options: Omit<RequestOptions, 'caller'> & { service?: ServiceName } = {},
): Promise<ApiEnvelope<Answer<S>>> {
  if (!visitor.session) throw signInRedirect(visitor);
  const { service = 'main', ...rest } = options;
  // An access token about to expire is swapped first, which saves a failed call.
  const expiresAt = tokenExpiresAt(visitor.session.accessToken);
  if (expiresAt !== undefined && expiresAt - EXPIRY_MARGIN_SECONDS < Date.now() / 1000) {
    if (!(await refreshSession(visitor))) throw signInRedirect(visitor);
  }
  const call = () => api.request(schema, service, path, { cacheMs: 0, ...rest, caller: callerOf(visitor) });
  try {
    return await call();
  } catch (error) {
    if (!isAuthFailure(error)) throw error;
  }
  if (!(await refreshSession(visitor))) throw signInRedirect(visitor);
  try {
    return await call();
  } catch (error) {
    if (isAuthFailure(error) && (error as ApiError).status === 401) {
      endSession(visitor);
      throw signInRedirect(visitor);
    }
    throw error;
  }
}

export async function customerGet<S extends AnswerSchema>(
  schema: S,
  visitor: Visitor,
  path: string,
  options: Omit<RequestOptions, 'caller' | 'method' | 'body'> & { service?: ServiceName } = {},
): Promise<Answer<S>> {
  return (await customerRequest(schema, visitor, path, options)).result;
}

/** GET /v2/customer, once per request. */
const overviews = new WeakMap<Visitor, Promise<CustomerAccountOverview>>();

export function loadCustomer(visitor: Visitor): Promise<CustomerAccountOverview> {
  let overview = overviews.get(visitor);
  if (!overview) {
    overview = customerGet(CustomerAccountOverviewSchema, visitor, '/customer');
    overviews.set(visitor, overview);
  }
  return overview;
}

/** Forget the overview read earlier in this request (after a change). */
export function forgetCustomer(visitor: Visitor): void {
  overviews.delete(visitor);
}

const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

export function accountSummary(customer: CustomerAccountOverview): AccountSummary {
  return {
    customerId: String(customer.customerId),
    firstname: customer.firstname ?? '',
    lastname: customer.lastname ?? '',
    email: customer.email ?? '',
    // What the customer can spend now (held money excluded), not the posted balance.
    balanceText: AUD.format(customer.availableFunds.amount),
    addressConfirmationRequired: customer.addressConfirmationRequired === true,
    emailAddressConfirmationRequired: customer.emailAddressConfirmationRequired === true,
    locationConfirmation:
      customer.countryBannedConfirmationRequired &&
      customer.locatedCountry &&
      customer.locationConfirmationText
        ? { countryCode: customer.locatedCountry, text: customer.locationConfirmationText }
        : null,
    spendLimitRequired: customer.spendLimitRequired,
    twoFactorEnabled: customer.twoFactorEnabled === true,
    experimentGroups: customer.experimentGroups,
  };
}

/**
 * A sign-in that succeeded: keep the tokens, device id and fingerprint in the session cookie; the
 * fingerprint also in the long-lived device cookie so a remembered device skips the code.
 * Throws when the result names no customer (an API fault).
 */
export async function startSession(visitor: Visitor, result: LoginResult): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const session = sessionFromLogin(result, await sessionTimeoutSeconds(visitor), now);
  if (!session) throw new Error('the login result carried no usable tokens');
  setSession(visitor, session);
  forgetCustomer(visitor);
  if (session.fingerprint) visitor.responseCookies.push(deviceCookie(session.fingerprint, visitor.secure));
}

/** Ends the session at the API (best effort) and in the cookie. */
export async function signOut(visitor: Visitor): Promise<void> {
  if (visitor.session) {
    try {
      await api.request(EmptyResultSchema, 'main', '/logout', { caller: callerOf(visitor), cacheMs: 0 });
    } catch {
      // An expired or revoked session is over already.
    }
  }
  endSession(visitor);
}

/** A message for the next page the visitor sees. */
export function flash(visitor: Visitor, message: Omit<Flash, 'id'>): void {
  visitor.responseCookies.push(
    flashCookie({ ...message, id: Math.random().toString(36).slice(2, 10) }, visitor.secure),
  );
}
