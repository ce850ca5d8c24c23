/**
 * The browser session's edges: when a failed page-chunk load reloads the app, when the heartbeat
 * pings, when a visit has been idle long enough to count as a new session, and what the shop says
 * when a signed-in session cannot go on.
 */

/** An app open longer than this reloads when a page chunk fails to load (a new release is out). */
export const CHUNK_RELOAD_AFTER_MS = 864e5;
/** Idle this long and the next activity starts a new session (a new session id). */
export const SESSION_INACTIVITY_MS = 1_800_000;
/** The heartbeat's period. */
export const HEARTBEAT_MS = 60_000;

const CHUNK_ERROR = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk [\w-]+ failed/i,
];

/** Whether an error is a page chunk (a script or stylesheet of the build) that failed to load. */
export function isChunkLoadError(error: unknown): boolean {
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : String(error ?? '');
  return CHUNK_ERROR.some((pattern) => pattern.test(message));
}

/**
 * Reload on a failed page-chunk load only when the app has been open over 24 hours: the chunk is
 * most likely gone with a newer release. A younger app shows its error page (reloading could loop).
 */
export function shouldReloadOnChunkError(error: unknown, openedAtMs: number, nowMs: number): boolean {
  return isChunkLoadError(error) && nowMs - openedAtMs > CHUNK_RELOAD_AFTER_MS;
}

/** The heartbeat pings when the visitor was active within `activeTimeoutSeconds`. */
export function heartbeatDue(lastActiveMs: number, nowMs: number, activeTimeoutSeconds: number): boolean {
  return nowMs - lastActiveMs <= activeTimeoutSeconds * 1000;
}

/** Activity after 30 minutes or more of none starts a new session. */
export function startsNewSession(lastActiveMs: number, nowMs: number): boolean {
  return nowMs - lastActiveMs >= SESSION_INACTIVITY_MS;
}

/** A renewal that carried a one-time code (the step-up) was refused: the customer may try again. */
export const AUTH_REFRESH_FAILED = {
  code: 'AUTH_REFRESH_FAILED',
  message: 'Authentication refresh failed. Please try again.',
  level: 'error',
} as const;

/** Raised, and the customer signed out, when a session has no refresh token to renew with. */
export const MISSING_REFRESH_TOKEN = 'Missing refresh token when trying to call the /refresh endpoint';

/** The unauthorised state: what the sign-in page says to a customer whose session was ended for them. */
export const SESSION_ENDED = {
  title: 'You have been signed out',
  message: 'Your session has ended. Please sign in again.',
} as const;
