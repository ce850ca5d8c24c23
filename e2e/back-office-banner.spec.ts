import { randomBytes } from 'node:crypto';
import { expect, test } from './back-office-helpers.ts';
import { auditOf, joinedOperator, secondBrowser, signInToBackOffice } from './back-office-queues-helpers.ts';
import { expectAccessible } from './fixtures.ts';

/*
 * This journey changes the banner every visitor sees, so it runs in the `draws` project, after every
 * other journey (playwright.config.ts).
 */

test('a content operator edits the sitewide banner and the shop shows it; the audit log has the change', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const text = `Charity raffle closes Friday ${randomBytes(3).toString('hex')}`;
  const who = await joinedOperator('banner', 'content');
  const { context, page: ops } = await secondBrowser(browser);
  await signInToBackOffice(ops, who, '/content');
  await expect(ops.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await ops.getByLabel('Banner text').fill(text);
  await ops.getByLabel('Banner link').fill('/powerball');
  await ops.getByRole('button', { name: 'Save the banner' }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'The banner is saved.' })).toBeVisible();
  await expectAccessible(ops);

  // The shop asks the API again (its answers are kept a minute; ?clear_cache drops them now).
  await page.goto('/?clear_cache');
  const banner = page.getByTestId('sitewide-banner');
  await expect(banner.getByRole('link', { name: text })).toHaveAttribute('href', '/powerball');
  await page.goto('/about');
  await expect(banner).toContainText(text);

  const audit = await auditOf('banner', 'sitewide');
  expect(audit.at(-1)).toMatchObject({
    action: 'banner.updated',
    operator_name: who.name,
    after: { text, link: '/powerball' },
  });
  await context.close();
});
