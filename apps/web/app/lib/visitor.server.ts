/**
 * Who is visiting: read once per request by the root middleware from cookies and the page's link
 * parameters, and handed to loaders through the router context.
 */
import { randomUUID } from 'node:crypto';
import { cleanIdentifier } from '@drawhouse/domain';
import { createContext, type MiddlewareFunction } from 'react-router';
import type { ApiCaller } from './api.server';
import { ONE_YEAR_SECONDS, parseCookies, serializeCookie } from './cookies';
import { applyLinkParameters, type LinkParameters } from './link-parameters';

/** A new session id after 30 minutes without a request (spec shopping side section 4, "Session"). */
export const SESSION_INACTIVITY_SECONDS = 30 * 60;

export type Visitor = {
  requestId: string;
  /** The visitor's address, as the web server saw it (server.mjs sets X-Forwarded-For). */
  clientAddress?: string;
  sessionId: string;
  deviceId: string;
  /** The pricing name from cookie `pricing` when it is an identifier, else the site's default. */
  pricing: string;
  signedIn: boolean;
  customerToken?: string;
  customerId?: string;
  cookies: Record<string, string>;
  link: LinkParameters;
  /** ?clear_cache on the page: drop cached API answers (spec section 9). */
  clearCache: boolean;
};

export const DEFAULT_PRICING = 'default';

export const visitorContext = createContext<Visitor | null>(null);

/**
 * Cookies are Secure in production when the page was served over HTTPS (directly or behind a proxy
 * that says so); a plain-HTTP production run on a private address keeps working.
 */
export function secureCookies(request: Request): boolean {
  if (process.env.NODE_ENV !== 'production') return false;
  const forwarded = request.headers.get('X-Forwarded-Proto')?.split(',')[0]?.trim();
  return (forwarded ?? new URL(request.url).protocol.replace(':', '')) === 'https';
}

export function readVisitor(request: Request): { visitor: Visitor; setCookies: string[] } {
  const url = new URL(request.url);
  const cookies = parseCookies(request.headers.get('Cookie'));
  const secure = secureCookies(request);
  // Sign-in comes with the account side; until then every visitor is anonymous.
  const signedIn = false;
  const { parameters, setCookies } = applyLinkParameters(url, cookies, { signedIn, secure });

  const sessionId = cleanIdentifier(cookies.session_id) ?? randomUUID();
  setCookies.push(serializeCookie('session_id', sessionId, { maxAge: SESSION_INACTIVITY_SECONDS, secure }));
  let deviceId = cleanIdentifier(cookies.device_id);
  if (!deviceId) {
    deviceId = randomUUID();
    setCookies.push(serializeCookie('device_id', deviceId, { maxAge: ONE_YEAR_SECONDS, secure }));
  }

  return {
    visitor: {
      requestId: cleanIdentifier(request.headers.get('X-Request-Id')) ?? randomUUID(),
      clientAddress: request.headers.get('X-Forwarded-For')?.split(',')[0]?.trim() || undefined,
      sessionId,
      deviceId,
      pricing: cleanIdentifier(cookies.pricing) ?? DEFAULT_PRICING,
      signedIn,
      cookies,
      link: parameters,
      clearCache: url.searchParams.has('clear_cache'),
    },
    setCookies,
  };
}

const NO_COOKIE_PATHS = /^\/(cms\/files\/|robots\.txt$|sitemap\.xml$)/;

export const visitorMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { visitor, setCookies } = readVisitor(request);
  context.set(visitorContext, visitor);
  const response = await next();
  // Files, robots.txt and sitemap.xml stay cacheable: no cookies on them.
  if (NO_COOKIE_PATHS.test(new URL(request.url).pathname)) return response;
  for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
  return response;
};

type ContextReader = { get<T>(key: import('react-router').RouterContext<T>): T };

export function visitorOf(context: ContextReader): Visitor {
  const visitor = context.get(visitorContext);
  if (!visitor) throw new Error('the visitor middleware did not run');
  return visitor;
}

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
