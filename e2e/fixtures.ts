import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** axe-core on the page as it stands: no serious or critical violations. */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    // Only violations are asserted: axe then spares describing every passing node (a play screen
    // has a thousand balls), and every violating node is still reported.
    .options({ resultTypes: ['violations'] })
    // One run inside the page. The shop has no cross-origin frames, and the default split run
    // serialises every node to a second page: 23 s instead of 2.4 s on /powerball on 2 cores.
    .setLegacyMode(true)
    .analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'accessibility violations',
  ).toEqual([]);
}

/** axe at 390 px, then at 1280 px, where the page is left. */
export async function expectAccessibleAtBothWidths(page: Page): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
}

/**
 * Fails a test whose page logs an error to the console, throws, or is refused something by the
 * Content-Security-Policy (each `securitypolicyviolation` is logged as an error, in case the browser
 * does not log it). Each test is a visitor of its own:
 * the shop runs as behind a proxy (TRUST_PROXY=1) and every test comes from its own address, so the
 * API's per-visitor rate limits count each test apart, as they would count real visitors.
 */
export const test = base.extend<{ consoleErrors: string[]; apiRequests: undefined }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
  },
  // The browser reaches the API itself only for the payment sandbox (card tokenising, the 3-D Secure
  // and PayPal pages), whose CORS allows only a card form's headers: those requests go without the
  // per-test address, as a real browser sends none.
  apiRequests: [
    async ({ page }, use) => {
      await page.route(`http://127.0.0.1:${process.env.E2E_API_PORT}/**`, (route) => {
        const headers = { ...route.request().headers() };
        delete headers['x-forwarded-for'];
        return route.continue({ headers });
      });
      await use(undefined);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // A string: this project's TypeScript for tests has no DOM types.
      await page.addInitScript(`document.addEventListener('securitypolicyviolation', (event) => {
        console.error('CSP violation: ' + event.effectiveDirective + ' refused ' + (event.blockedURI || 'inline') +
          ' (' + event.sourceFile + ':' + event.lineNumber + ')');
      });`);
      page.on('console', (m) => {
        if (m.type() === 'error' && !m.text().includes('the server responded with a status of 404'))
          errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'browser console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect, type Page };
