import { describe, expect, it } from 'vitest';
import {
  FRONT_PAGE_MS,
  FRONT_REFRESH_MS,
  FrontCache,
  type FrontRequest,
  frontKey,
} from './front-cache.server';
import { createNonce, NONCE_STAND_IN, noncedPage } from './page-nonce.server';

const URL_HOME = 'http://shop.test/';
const encode = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const PAGE = noncedPage(encode(`<h1>Jackpots</h1><script nonce="${NONCE_STAND_IN}">go()</script>`));
const CSP = (nonce: string) => `script-src 'self' 'nonce-${nonce}'`;

function clock(start = 1_000_000) {
  const time = { now: start };
  return { time, now: () => time.now };
}

/** A page request through the router, as server.mjs makes it, and the answer it left with. */
function routed(cookie?: string, url = URL_HOME) {
  const nonce = createNonce();
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  const response = (init: { status?: number; headers?: [string, string][] } = {}) =>
    new Response('page', {
      status: init.status ?? 200,
      headers: [
        ['Content-Type', 'text/html; charset=utf-8'],
        ['Content-Security-Policy', CSP(nonce)],
        ['Set-Cookie', 'session_id=s1; Path=/; Max-Age=1800; SameSite=Lax; HttpOnly'],
        ...(init.headers ?? []),
      ],
    });
  return { nonce, request, response };
}

/** Keeps the home page as an anonymous visit's answer. */
function keepHome(cache: FrontCache) {
  const { nonce, request, response } = routed();
  cache.offer(request, PAGE, nonce);
  expect(cache.keep(request, response())).toBe(true);
}

const visit = (cookie?: string, url = URL_HOME): FrontRequest => ({
  method: 'GET',
  url,
  cookie,
  forwardedProto: undefined,
});

const header = (headers: [string, string][], name: string) =>
  headers.find(([n]) => n === name.toLowerCase())?.[1];

describe('frontKey', () => {
  it('takes anonymous GETs of a page without a query, with no cookie but the visit and device ids', () => {
    expect(frontKey('GET', URL_HOME, undefined)).toBe(URL_HOME);
    expect(frontKey('GET', URL_HOME, '')).toBe(URL_HOME);
    expect(frontKey('GET', 'http://shop.test/powerball', 'session_id=a; device_id=b')).toBe(
      'http://shop.test/powerball',
    );
  });

  it('refuses other methods, queries, data requests and every other cookie', () => {
    expect(frontKey('POST', URL_HOME, undefined)).toBeNull();
    expect(frontKey('HEAD', URL_HOME, undefined)).toBeNull();
    expect(frontKey('GET', 'http://shop.test/?sv=VIP', undefined)).toBeNull();
    expect(frontKey('GET', 'http://shop.test/lotto-results?page=2', undefined)).toBeNull();
    expect(frontKey('GET', 'http://shop.test/_root.data', undefined)).toBeNull();
    for (const cookie of [
      'dh_session=sealed',
      'session_id=a; dh_session=sealed',
      'dh_pending=x',
      'dh_flash=x',
      'dh_cart=token',
      'pricing=vip',
      'sv=VIP',
      'banner_dismissed=1|h',
      'aff=a1',
      'unknown=1',
      'dh_session',
    ]) {
      expect(frontKey('GET', URL_HOME, cookie), cookie).toBeNull();
    }
  });
});

