/**
 * Cached reads answered in front of Fastify (ADR 047), over HTTP as clients reach the API: the same
 * answer as the route sends, without Fastify's hooks; signed, cross-origin, queried and other
 * requests left to Fastify; every request counted once by the rate limit; a draw closed early still
 * leaving the catalogue within seconds.
 */
import { createDraw, createProductOffer } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { getTestApp, getTestDb, signedHeaders } from './helpers.ts';
import { until } from './wait-until.ts';

const OFFERS = '/v2/pricing/default/product_offers';
const VERSION = { 'x-api-version': '3.9' };

/** Requests that Fastify answered (its onResponse hooks run after the answer has left). */
const hooked = { count: 0 };
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

const app = await getTestApp({}, async (app) => {
  app.addHook('onResponse', async () => {
    hooked.count += 1;
  });
});
const base = await listening(app);
const { db } = getTestDb();

async function get(path: string, headers: Record<string, string> = VERSION) {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

/** What a client can tell of an answer, but the request's own id and date. */
function seen(res: Awaited<ReturnType<typeof get>>) {
  const { 'x-request-id': _id, date: _date, ...headers } = res.headers;
  return { ...res, headers };
}

/**
 * A lottery of its own with two draws, both listed (the answer kept), then its first closed early:
 * the first draw's number, and the draw numbers the catalogue lists for it now.
 */
async function closedFirstOfTwo() {
  const offer = await createProductOffer(db);
  const first = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  const one = await createDraw(db, offer.key, { drawNo: first, drawAt: new Date(Date.now() + 86_400_000) });
  await createDraw(db, offer.key, { drawNo: first + 1, drawAt: new Date(Date.now() + 2 * 86_400_000) });
  const listed = async () => {
    const res = await get(OFFERS);
    const found = JSON.parse(res.body).result.offers.find((o: { key: string }) => o.key === offer.key);
    return (found?.draws ?? []).map((d: { draw_no: number }) => d.draw_no) as number[];
  };
  await get(`${OFFERS}?clear_cache`);
  expect(await listed()).toEqual([first, first + 1]);
  await drawEngineOf(app.deps).closeEarly(offer.key, one.drawNo);
  return { first, listed };
}

describe('cached reads in front of Fastify', () => {
  it('answer a kept read as the route does, without going through Fastify', async () => {
    const first = await get(`${OFFERS}?clear_cache`);
    expect(first.status).toBe(200);
    await get(OFFERS);
    await settled();
    const before = hooked.count;
    const kept = await get(OFFERS, { ...VERSION, 'x-request-id': 'req-front-1' });
    await settled();
    expect(hooked.count, 'the kept read went through Fastify').toBe(before);
    expect(seen(kept)).toEqual(seen(first));
    expect(kept.headers['x-request-id']).toBe('req-front-1');
    expect(kept.headers['x-content-type-options']).toBe('nosniff');
    expect(kept.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });

  it('leave signed, cross-origin, queried, unknown-version and HEAD requests to Fastify', async () => {
    await get(OFFERS);
    await settled();
    const before = hooked.count;
    expect((await get(OFFERS, { ...VERSION, ...signedHeaders() })).status).toBe(200);
    expect((await get(OFFERS, { ...VERSION, origin: 'https://elsewhere.example' })).status).toBe(200);
    expect((await get(`${OFFERS}?x=1`)).status).toBe(200);
    expect((await get(OFFERS, { 'x-api-version': '9.9' })).status).toBe(400);
    expect((await fetch(`${base}${OFFERS}`, { method: 'HEAD', headers: VERSION })).status).toBe(200);
    await settled();
    expect(hooked.count).toBe(before + 5);
  });

  it('still drop a draw closed early within seconds', async () => {
    const { first, listed } = await closedFirstOfTwo();
    expect(await until('the draw leaves the catalogue', listed, (n) => n.length === 1, 4_000)).toEqual([
      first + 1,
    ]);
  });

  it('hand a read holding draws to the route while a draws check is due, which answers it after the check', async () => {
    const { first, listed } = await closedFirstOfTwo();
    await until(
      'a draws check is due',
      async () => app.responseCache.checkDue(),
      (due) => due,
      5_000,
    );
    await settled();
    const before = hooked.count;
    expect(await listed()).toEqual([first + 1]);
    await settled();
    expect(hooked.count).toBe(before + 1);
  });
});

describe('cached reads and the rate limit', () => {
  it('count every request once, kept answers too; a visitor at the limit gets the 429', async () => {
    const limited = await getTestApp({ rateLimitMax: 3 });
    const at = await listening(limited);
    const call = async () => (await fetch(`${at}${OFFERS}`, { headers: VERSION })).status;
    expect([await call(), await call(), await call(), await call()]).toEqual([200, 200, 200, 429]);
  });
});
