/**
 * Pages answered before React Router runs (ADR 041). The render cache (render-cache.server.ts) saves
 * the rendering, but it can only be asked once the router has matched the URL, run the middleware
 * and every loader; for a page that many anonymous visitors share, that work is most of the cost. So
 * the page an anonymous visitor was answered with is also kept here, by its URL, for a moment, and
 * the server (server.mjs) answers the next anonymous visitors of that URL from it straight away.
 *
 * What may be kept, strictly:
 * - a GET of a page without a query string (link parameters, paging, `clear_cache` and React
 *   Router's data requests all go through the router), whose Cookie header holds nothing but the
 *   visit's and the device's ids (no session, pending sign-in, cart, pricing, flash or banner
 *   cookie: anything else, known or not, goes through the router);
 * - answered 200 with a page the render cache could keep (no action data, no unexpected error),
 *   leaving with no cookie but those ids and nothing that says it is private.
 *
 * Each answer gets its own nonce (in the page and in its Content-Security-Policy) and its own id
 * cookies, as the router would have given it. A kept page is answered for FRONT_PAGE_MS; then one
 * request goes through the router to render it again while the others get the kept page for at most
 * FRONT_REFRESH_MS more, so a page answered from here is never more than a second older than the
 * data it was rendered from (ADR 038's bound counts it).
 */
import { parseCookies } from './cookies';
import { createNonce, type NoncedPage } from './page-nonce.server';
import { IDENTITY_COOKIES, identityCookies, secureCookiesFor } from './visitor.server';

/** How long a kept page is answered before the router renders it again. */
export const FRONT_PAGE_MS = 500;
/** How much longer the kept page is answered while one request renders it again. */
export const FRONT_REFRESH_MS = 500;
/** The header that marks an answer from this cache. */
export const FRONT_CACHE_HEADER = 'x-page-cache';

export type FrontRequest = {
  method: string;
  /** The page's absolute URL, as the router's request has it. */
  url: string;
  cookie: string | undefined;
  forwardedProto: string | undefined;
};

export type FrontAnswer = {
  status: number;
  /** Lower-case names, no Set-Cookie; the Content-Security-Policy carries this answer's nonce. */
  headers: [string, string][];
  setCookies: string[];
  /** The page with this answer's nonce: the server must not change it, and calls `done` once sent. */
  body: Uint8Array<ArrayBuffer>;
  /** The answer has left (or its connection closed): its body may serve another answer. */
  done(): void;
};

/**
 * Copies of a kept page made for answers are used again, each with the next answer's nonce written
 * where the last one stood: a new copy of the page per answer (memory outside the heap) made the
 * collector run full collections every few hundred requests.
 */
const COPIES_KEPT = 64;

/** A header value split where the page's nonce stood (`after` undefined when it holds none). */
type HeaderTemplate = readonly [name: string, before: string, after: string | undefined];
type Offer = { page: NoncedPage; nonce: string; at: number };
/** A kept page, its headers, when it was made, and copies of it free for answers. */
type Kept = {
  page: NoncedPage;
  headers: HeaderTemplate[];
  madeAt: number;
  refreshing: boolean;
  free: Uint8Array<ArrayBuffer>[];
};

/** True when every cookie in the header is one of the visit's or device's ids. */
function onlyIdentityCookies(header: string | null | undefined): boolean {
  if (!header) return true;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) {
      if (part.trim() === '') continue;
      return false;
    }
    if (!IDENTITY_COOKIES.has(part.slice(0, at).trim())) return false;
  }
  return true;
}

/** The key of a request that may be answered from (and kept in) the cache, else null. */
export function frontKey(method: string, url: string, cookie: string | null | undefined): string | null {
  if (method !== 'GET') return null;
  if (url.includes('?') || url.includes('#') || url.endsWith('.data')) return null;
  return onlyIdentityCookies(cookie) ? url : null;
}

function settableCookieName(setCookie: string): string {
  const at = setCookie.indexOf('=');
  return (at < 0 ? setCookie : setCookie.slice(0, at)).trim();
}

