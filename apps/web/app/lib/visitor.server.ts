/**
 * Who is visiting: read once per request by the root middleware from cookies and the page's link
 * parameters, and handed to loaders through the router context.
 */
import { randomUUID } from 'node:crypto';
import { EmptyResultSchema } from '@drawhouse/contract';
import { cleanIdentifier, MISSING_REFRESH_TOKEN } from '@drawhouse/domain';
import { createContext, type MiddlewareFunction } from 'react-router';
import { type ApiCaller, api } from './api.server';
import { ONE_YEAR_SECONDS, parseCookies, serializeCookie } from './cookies';
import { applyLinkParameters, type LinkParameters } from './link-parameters';
import { checkOrigin } from './origin.server';
import {
  accessTokenWithoutRefresh,
  type CustomerSession,
  clearCookie,
  DEVICE_COOKIE,
  FLASH_COOKIE,
  type Flash,
  flashCookie,
  parseFlash,
  SESSION_COOKIE,
  SESSION_ENDED_FLASH,
  SLIDE_AFTER_SECONDS,
  sessionCookie,
  unsealDevice,
  unsealSession,
} from './session.server';
import { sessionTimeoutSeconds } from './session-timeout.server';

/** A new session id after 30 minutes without a request. */
export const SESSION_INACTIVITY_SECONDS = 30 * 60;

export type Visitor = {
  requestId: string;
  /** The visitor's address, as the web server saw it (server.mjs sets X-Forwarded-For). */
  clientAddress?: string;
  sessionId: string;
  deviceId: string;
  /** The pricing name from cookie `pricing` when it is an identifier, else the site's default. */
  pricing: string;
  /** A customer id and an access token both present. */
  signedIn: boolean;
  customerToken?: string;
  customerId?: string;
  /** The sealed session of a signed-in visitor; change it with setSession / endSession. */
  session?: CustomerSession;
  /** What to do with the session cookie when the response leaves. */
  sessionWrite?: 'set' | 'clear';
  /** The device's remembered 2FA fingerprint. */
  fingerprint?: string;
  /** The path and query of the page (without React Router's .data suffix), for redirects back. */
  path: string;
  secure: boolean;
  /** The flash message the page shows once; cleared when a page showed it. */
  flash?: Flash;
  flashShown?: boolean;
  /** Set-Cookie values that loaders and actions add to the response. */
  responseCookies: string[];
  cookies: Record<string, string>;
  link: LinkParameters;
  /** ?clear_cache on the page: drop cached API answers. */
  clearCache: boolean;
};

export const DEFAULT_PRICING = 'default';

export const visitorContext = createContext<Visitor | null>(null);

/**
 * Cookies are Secure in production when the page was served over HTTPS (directly or behind a proxy
 * that says so); a plain-HTTP production run on a private address keeps working.
 */
export function secureCookies(request: Request): boolean {
  return secureCookiesFor(request.url, request.headers.get('X-Forwarded-Proto'));
}

/** `secureCookies` from the page's URL and its X-Forwarded-Proto header. */
export function secureCookiesFor(url: string, forwardedProto: string | null | undefined): boolean {
  if (process.env.NODE_ENV !== 'production') return false;
  const forwarded = forwardedProto?.split(',')[0]?.trim();
  return (forwarded ?? new URL(url).protocol.replace(':', '')) === 'https';
}

/** The page's path and query as the visitor sees it: React Router's data requests add `.data` and `_routes`. */
export function pagePath(url: URL): string {
  let pathname = url.pathname;
  if (pathname.endsWith('.data')) {
    pathname = pathname.slice(0, -'.data'.length);
    if (pathname === '/_root') pathname = '/';
  }
  const search = new URLSearchParams(url.search);
  search.delete('_routes');
  const query = search.toString();
  return `${pathname || '/'}${query ? `?${query}` : ''}`;
}

/** The cookies that name an anonymous visit and device, and nothing else: no page depends on their values. */
export const IDENTITY_COOKIES: ReadonlySet<string> = new Set(['session_id', 'device_id']);

/**
 * The visit's and the device's ids, and the cookies that keep them: the visit's slides forward with
 * every request (30 minutes), the device's is set once for a year.
 */
export function identityCookies(
  cookies: Record<string, string>,
  secure: boolean,
): { sessionId: string; deviceId: string; setCookies: string[] } {
  const sessionId = cleanIdentifier(cookies.session_id) ?? randomUUID();
  const setCookies = [
    serializeCookie('session_id', sessionId, { maxAge: SESSION_INACTIVITY_SECONDS, secure }),
  ];
  let deviceId = cleanIdentifier(cookies.device_id);
  if (!deviceId) {
    deviceId = randomUUID();
    setCookies.push(serializeCookie('device_id', deviceId, { maxAge: ONE_YEAR_SECONDS, secure }));
  }
  return { sessionId, deviceId, setCookies };
}

