import { randomInt, randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { expect, type Page, test } from './fixtures.ts';

/**
 * No link leads nowhere: from `/`, every internal link of every page reached is fetched (signed
 * out, then signed in with the session cookie), and none may answer 404 or 5xx. Pages are fetched
 * as plain requests; links come from the HTML (`<a href>`) and from the page data (the shell's
 * drawers render their links only when opened, but their addresses are in the root loader data).
 * The account drawer's links live in its component, so they are read from the opened drawer.
 */

/** Links that end the session would sign the crawler out half way; the journeys test them. */
const SKIP = [/^\/logout(\/|$|\?)/];
const MAX_PAGES = 600;
/**
 * Pages of one template, addresses alike but for their numbers (every draw's result, every page of a
 * list), are fetched at most this often: a few of them find a dead link as well as all of them do,
 * and the results of every draw of every game would otherwise be most of the crawl.
 */
const PER_TEMPLATE = 2;
const template = (path: string) => path.replace(/\d+/g, '#');
const PARALLEL = 4;

const ANCHOR_HREF = /<a\b[^>]*?\shref="([^"]*)"/g;
/** `"href":"/x"` in the loader data, which is JSON inside a script (escaped quotes included). */
const DATA_HREF = /\\*"(?:href|link)\\*"\s*:\s*\\*"(\/[^"\\]*)/g;

function unescapeHtml(href: string): string {
  return href
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

/** The site path (with query) of an address on this site, or null for anything else. */
function internal(href: string, from: URL): string | null {
  let url: URL;
  try {
    url = new URL(unescapeHtml(href), from);
  } catch {
    return null;
  }
  if (url.origin !== from.origin) return null;
  const path = `${url.pathname}${url.search}`;
  return SKIP.some((skip) => skip.test(path)) ? null : path;
}

function linksIn(html: string, from: URL): string[] {
  const found = new Set<string>();
  for (const pattern of [ANCHOR_HREF, DATA_HREF]) {
    for (const match of html.matchAll(pattern)) {
      const path = internal(match[1] ?? '', from);
      if (path) found.add(path);
    }
  }
  return [...found];
}

/** Links of the drawers, read from the page with each drawer open. */
async function drawerLinks(page: Page): Promise<string[]> {
  const links: string[] = [];
  const read = async () => {
    // The drawers load on first use: read them once they are open, not before.
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').locator('a[href]').first()).toBeAttached();
    const hrefs = await page
      .getByRole('dialog')
      .locator('a[href]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) {
      const path = internal(href, new URL(page.url()));
      if (path) links.push(path);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  };
  await page.goto('/');
  await page.getByTestId('primary-menu-button').click();
  await read();
  if (await page.getByTestId('account-button').isVisible()) {
    await page.goto('/');
    await page.getByTestId('account-button').click();
    await read();
  }
  return links;
}

type Broken = { path: string; status: number; from: string };

/** Fetches every page reachable from the start links; returns the links that answered 404, 429 or 5xx. */
async function crawl(page: Page, start: string[]): Promise<{ broken: Broken[]; pages: number }> {
  const base = new URL(page.url());
  const seen = new Map<string, string>(start.map((path) => [path, '/']));
  const templates = new Map<string, number>();
  const queue = [...seen.keys()];
  const broken: Broken[] = [];
  let pages = 0;
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      // Hundreds of pages a minute from one address is what the API's rate limit stops (rightly,
      // answered 429): the crawl stands for many visitors, each page fetched from an address of its own.
      const headers = { 'X-Forwarded-For': `198.19.${randomInt(256)}.${randomInt(1, 255)}` };
      const response = await page.request.get(path, { failOnStatusCode: false, headers });
      const status = response.status();
      pages += 1;
      // A 429 is a page the crawl could not check: it counts as broken too.
      if (status === 404 || status === 429 || status >= 500) {
        broken.push({ path, status, from: seen.get(path) ?? '?' });
        continue;
      }
      if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) continue;
      const at = new URL(response.url());
      if (at.origin !== base.origin) continue;
      for (const link of linksIn(await response.text(), at)) {
        if (seen.has(link) || seen.size >= MAX_PAGES) continue;
        const alike = templates.get(template(link)) ?? 0;
        if (alike >= PER_TEMPLATE) continue;
        templates.set(template(link), alike + 1);
        seen.set(link, path);
        queue.push(link);
      }
    }
  };
  // Workers that find the queue empty stop; the others keep filling and emptying it.
  while (queue.length > 0) await Promise.all(Array.from({ length: PARALLEL }, worker));
  expect(seen.size, 'the crawl stayed under its page limit').toBeLessThan(MAX_PAGES);
  return { broken, pages };
}

// Two crawls of every page the shop links, the second with the account area's pages too.
test.describe.configure({ timeout: 240_000 });

test('every internal link answers a page, signed out and signed in', async ({ page }) => {
  await page.goto('/');
  const signedOut = await crawl(page, ['/', ...(await drawerLinks(page))]);
  expect(signedOut.broken, 'links that lead nowhere (signed out)').toEqual([]);
  expect(signedOut.pages).toBeGreaterThan(30);

  await join(page, `crawl-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  const signedIn = await crawl(page, ['/', '/my-account', ...(await drawerLinks(page))]);
  expect(signedIn.broken, 'links that lead nowhere (signed in)').toEqual([]);
  // Still signed in: no link on the way ended the session.
  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/my-account$/);
});
