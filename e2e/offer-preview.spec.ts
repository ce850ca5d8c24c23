import { askPreviewLink } from './back-office-content-helpers.ts';
import { expect, test } from './back-office-helpers.ts';
import { auditOf, joinedOperator, operatorBrowser } from './back-office-queues-helpers.ts';
import { expectAccessible } from './fixtures.ts';

/** The demo seed's raffle still being prepared: unpublished. */
const OFFER = 'winter-getaway-raffle';

test('a content operator previews an unpublished offer on its own page; a visitor gets the 404 page', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const who = await joinedOperator('offer-preview', 'content');
  const { context, page: ops } = await operatorBrowser(browser, who, '/offers');
  await expect(ops.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  const row = ops.getByTestId(`offer-row-${OFFER}`);
  await expect(row).toContainText('Unpublished');
  const href = await askPreviewLink(
    row,
    'Preview Winter Getaway Raffle in the shop',
    new RegExp(`/${OFFER}\\?preview=true&token=`),
  );
  await expectAccessible(ops);
  await context.close();

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const answer = await page.goto(href);
    expect(answer?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Winter Getaway Raffle');
    await expect(page.getByTestId('offer-preview-notice')).toContainText('Preview: this is how');
    // The raffle's books show as they will, but inert: nothing can be chosen or added from a preview.
    await expect(page.getByTestId('preview-buying-off')).toHaveAttribute('inert', '');
    await expect(page.getByTestId('preview-buying-off').getByTestId('add-to-cart')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expectAccessible(page);
  }
  const audit = await auditOf('offer', OFFER);
  expect(audit.some((row) => row.action === 'preview.issued' && row.operator_name === who.name)).toBe(true);

  const token = new URL(href).searchParams.get('token') ?? '';
  // Asked outside the page: a 404 the browser loads counts as a console error.
  for (const path of [
    `/${OFFER}`,
    `/${OFFER}?preview=true`,
    `/${OFFER}?preview=true&token=${encodeURIComponent(`${token}x`)}`,
    `/coastal-prize-home?preview=true&token=${encodeURIComponent(token)}`,
  ]) {
    const refused = await page.request.get(path);
    expect(refused.status(), path).toBe(404);
  }
});