export function readVisitor(
  request: Request,
  nowSeconds = Math.floor(Date.now() / 1000),
): { visitor: Visitor; setCookies: string[]; orphanedAccessToken?: string } {
  const url = new URL(request.url);
  const cookies = parseCookies(request.headers.get('Cookie'));
  const secure = secureCookies(request);
  const session = unsealSession(cookies[SESSION_COOKIE], nowSeconds);
  const signedIn = session !== undefined;
  // A browser loading a page asks for HTML; React Router's data requests (revalidation) do not.
  const accept = request.headers.get('Accept');
  const pageLoad = !accept || accept.includes('text/html');
  const { parameters, setCookies } = applyLinkParameters(url, cookies, { signedIn, secure, pageLoad });
  // A session cookie that is no longer good (expired, tampered, old key) is removed.
  if (!session && cookies[SESSION_COOKIE] !== undefined) setCookies.push(clearCookie(SESSION_COOKIE, secure));
  // One that lost its refresh token could never be renewed: the customer is signed out and told.
  const orphanedAccessToken = session
    ? undefined
    : accessTokenWithoutRefresh(cookies[SESSION_COOKIE], nowSeconds);
  if (orphanedAccessToken) setCookies.push(flashCookie(SESSION_ENDED_FLASH, secure));

  const { sessionId, deviceId, setCookies: identity } = identityCookies(cookies, secure);
  setCookies.push(...identity);

  return {
    visitor: {
      requestId: cleanIdentifier(request.headers.get('X-Request-Id')) ?? randomUUID(),
      clientAddress: request.headers.get('X-Forwarded-For')?.split(',')[0]?.trim() || undefined,
      sessionId,
      deviceId,
      pricing: cleanIdentifier(cookies.pricing) ?? DEFAULT_PRICING,
      signedIn,
      customerToken: session?.accessToken,
      customerId: session?.customerId,
      session,
      fingerprint: session?.fingerprint ?? unsealDevice(cookies[DEVICE_COOKIE]),
      path: pagePath(url),
      secure,
      flash: orphanedAccessToken ? SESSION_ENDED_FLASH : parseFlash(cookies[FLASH_COOKIE]),
      responseCookies: [],
      cookies,
      link: parameters,
      clearCache: url.searchParams.has('clear_cache'),
    },
    setCookies,
    orphanedAccessToken,
  };
}

const NO_COOKIE_PATHS = /^\/(cms\/files\/|robots\.txt$|sitemap\.xml$)/;

/** Sign a customer in (or swap their tokens) for this request and the cookie it answers with. */
export function setSession(visitor: Visitor, session: CustomerSession): void {
  visitor.session = session;
  visitor.signedIn = true;
  visitor.customerToken = session.accessToken;
  visitor.customerId = session.customerId;
  if (session.fingerprint) visitor.fingerprint = session.fingerprint;
  visitor.sessionWrite = 'set';
}

/** Sign the customer out: the session cookie is removed when the response leaves. */
export function endSession(visitor: Visitor): void {
  visitor.session = undefined;
  visitor.signedIn = false;
  visitor.customerToken = undefined;
  visitor.customerId = undefined;
  visitor.sessionWrite = 'clear';
}

/** The cookies the session needs on this response: a new or cleared session, or its expiry slid forward. */
async function sessionCookies(visitor: Visitor, nowSeconds: number): Promise<string[]> {
  if (visitor.sessionWrite === 'clear') return [clearCookie(SESSION_COOKIE, visitor.secure)];
  const session = visitor.session;
  if (!session) return [];
  const timeout = await sessionTimeoutSeconds(visitor);
  if (visitor.sessionWrite === 'set' || session.expiresAt - nowSeconds < timeout - SLIDE_AFTER_SECONDS) {
    // Activity keeps the session alive: it ends `timeout` seconds after the last request.
    const slid = { ...session, expiresAt: nowSeconds + timeout };
    return [sessionCookie(slid, nowSeconds, visitor.secure)];
  }
  return [];
}

export const visitorMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const refused = checkOrigin(request);
  if (refused) return refused;
  const { visitor, setCookies, orphanedAccessToken } = readVisitor(request);
  if (orphanedAccessToken) await endOrphanedSession(visitor, orphanedAccessToken);
  context.set(visitorContext, visitor);
  const response = await next();
  // Files, robots.txt and sitemap.xml stay cacheable: no cookies on them.
  if (NO_COOKIE_PATHS.test(new URL(request.url).pathname)) return response;
  const personal = visitor.session !== undefined || visitor.sessionWrite !== undefined;
  const cookies = [...setCookies, ...(await sessionCookies(visitor, Math.floor(Date.now() / 1000)))];
  cookies.push(...visitor.responseCookies);
  // A flash message is shown once: by the first page that rendered it.
  if (visitor.flash && visitor.flashShown && response.status < 300) {
    cookies.push(clearCookie(FLASH_COOKIE, visitor.secure));
  }
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie);
  if (personal) {
    response.headers.set('Cache-Control', 'private, no-store');
    response.headers.append('Vary', 'Cookie');
  }
  return response;
};

/** Signs out, at the API too, a session that has no refresh token left (best effort: it may be over already). */
async function endOrphanedSession(visitor: Visitor, accessToken: string): Promise<void> {
  console.error(MISSING_REFRESH_TOKEN);
  try {
    await api.request(EmptyResultSchema, 'main', '/logout', {
      caller: { ...callerOf(visitor), customerToken: accessToken },
      cacheMs: 0,
    });
  } catch {
    // A session the API has ended already needs nothing more.
  }
}

type ContextReader = { get<T>(key: import('react-router').RouterContext<T>): T };

export function visitorOf(context: ContextReader): Visitor {
  const visitor = context.get(visitorContext);
  if (!visitor) throw new Error('the visitor middleware did not run');
  return visitor;
}

/**
 * The caller for site-wide data (configuration, catalogue, content): never the customer's token,
 * so these answers stay shared and cached and an expired token cannot break the page shell.
 */
export function publicCallerOf(visitor: Visitor): ApiCaller {
  return { ...callerOf(visitor), customerToken: undefined, customerId: undefined };
}

/** The caller for the visitor's own calls: with the customer's access token when signed in. */
export function callerOf(visitor: Visitor): ApiCaller {
  return {
    requestId: visitor.requestId,
    sessionId: visitor.sessionId,
    deviceId: visitor.deviceId,
    subVariant: visitor.link.subVariant,
    customerToken: visitor.customerToken,
    customerId: visitor.customerId,
    clientAddress: visitor.clientAddress,
  };
}
