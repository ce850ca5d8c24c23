/**
 * A draw's change of state reaches the cached answers that hold it: a draw closed early (by the
 * engine, the worker or the operator CLI) leaves the catalogue within about a second, a draw leaves
 * it at its stop time by the clock, a published result shows in the results at once; and a draw
 * closed early and drawn then says when it was drawn, not when it was scheduled; and no client is told
 * to keep an answer holding draws longer than the storefront does.
 */
import { createDraw, createProductOffer, drawResults, draws, eq } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { call } from './accounts-helpers.ts';
import { cartCalls } from './cart-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { WINNING } from './results-helpers.ts';
import { until } from './wait-until.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { cartCall } = cartCalls(app);
const engine = drawEngineOf(app.deps);

const DAY_MS = 86_400_000;

/** A lottery of its own with two draws a day apart (the first may stop sooner), numbered in order. */
async function lotteryWithTwoDraws(firstStop?: Date) {
  const offer = await createProductOffer(db);
  const first = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  const now = Date.now();
  const one = await createDraw(db, offer.key, {
    drawNo: first,
    drawAt: new Date(now + DAY_MS),
    ...(firstStop ? { stopAt: firstStop } : {}),
  });
  const two = await createDraw(db, offer.key, { drawNo: first + 1, drawAt: new Date(now + 2 * DAY_MS) });
  return { offer, one, two };
}

/** The draw numbers the catalogue lists for an offer (from the cache when it holds the answer). */
async function listed(offerKey: string): Promise<number[]> {
  const res = await cartCall('/v2/product_offers');
  expect(res.statusCode).toBe(200);
  const offer = res.json().result.offers.find((o: { key: string }) => o.key === offerKey);
  return (offer?.draws ?? []).map((d: { draw_no: number }) => d.draw_no);
}

/** Both draws listed (the answer cached), then, once `change` is made, only the second within 4 s. */
async function leavesCatalogue(
  made: Awaited<ReturnType<typeof lotteryWithTwoDraws>>,
  change: () => Promise<unknown>,
) {
  const { offer, one, two } = made;
  await cartCall('/v2/product_offers?clear_cache');
  expect(await listed(offer.key)).toEqual([one.drawNo, two.drawNo]);
  await change();
  const after = await until(
    'the draw leaves the catalogue',
    () => listed(offer.key),
    (n) => n.length === 1,
    4_000,
  );
  expect(after).toEqual([two.drawNo]);
}

describe('cached answers holding a draw', () => {
  it('drop a draw closed early within seconds, without clear_cache', async () => {
    const made = await lotteryWithTwoDraws();
    await leavesCatalogue(made, () => engine.closeEarly(made.offer.key, made.one.drawNo));
  });

  it('answer the first read a second after a close without the closed draw (that read waits for the check)', async () => {
    const { offer, one, two } = await lotteryWithTwoDraws();
    await cartCall('/v2/product_offers?clear_cache');
    expect(await listed(offer.key)).toEqual([one.drawNo, two.drawNo]);
    await engine.closeEarly(offer.key, one.drawNo);
    // A check is due a second after the last: the one read after it is the client's next refresh,
    // which keeps what it gets for its lifetime, so it must not get the old state.
    await until(
      'a draws check is due',
      async () => app.responseCache.checkDue(),
      (due) => due,
      5_000,
    );
    expect(await listed(offer.key)).toEqual([two.drawNo]);
  });

  it('drop a draw at its stop time, by the clock', async () => {
    const stopAt = new Date(Date.now() + 2_000);
    await leavesCatalogue(await lotteryWithTwoDraws(stopAt), async () => undefined);
    expect(Date.now()).toBeGreaterThanOrEqual(stopAt.getTime());
  });

  it('show a result published since, and a draw closed early as drawn when its results came', async () => {
    const { offer, one } = await lotteryWithTwoDraws();
    const path = `/v2/draws/pricing/default/past/${offer.key}`;
    const before = await cartCall(path);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().result).toEqual([]);

    // Closed early on the day and drawn at once, six days before its scheduled time.
    const at = new Date();
    await engine.closeEarly(offer.key, one.drawNo);
    await db.insert(drawResults).values({ drawId: one.id, numbers: WINNING, supplementary: [], drawnAt: at });
    await db.update(draws).set({ status: 'DRAW_DRAWN', publishedAt: at }).where(eq(draws.id, one.id));

    const list = await until(
      'the published draw shows in the results',
      async () => (await cartCall(path)).json().result as { draw_no: number; draw_date: string }[],
      (items) => items.length === 1,
      4_000,
    );
    expect(list[0]?.draw_no).toBe(one.drawNo);
    expect(list[0]?.draw_date).toBe(at.toISOString());
    expect(Date.parse(list[0]?.draw_date ?? '')).toBeLessThan(one.drawAt.getTime());
  });
});

/** The longest a client may keep an answer holding draws (ADR 038): the storefront's own 5 s. */
const DRAWS_MAX_AGE_SECONDS = 5;

/** The max-age an answer's Cache-Control announces, in seconds. */
function maxAge(cacheControl: unknown): number {
  const match = /(?:^|[,\s])max-age=(\d+)/.exec(String(cacheControl));
  expect(match, String(cacheControl)).not.toBeNull();
  return Number(match?.[1]);
}

describe('Cache-Control of answers holding draws', () => {
  it('lets no client keep product offers or the latest results longer than the storefront does', async () => {
    const { offer } = await lotteryWithTwoDraws();
    const paths = [
      '/v2/product_offers',
      '/v2/pricing/default/product_offers',
      '/v2/past/result_keys',
      '/v2/draws/pricing/default/past/result_keys',
      `/v2/draws/pricing/default/past/${offer.key}`,
      '/v2/statistics/powerball',
    ];
    for (const path of paths) {
      // Loaded (a miss) and then answered from the cache (a hit): both say the same bound.
      for (const url of [`${path}?clear_cache`, path]) {
        const res = await call(app, url, { headers: { 'x-api-version': '3.9' } });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
        expect(String(res.headers['cache-control']), url).toMatch(/^public, max-age=\d+$/);
        expect(maxAge(res.headers['cache-control']), url).toBeLessThanOrEqual(DRAWS_MAX_AGE_SECONDS);
      }
    }
  });

  it('never past the stop of a draw the answer lists', async () => {
    const stopAt = new Date(Date.now() + 2_500);
    await lotteryWithTwoDraws(stopAt);
    const res = await cartCall('/v2/product_offers?clear_cache');
    expect(maxAge(res.headers['cache-control'])).toBeLessThanOrEqual(2);
  });
});
