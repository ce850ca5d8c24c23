/**
 * The customer session the web server keeps for a signed-in visitor, and its token refresh: the
 * API's tokens in one sealed, httpOnly, SameSite=Lax cookie that expires at the site's session
 * timeout. The browser never sees the tokens.
 */
import { SESSION_ENDED } from '@drawhouse/domain';
import { serializeCookie } from './cookies';
import { createSealer, type Sealer, sessionSecretFromEnv } from './seal.server';

export const SESSION_COOKIE = 'dh_session';
/** The device's 2FA fingerprint outlives the session, so a remembered device skips the code. */
export const DEVICE_COOKIE = 'dh_device';
/** A sign-in waiting for its one-time code: the API's challenge id, never a password or a link's token. */
export const PENDING_COOKIE = 'dh_pending';
/** The protected page a signed-out visitor was sent away from, for after they sign in. */
export const RETURN_TO_COOKIE = 'dh_return_to';
/** A one-off message for the next page, shown in the notification stack. */
export const FLASH_COOKIE = 'dh_flash';

export const DEFAULT_SESSION_TIMEOUT_SECONDS = 3600;
export const PENDING_LIFETIME_SECONDS = 10 * 60;
export const DEVICE_COOKIE_SECONDS = 90 * 24 * 60 * 60;
/** The cookie's expiry slides forward at most once a minute, so most pages set no cookie. */
export const SLIDE_AFTER_SECONDS = 60;

export type CustomerSession = {
  accessToken: string;
  refreshToken: string;
  customerId: string;
  deviceUuid?: string;
  fingerprint?: string;
  /** Unix seconds: the session ends here unless a request slides it forward. */
  expiresAt: number;
};

/** How the API asked for the code: the method and where the code went (a masked address). */
export type PendingChallenge = { method?: string; identifier?: string };

/**
 * A sign-in waiting for its code: the form it came from, the challenge id the API answered with (the
 * code goes with it to POST /v2/login/code), where to go after, and what the code form shows. The
 * password (or a sign-in link's token) went in the first request only and is never kept.
 */
export type PendingSignIn = PendingChallenge & {
  kind: 'login' | 'autologin';
  challengeId: string;
  redirect: string;
  expiresAt: number;
};

export type Flash = { id: string; title?: string; message: string; level: 'success' | 'error' | 'info' };

type Sealers = { session: Sealer; pending: Sealer; device: Sealer };
let sealers: Sealers | undefined;

function sealersOf(): Sealers {
  if (!sealers) {
    const secret = sessionSecretFromEnv();
    sealers = {
      session: createSealer(secret, 'session'),
      pending: createSealer(secret, 'pending'),
      device: createSealer(secret, 'device'),
    };
  }
  return sealers;
}

/** For tests: seal with this secret instead of the environment's. */
export function setSessionSecretForTests(secret: string): void {
  sealers = {
    session: createSealer(secret, 'session'),
    pending: createSealer(secret, 'pending'),
    device: createSealer(secret, 'device'),
  };
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length < 4096;
}

export function sealSession(session: CustomerSession): string {
  return sealersOf().session.seal(session);
}

/** The session in the cookie, when it was sealed by us, is whole and has not expired. */
export function unsealSession(value: string | undefined, nowSeconds: number): CustomerSession | undefined {
  const session = unsealLive(value, nowSeconds);
  if (!session) return undefined;
  const { accessToken, refreshToken, customerId, expiresAt } = session;
  if (!isNonEmptyString(accessToken) || !isNonEmptyString(refreshToken) || !isNonEmptyString(customerId)) {
    return undefined;
  }
  if (typeof expiresAt !== 'number') return undefined;
  return {
    accessToken,
    refreshToken,
    customerId,
    deviceUuid: isNonEmptyString(session.deviceUuid) ? session.deviceUuid : undefined,
    fingerprint: isNonEmptyString(session.fingerprint) ? session.fingerprint : undefined,
    expiresAt,
  };
}

function unsealLive(value: string | undefined, nowSeconds: number): Partial<CustomerSession> | undefined {
  const session = sealersOf().session.unseal<Partial<CustomerSession>>(value);
  if (!session || typeof session !== 'object') return undefined;
  const { expiresAt } = session;
  return typeof expiresAt === 'number' && expiresAt > nowSeconds ? session : undefined;
}

/**
 * The access token of a live session we sealed that has lost its refresh token: it cannot be renewed,
 * so the customer is signed out (MISSING_REFRESH_TOKEN). Undefined for any other cookie.
 */
export function accessTokenWithoutRefresh(value: string | undefined, nowSeconds: number): string | undefined {
  const session = unsealLive(value, nowSeconds);
  if (!session || isNonEmptyString(session.refreshToken) || !isNonEmptyString(session.customerId))
    return undefined;
  return isNonEmptyString(session.accessToken) ? session.accessToken : undefined;
}

export function sessionCookie(session: CustomerSession, nowSeconds: number, secure: boolean): string {
  return serializeCookie(SESSION_COOKIE, sealSession(session), {
    maxAge: Math.max(0, session.expiresAt - nowSeconds),
    secure,
  });
}

export function clearCookie(name: string, secure: boolean, path = '/'): string {
  return serializeCookie(name, '', { maxAge: 0, secure, path });
}

/** Only the fields of a pending sign-in: whatever else an object carries is never sealed. */
function pendingFields(pending: PendingSignIn): PendingSignIn {
  const { kind, challengeId, redirect, expiresAt, method, identifier } = pending;
  return {
    kind,
    challengeId,
    redirect,
    expiresAt,
    ...(isNonEmptyString(method) ? { method } : {}),
    ...(isNonEmptyString(identifier) ? { identifier } : {}),
  };
}