describe('FrontCache', () => {
  it('answers an anonymous visitor with the kept page, a nonce and id cookies of its own', () => {
    const { now } = clock();
    const cache = new FrontCache({ maxEntries: 10, now });
    keepHome(cache);

    const first = cache.answer(visit());
    const second = cache.answer(visit('session_id=mine; device_id=dev'));
    if (!first || !second) throw new Error('the kept page was not answered');
    expect(first.status).toBe(200);
    expect(header(first.headers, 'x-page-cache')).toBe('hit');
    expect(header(first.headers, 'content-type')).toBe('text/html; charset=utf-8');
    // Each answer has its own nonce, in the page and in its policy, and never the stand-in.
    const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1] ?? '';
    const [one, two] = [nonceOf(decode(first.body)), nonceOf(decode(second.body))];
    expect(one).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(two).not.toBe(one);
    expect(decode(first.body)).not.toContain(NONCE_STAND_IN);
    expect(header(first.headers, 'content-security-policy')).toBe(CSP(one));
    expect(header(second.headers, 'content-security-policy')).toBe(CSP(two));
    // A first visit gets new ids; a returning one keeps its visit id, which slides on.
    expect(first.setCookies).toHaveLength(2);
    expect(first.setCookies[0]).toMatch(/^session_id=[0-9a-f-]{36}; /);
    expect(first.setCookies[1]).toMatch(/^device_id=[0-9a-f-]{36}; .*Max-Age=31536000/);
    expect(second.setCookies).toEqual([expect.stringMatching(/^session_id=mine; Path=\/; Max-Age=1800/)]);
  });

  it('uses a copy of the page again only once its answer is done, with the next nonce in place', () => {
    const cache = new FrontCache({ maxEntries: 10, now: clock().now });
    keepHome(cache);
    const first = cache.answer(visit());
    const second = cache.answer(visit());
    if (!first || !second) throw new Error('the kept page was not answered');
    // Two answers in flight never share a body.
    expect(second.body).not.toBe(first.body);
    const firstText = decode(first.body);
    first.done();
    first.done();
    const third = cache.answer(visit());
    const fourth = cache.answer(visit());
    // The copy the first answer is done with serves one answer, not two; the first's nonce is gone.
    expect([third?.body, fourth?.body].filter((body) => body === first.body)).toHaveLength(1);
    const reused = third?.body === first.body ? third : fourth;
    expect(decode(reused?.body ?? new Uint8Array())).not.toBe(firstText);
    expect(decode(reused?.body ?? new Uint8Array())).toContain(
      /'nonce-([^']+)'/.exec(header(reused?.headers ?? [], 'content-security-policy') ?? '')?.[1] ?? 'none',
    );
  });

  it('never answers a signed-in visitor (or a sign-in waiting for its code), even for a kept URL', () => {
    const cache = new FrontCache({ maxEntries: 10, now: clock().now });
    keepHome(cache);
    expect(cache.answer(visit())).toBeDefined();
    expect(cache.answer(visit('session_id=a; dh_session=sealed'))).toBeUndefined();
    expect(cache.answer(visit('dh_pending=sealed'))).toBeUndefined();
    expect(cache.answer(visit('dh_cart=tokentokentokentoken'))).toBeUndefined();
    expect(cache.answer({ ...visit(), method: 'HEAD' })).toBeUndefined();
  });

  it('never keeps the page of a signed-in request, whatever its answer says', () => {
    const cache = new FrontCache({ maxEntries: 10, now: clock().now });
    const { nonce, request, response } = routed('dh_session=sealed');
    cache.offer(request, PAGE, nonce);
    expect(cache.keep(request, response())).toBe(false);
    expect(cache.answer(visit())).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing whose answer is personal, failed or not a whole page', () => {
    const cache = new FrontCache({ maxEntries: 10, now: clock().now });
    const refusals: { status?: number; headers?: [string, string][] }[] = [
      // A loader signed the visitor in (a sign-in link) or set a cookie of its own.
      { headers: [['Set-Cookie', 'dh_session=sealed; Path=/; HttpOnly']] },
      { headers: [['Set-Cookie', 'dh_flash=x; Path=/']] },
      { headers: [['Cache-Control', 'private, no-store']] },
      { headers: [['Vary', 'Cookie']] },
      { status: 404 },
      { status: 500 },
    ];
    for (const init of refusals) {
      const { nonce, request, response } = routed();
      cache.offer(request, PAGE, nonce);
      expect(cache.keep(request, response(init)), JSON.stringify(init)).toBe(false);
    }
    // A page that was not offered (not rendered whole, an error, a resource route) is not kept.
    const { request, response } = routed();
    expect(cache.keep(request, response())).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('drops the kept page when its URL answers with something it cannot keep', () => {
    const cache = new FrontCache({ maxEntries: 10, now: clock().now });
    keepHome(cache);
    const { nonce, request, response } = routed('session_id=a');
    cache.offer(request, PAGE, nonce);
    expect(cache.keep(request, response({ status: 404 }))).toBe(false);
    expect(cache.answer(visit())).toBeUndefined();
  });

  it('answers a kept page for FRONT_PAGE_MS, then lets one request render it again, never past a second', () => {
    const { time, now } = clock();
    const cache = new FrontCache({ maxEntries: 10, now });
    keepHome(cache);
    time.now += FRONT_PAGE_MS - 1;
    expect(cache.answer(visit())).toBeDefined();
    time.now += 1;
    // Past its time: this request goes to the router; the others meanwhile get the kept page.
    expect(cache.answer(visit())).toBeUndefined();
    expect(cache.answer(visit())).toBeDefined();
    time.now += FRONT_REFRESH_MS - 1;
    expect(cache.answer(visit())).toBeDefined();
    time.now += 1;
    // The render did not come back: nobody gets a page older than FRONT_PAGE_MS + FRONT_REFRESH_MS.
    expect(cache.answer(visit())).toBeUndefined();
    expect(cache.answer(visit())).toBeUndefined();
    // The next render keeps the page again, with its new data.
    keepHome(cache);
    expect(cache.answer(visit())).toBeDefined();
  });

  it('does not let a slower render that began earlier replace a newer page', () => {
    const { time, now } = clock();
    const cache = new FrontCache({ maxEntries: 10, now });
    const slow = routed();
    cache.offer(slow.request, noncedPage(encode('<p>old</p>')), slow.nonce);
    time.now += 10;
    keepHome(cache);
    expect(cache.keep(slow.request, slow.response())).toBe(false);
    expect(decode(cache.answer(visit())?.body ?? new Uint8Array())).toContain('Jackpots');
  });

  it('holds at most maxEntries pages, the oldest kept going first', () => {
    const cache = new FrontCache({ maxEntries: 2, now: clock().now });
    for (const path of ['a', 'b', 'c']) {
      const { nonce, request, response } = routed(undefined, `http://shop.test/${path}`);
      cache.offer(request, PAGE, nonce);
      cache.keep(request, response());
    }
    expect(cache.size).toBe(2);
    expect(cache.answer(visit(undefined, 'http://shop.test/a'))).toBeUndefined();
    expect(cache.answer(visit(undefined, 'http://shop.test/c'))).toBeDefined();
  });
});
