import { productOffers } from './api.ts';
import { expect, test } from './fixtures.ts';
import { operator } from './wallet-helpers.ts';

/*
 * This journey closes Set for Life's soonest draw, so it runs in the `draws` project, after every
 * other journey (playwright.config.ts), beside the Powerball journeys of winnings.spec.ts.
 */

const OFFER = 'set-for-life';
/**
 * ADR 038: a draw's change reaches the API's answers within about a second and the pages within
 * about 5 s, the front cache's second included (ADR 041); two more for polling on a busy machine.
 */
const BOUND_MS = 7_000;

/** The offer's card on the home page, as an anonymous visitor gets it, in words. */
async function card(request: import('@playwright/test').APIRequestContext) {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  const html = await res.text();
  const start = html.indexOf(`data-testid="offer-card-${OFFER}"`);
  expect(start, 'the offer has a card on the home page').toBeGreaterThan(0);
  const article = html.slice(start, html.indexOf('</article>', start));
  return {
    fromCache: res.headers()['x-page-cache'] === 'hit',
    text: article
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  };
}

test('a closed draw leaves the home page of anonymous visitors, kept before the router, within the bound', async ({
  request,
}) => {
  test.setTimeout(60_000);
  const [soonest] = (await productOffers()).find((o) => o.key === OFFER)?.draws ?? [];
  if (!soonest) throw new Error(`${OFFER} lists no draw`);

  // The home page is answered from the front cache, showing the soonest draw.
  let before = '';
  await expect(async () => {
    const seen = await card(request);
    before = seen.text;
    expect(seen.fromCache).toBe(true);
  }).toPass({ timeout: 10_000, intervals: [0, 100] });

  await operator('draw:close', OFFER, String(soonest.draw_no));
  const closedAt = Date.now();

  let after = before;
  while (after === before && Date.now() - closedAt < BOUND_MS + 5_000) {
    await new Promise((r) => setTimeout(r, 100));
    after = (await card(request)).text;
  }
  const took = Date.now() - closedAt;
  expect(after, 'the card moved on to the next draw').not.toBe(before);
  expect(took, `the change showed after ${took} ms`).toBeLessThanOrEqual(BOUND_MS);
  // And it stays moved on: no kept page brings the closed draw back.
  for (let i = 0; i < 10; i++) {
    expect((await card(request)).text).toBe(after);
    await new Promise((r) => setTimeout(r, 150));
  }
});
