import { askPreviewLink } from './back-office-content-helpers.ts';
import { expect, test } from './back-office-helpers.ts';
import { auditOf, joinedOperator, operatorBrowser } from './back-office-queues-helpers.ts';
import { expectAccessible } from './fixtures.ts';

test('a content operator previews a page in the shop, in its own layout; a visitor without a valid link gets the 404 page', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const who = await joinedOperator('preview', 'content');
  const { context, page: ops } = await operatorBrowser(browser, who, '/content');
  await expect(ops.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await ops.getByLabel('Page to edit').selectOption({ label: 'Responsible gaming' });
  const href = await askPreviewLink(
    ops.getByTestId('page-shop-preview-responsible-gaming'),
    'Preview the saved page in the shop',
    /\/preview\?token=/,
  );
  await expectAccessible(ops);
  await context.close();

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const answer = await page.goto(href);
    expect(answer?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Responsible gaming');
    await expect(page.getByRole('status')).toContainText('Preview: this is how it will look in the shop.');
    await expect(page.getByRole('link', { name: 'Edit in back office' })).toHaveAttribute(
      'href',
      /\/content$/,
    );
    // Its own layout: no shop header, navigation or footer.
    await expect(page.getByTestId('footer')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expectAccessible(page);
  }
  const audit = await auditOf('page', 'responsible-gaming');
  expect(audit.some((row) => row.action === 'preview.issued' && row.operator_name === who.name)).toBe(true);

  const token = new URL(href).searchParams.get('token') ?? '';
  // Asked outside the page: the back office's journeys count a 404 the browser loads as a console error.
  for (const path of [
    '/preview',
    `/preview?token=${encodeURIComponent(`${token}x`)}`,
    '/preview?token=nonsense',
  ]) {
    const refused = await page.request.get(path);
    expect(refused.status(), path).toBe(404);
    const html = await refused.text();
    expect(html).toContain('taken a wrong turn');
  }
});
