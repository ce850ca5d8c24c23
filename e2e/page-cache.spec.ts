import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { expect, test } from './fixtures.ts';

/*
 * The front cache (ADR 041): the server answers anonymous visitors of a shared page from the page
 * kept for its URL, before React Router runs, and marks those answers `X-Page-Cache: hit`.
 */

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

test('anonymous visitors of the home page are answered from the front cache, each with its own nonce', async ({
  request,
}) => {
  const hits: { nonce: string; html: string }[] = [];
  await expect(async () => {
    const res = await request.get('/');
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers['cache-control'] ?? '').not.toMatch(/private/);
    if (headers['x-page-cache'] === 'hit') {
      const nonce = nonceOf(headers['content-security-policy']);
      if (!nonce) throw new Error('a page answered without a nonce');
      hits.push({ nonce, html: await res.text() });
    }
    expect(hits.length).toBeGreaterThanOrEqual(2);
  }).toPass({ timeout: 10_000, intervals: [0] });
  const [first, second] = hits;
  expect(first?.nonce).not.toBe(second?.nonce);
  for (const { nonce, html } of hits) {
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  }
});

test('a signed-in customer is never answered from the front cache, even for a page it keeps', async ({
  page,
  request,
}) => {
  await join(page, `front-cache-${randomUUID()}@example.com`, 'Frieda');
  await expect(page.getByTestId('account-button')).toBeVisible();
  for (let i = 0; i < 3; i++) {
    // An anonymous visitor has the home page kept just now...
    await expect(async () => {
      expect((await request.get('/')).headers()['x-page-cache']).toBe('hit');
    }).toPass({ timeout: 5_000, intervals: [0] });
    // ...and the customer still gets a page of their own, never stored.
    const res = await page.goto('/');
    const headers = (await res?.allHeaders()) ?? {};
    expect(headers['x-page-cache']).toBeUndefined();
    expect(headers['cache-control']).toBe('private, no-store');
    await expect(page.getByTestId('account-button')).toBeVisible();
    await expect(page.getByTestId('login-link')).toHaveCount(0);
  }
});
