import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { postQuickPick } from './cart-helpers.ts';
import { expect, test } from './fixtures.ts';

test('the shell links no page that does not exist yet, and the results pages now that they do; the banner and the 18+ badge lead to theirs', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByTestId('footer');
  await expect(footer.getByRole('link', { name: 'Customer support' })).toHaveAttribute(
    'href',
    '/your-support',
  );
  await expect(footer.getByRole('link', { name: 'News' })).toHaveAttribute('href', '/blog');
  const powerballResults = page
    .getByTestId('footer-lotto-results')
    .getByRole('link', { name: 'Powerball Results' });
  await expect(powerballResults).toHaveAttribute('href', '/powerball/results');
  expect((await page.request.get('/powerball/results')).status()).toBe(200);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Results' }),
  ).toHaveAttribute('href', '/lotto-results');

  await page.getByTestId('primary-menu-button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('nav-drawer-results')).toBeVisible();
  await page.keyboard.press('Escape');

  const badge = footer.getByRole('link', { name: 'For adults 18 and over only' });
  await expect(badge).toHaveAttribute('href', '/about/responsible-gaming');
  expect((await page.request.get('/about/responsible-gaming')).status()).toBe(200);
  await page.getByTestId('sitewide-banner').getByRole('link').click();
  await expect(page).toHaveURL(/\/coastal-prize-home$/);
  await expect(page.getByTestId('offer-page-coastal-prize-home')).toBeVisible();

  await page.goto('/powerball');
  await expect(
    page.getByTestId('offer-page-powerball').getByRole('link', { name: 'Powerball results' }),
  ).toHaveAttribute('href', '/powerball/results');
});

test('the cart with items takes the condensed footer, on /cart and on /cart/buy', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByTestId('footer')).toBeVisible();
  await postQuickPick(page);
  await page.goto('/cart');
  await expect(page.getByTestId('footer-condensed')).toBeVisible();
  await expect(page.getByTestId('footer')).toHaveCount(0);

  await join(page, `footer-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/cart/buy');
  await expect(page).toHaveURL(/\/cart\/buy$/);
  await expect(page.getByTestId('footer-condensed')).toBeVisible();
  await expect(page.getByTestId('footer')).toHaveCount(0);
});

test('/check-email opened directly explains where the link went', async ({ page }) => {
  await page.goto('/check-email');
  await expect(page).toHaveURL(/\/check-email$/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByTestId('check-email-general')).toBeVisible();
  await expect(page.getByRole('link', { name: 'ask for a new link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
});

test('an unsubscribe link that cannot work says so on load', async ({ page }) => {
  await page.goto('/unsubscribe/not-a-customer?token=1.abc');
  await expect(page.getByTestId('unsubscribe-invalid')).toHaveText(/no longer valid/);
  await expect(page.getByTestId('unsubscribe-form')).toHaveCount(0);
  await page.goto(`/unsubscribe/${randomUUID()}`);
  await expect(page.getByTestId('unsubscribe-invalid')).toBeVisible();
});

test('an unknown CMS file is the 404 page; a known one is the file', async ({ page }) => {
  const missing = await page.goto('/cms/files/x');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("It's looking like you may have taken a wrong turn.")).toBeVisible();
  const logo = await page.request.get('/cms/files/logo');
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toContain('image/svg+xml');
});

test('draw labels name a date once, and the membership card says what it costs and gives', async ({
  page,
}) => {
  await page.goto('/');
  const labels = page.locator('[data-testid^="draw-label-"]');
  await expect(labels.first()).toBeVisible();
  for (const line of await labels.locator('xpath=..').allInnerTexts()) {
    expect(line.match(/\b20\d\d\b/g)?.length ?? 0, line).toBeLessThanOrEqual(1);
  }
  const card = page.getByTestId('membership-daily-winners');
  await expect(card).toContainText(/From \$\d+\.\d\d/);
  await expect(card).toContainText('prize draw');
  await expect(card).toContainText(/Billed/);
});

test('on a phone, a signed-in page is no wider than the screen and the confirmation banner shows its buttons', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await join(page, `pia-${randomUUID()}@example.com`, 'Pia');
  await expect(page.getByTestId('account-button')).toBeVisible();
  for (const path of ['/', '/cart', '/powerball', '/my-account']) {
    await page.goto(path);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Account/ })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeInViewport();
  const banner = page.getByTestId('confirmation-banner');
  await expect(banner.getByRole('button', { name: 'Confirm' })).toBeInViewport();
  await expect(banner.getByRole('link', { name: 'Update' })).toBeInViewport();
});
