import { randomBytes } from 'node:crypto';
import { AT_ONCE, contentCalls, untilShopShows } from './back-office-content-helpers.ts';
import { expect, test } from './back-office-helpers.ts';
import { auditOf, joinedOperator, secondBrowser, signInToBackOffice } from './back-office-queues-helpers.ts';
import { expectAccessible } from './fixtures.ts';

const RESTORED_MS = 30_000;

/*
 * This journey changes the banner every visitor sees, so it runs in the `draws` project, after every
 * other journey (playwright.config.ts), and puts it back as it was at the end, whatever happened.
 */

test('a content operator edits the sitewide banner and the shop shows it; the audit log has the change', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const call = await contentCalls();
  const before = (await call('GET', '')).banner;
  const text = `Charity raffle closes Friday ${randomBytes(3).toString('hex')}`;
  const who = await joinedOperator('banner', 'content');
  const { context, page: ops } = await secondBrowser(browser);
  try {
    // The shop as a visitor saw it before the save: what it answered is kept, here and in the API.
    await page.goto('/');
    await expect(page.getByText(text)).toHaveCount(0);
    await signInToBackOffice(ops, who, '/content');
    await expect(ops.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
    await ops.getByLabel('Banner text').fill(text);
    await ops.getByLabel('Banner link').fill('/powerball');
    await ops.getByRole('button', { name: 'Save the banner' }).click();
    await expect(ops.getByRole('status').filter({ hasText: 'The banner is saved.' })).toBeVisible();
    const savedAt = Date.now();

    // The shop shows it within seconds to a visitor who reloads (no ?clear_cache: ADR 064).
    const banner = page.getByTestId('sitewide-banner');
    await untilShopShows(page, '/', savedAt, () =>
      expect(banner.getByRole('link', { name: text })).toHaveAttribute('href', '/powerball', AT_ONCE),
    );
    await untilShopShows(page, '/about', savedAt, () => expect(banner).toContainText(text, AT_ONCE));
    await expectAccessible(ops);

    const audit = await auditOf('banner', 'sitewide');
    expect(audit.at(-1)).toMatchObject({
      action: 'banner.updated',
      operator_name: who.name,
      after: { text, link: '/powerball' },
    });
  } finally {
    await call('PATCH', '/banner', before);
    await context.close();
    // The journeys after this one see the demo's banner again. Tidying up, not the promise measured
    // above: on a busy machine a page takes seconds, so this wait is not held to CONTENT_SHOWS_MS.
    await untilShopShows(
      page,
      '/',
      Date.now(),
      () => expect(page.getByText(text)).toHaveCount(0, AT_ONCE),
      RESTORED_MS,
    );
  }
});