export function sealPending(pending: PendingSignIn): string {
  return sealersOf().pending.seal(pendingFields(pending));
}

/** The pending sign-in in the cookie while it lasts; one of an older shape (no challenge id) is ignored. */
export function unsealPending(value: string | undefined, nowSeconds: number): PendingSignIn | undefined {
  const pending = sealersOf().pending.unseal<Partial<PendingSignIn>>(value);
  if (!pending || typeof pending !== 'object') return undefined;
  const { kind, challengeId, redirect, expiresAt } = pending;
  if (typeof expiresAt !== 'number' || expiresAt <= nowSeconds) return undefined;
  if (kind !== 'login' && kind !== 'autologin') return undefined;
  if (!isNonEmptyString(challengeId) || typeof redirect !== 'string') return undefined;
  return pendingFields({ ...pending, kind, challengeId, redirect, expiresAt });
}

export function pendingCookie(pending: PendingSignIn, secure: boolean): string {
  return serializeCookie(PENDING_COOKIE, sealPending(pending), {
    maxAge: PENDING_LIFETIME_SECONDS,
    secure,
  });
}

export function deviceCookie(fingerprint: string, secure: boolean): string {
  return serializeCookie(DEVICE_COOKIE, sealersOf().device.seal({ fingerprint }), {
    maxAge: DEVICE_COOKIE_SECONDS,
    secure,
  });
}

export function unsealDevice(value: string | undefined): string | undefined {
  const device = sealersOf().device.unseal<{ fingerprint?: unknown }>(value);
  return isNonEmptyString(device?.fingerprint) ? device.fingerprint : undefined;
}

/** The unauthorised state: shown on the next page to a customer whose session was ended for them. */
export const SESSION_ENDED_FLASH: Flash = { id: 'session-ended', level: 'error', ...SESSION_ENDED };

export function flashCookie(flash: Flash, secure: boolean): string {
  return serializeCookie(FLASH_COOKIE, JSON.stringify(flash), { maxAge: 60, secure });
}

export function parseFlash(value: string | undefined): Flash | undefined {
  if (!value || value.length > 2048) return undefined;
  try {
    const flash = JSON.parse(value) as Partial<Flash>;
    if (typeof flash.message !== 'string' || typeof flash.id !== 'string') return undefined;
    const level = flash.level === 'error' || flash.level === 'success' ? flash.level : 'info';
    return {
      id: flash.id.slice(0, 64),
      title: typeof flash.title === 'string' ? flash.title.slice(0, 200) : undefined,
      message: flash.message.slice(0, 500),
      level,
    };
  } catch {
    return undefined;
  }
}

/** The payload of a JWT, read without checking its signature (the API checks it; we only compare ids). */
export function decodeJwtPayload(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as unknown;
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The customer id an access token names (`sub`), as text. */
export function tokenCustomerId(accessToken: string): string | undefined {
  const sub = decodeJwtPayload(accessToken)?.sub;
  if (typeof sub === 'string' && sub !== '') return sub;
  if (typeof sub === 'number' && Number.isFinite(sub)) return String(sub);
  return undefined;
}

/** Unix seconds when the access token expires, when it says. */
export function tokenExpiresAt(accessToken: string): number | undefined {
  const exp = decodeJwtPayload(accessToken)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
}

export type RefreshResult = {
  accessToken?: unknown;
  refreshToken?: unknown;
  deviceUuid?: unknown;
  customerId?: unknown;
};

/**
 * Token refresh: both returned tokens must decode and name the current customer. The access
 * token names it in `sub`; the opaque refresh token through `customer_id` beside it. Returns the
 * new pair, or undefined when the customer must be signed out.
 */
export function checkRefreshResult(
  currentCustomerId: string,
  result: RefreshResult | undefined,
): { accessToken: string; refreshToken: string; deviceUuid?: string } | undefined {
  if (!result) return undefined;
  const { accessToken, refreshToken, deviceUuid, customerId } = result;
  if (!isNonEmptyString(accessToken) || !isNonEmptyString(refreshToken)) return undefined;
  if (tokenCustomerId(accessToken) !== currentCustomerId) return undefined;
  const resultCustomer =
    typeof customerId === 'number' ? String(customerId) : typeof customerId === 'string' ? customerId : '';
  if (resultCustomer !== currentCustomerId) return undefined;
  return { accessToken, refreshToken, deviceUuid: isNonEmptyString(deviceUuid) ? deviceUuid : undefined };
}

/** A new session from a login result, when its access token names the customer it came with. */
export function sessionFromLogin(
  result: {
    accessToken?: unknown;
    refreshToken?: unknown;
    deviceUuid?: unknown;
    fingerprint?: unknown;
    customer?: { customerId?: unknown } | null;
  },
  timeoutSeconds: number,
  nowSeconds: number,
): CustomerSession | undefined {
  const { accessToken, refreshToken } = result;
  if (!isNonEmptyString(accessToken) || !isNonEmptyString(refreshToken)) return undefined;
  const fromToken = tokenCustomerId(accessToken);
  const raw = result.customer?.customerId;
  const fromCustomer = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : undefined;
  const customerId = fromToken ?? fromCustomer;
  if (!customerId || (fromCustomer !== undefined && fromCustomer !== customerId)) return undefined;
  return {
    accessToken,
    refreshToken,
    customerId,
    deviceUuid: isNonEmptyString(result.deviceUuid) ? result.deviceUuid : undefined,
    fingerprint: isNonEmptyString(result.fingerprint) ? result.fingerprint : undefined,
    expiresAt: nowSeconds + timeoutSeconds,
  };
}