export class FrontCache {
  private readonly pages = new Map<string, Kept>();
  private readonly offers = new WeakMap<Request, Offer>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: { maxEntries: number; now?: () => number }) {
    this.maxEntries = options.maxEntries;
    this.now = options.now ?? Date.now;
  }

  /**
   * entry.server.tsx: the whole page this request is answered with (rendered with the stand-in
   * nonce) and the nonce of this answer. `keep` decides once the response is final.
   */
  offer(request: Request, page: NoncedPage, nonce: string): void {
    if (frontKey(request.method, request.url, request.headers.get('Cookie')) === null) return;
    this.offers.set(request, { page, nonce, at: this.now() });
  }

  /**
   * The server, with every response of the router as it leaves: keeps the page offered for it when
   * nothing in the answer is the visitor's own. A request that could have been answered from here
   * but was not kept drops what was kept for its URL: the URL answers differently now.
   */
  keep(request: Request, response: Response): boolean {
    const key = frontKey(request.method, request.url, request.headers.get('Cookie'));
    if (key === null) return false;
    const offer = this.offers.get(request);
    this.offers.delete(request);
    if (!offer || !keepable(response)) {
      this.pages.delete(key);
      return false;
    }
    const known = this.pages.get(key);
    // A slower request that began before the kept page was made does not replace it.
    if (known && known.madeAt > offer.at) return false;
    const headers: HeaderTemplate[] = [];
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie' || name === 'content-length') continue;
      const at = value.indexOf(offer.nonce);
      headers.push(
        at < 0 ? [name, value, undefined] : [name, value.slice(0, at), value.slice(at + offer.nonce.length)],
      );
    }
    this.pages.delete(key);
    this.pages.set(key, { page: offer.page, headers, madeAt: offer.at, refreshing: false, free: [] });
    while (this.pages.size > this.maxEntries) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.pages.delete(oldest);
    }
    return true;
  }

  /** The answer to a request from a kept page, or undefined: the router answers it. */
  answer(request: FrontRequest): FrontAnswer | undefined {
    const key = frontKey(request.method, request.url, request.cookie);
    if (key === null) return undefined;
    const kept = this.pages.get(key);
    if (!kept) return undefined;
    const age = this.now() - kept.madeAt;
    if (age >= FRONT_PAGE_MS + FRONT_REFRESH_MS) {
      this.pages.delete(key);
      return undefined;
    }
    if (age >= FRONT_PAGE_MS && !kept.refreshing) {
      // This request renders the page again; the others get the kept one meanwhile.
      kept.refreshing = true;
      return undefined;
    }
    const nonce = createNonce();
    const headers: [string, string][] = kept.headers.map(([name, before, after]) => [
      name,
      after === undefined ? before : `${before}${nonce}${after}`,
    ]);
    headers.push([FRONT_CACHE_HEADER, 'hit']);
    const secure = secureCookiesFor(request.url, request.forwardedProto);
    const { setCookies } = identityCookies(parseCookies(request.cookie), secure);
    const body = kept.free.pop() ?? new Uint8Array(kept.page.html);
    const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    for (const at of kept.page.nonceAt) bytes.write(nonce, at, 'latin1');
    let sent = false;
    const done = () => {
      if (sent) return;
      sent = true;
      if (kept.free.length < COPIES_KEPT) kept.free.push(body);
    };
    return { status: 200, headers, setCookies, body, done };
  }

  get size(): number {
    return this.pages.size;
  }
}

/** A page answer that holds nothing of its visitor: 200, shared, no cookie but the id cookies. */
function keepable(response: Response): boolean {
  if (response.status !== 200) return false;
  if (!(response.headers.get('Content-Type') ?? '').startsWith('text/html')) return false;
  if (/\b(private|no-store|no-cache)\b/i.test(response.headers.get('Cache-Control') ?? '')) return false;
  if (/\bcookie\b/i.test(response.headers.get('Vary') ?? '')) return false;
  return response.headers.getSetCookie().every((cookie) => IDENTITY_COOKIES.has(settableCookieName(cookie)));
}
