import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';
import { depositWithNewCard } from './wallet-helpers.ts';

const PHONE = { width: 390, height: 844 };

/** How wide the page is, scrolled sideways included (a string: the e2e TypeScript has no DOM types). */
const pageWidth = async (page: Page) => Number(await page.evaluate('document.documentElement.scrollWidth'));

/** The focused element as "H1 Transactions", or its tag alone. */
const focused = async (page: Page) =>
  String(
    await page.evaluate(
      "(() => { const el = document.activeElement; return el ? el.tagName + ' ' + (el.textContent ?? '').trim() : ''; })()",
    ),
  );

test('at 390 px the transactions page fits, with the account menu folded into one disclosure', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await join(page, `phone-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await depositWithNewCard(page, '50');
  await expect(page).toHaveURL(/\/my-account\/deposit\/details\/[\w-]+\/success$/);

  await page.setViewportSize(PHONE);
  await page.goto('/my-account/transactions');
  const row = page.getByTestId('transaction-row').first();
  await expect(row).toContainText('+$50.00');
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  // Status and amount are on screen, not past its right edge.
  for (const cell of [row.locator('td').nth(2), row.locator('td').last()]) {
    const box = await cell.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  await expect(row.locator('td').last()).toHaveText('+$50.00');

  // The account links wait behind "Account menu: Transactions" instead of filling the screen.
  const menu = page.getByTestId('account-menu');
  await expect(menu.locator('summary')).toHaveText('Account menu: Transactions');
  const limits = page.getByRole('link', { name: 'Spend limits' });
  await expect(limits).toBeHidden();
  const heading = page.getByRole('heading', { level: 1, name: 'Transactions' });
  const menuBox = await menu.boundingBox();
  const headingBox = await heading.boundingBox();
  expect(headingBox && menuBox && headingBox.y - menuBox.y).toBeLessThan(120);
  await expectAccessible(page);

  // The account drawer fits the screen too.
  await page.getByTestId('account-button').click();
  const drawer = page.getByTestId('account-drawer');
  await expect(drawer).toBeVisible();
  const drawerBox = await drawer.boundingBox();
  expect(drawerBox?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect(drawerBox && drawerBox.x + drawerBox.width).toBeLessThanOrEqual(PHONE.width);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await menu.locator('summary').click();
  await limits.click();
  await expect(page).toHaveURL(/\/my-account\/spend-limits$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(menu.locator('summary')).toHaveText('Account menu: Spend limits');
  await expect(limits).toBeHidden();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
});

test('at 390 px the results page and the statistics scroll sideways by keyboard, and axe finds nothing', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/powerball/results');
  await page
    .getByTestId(/^draw-card-powerball-/)
    .first()
    .getByTestId('full-result-link')
    .click();
  // The table scrolls inside a region of its own, named and in the tab order.
  const divisions = page.getByRole('region', { name: /draw \d+ prize divisions$/ });
  await expect(divisions.getByTestId('divisions-table')).toBeVisible();
  await expect(divisions).toHaveAttribute('tabindex', '0');
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);

  await page.goto('/powerball/statistics');
  const chart = page.getByRole('region', { name: 'Chart of how often each main number was drawn' });
  await expect(chart.getByTestId('frequency-chart-numbers')).toBeVisible();
  await chart.focus();
  await page.keyboard.press('ArrowRight');
  const scrolled = () =>
    page.evaluate(
      `document.querySelector('[data-testid="frequency-chart-numbers"]').closest('section[tabindex]').scrollLeft`,
    );
  await expect.poll(async () => Number(await scrolled())).toBeGreaterThan(0);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
});

test("after a page change in the browser, focus is on the new page's heading", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('primary-menu-button')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Lotto', exact: true })
    .click();
  await expect(page).toHaveURL(/\/lotto-tickets$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  expect(await focused(page)).toMatch(/^H1 /);

  await page.getByTestId('play-powerball').click();
  await expect(page).toHaveURL(/\/powerball$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('at 390 px the announcement scrolls away with the page', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const banner = page.getByTestId('sitewide-banner');
  await expect(banner).toBeVisible();
  await page.mouse.wheel(0, 800);
  await expect.poll(async () => (await banner.boundingBox())?.y ?? 0).toBeLessThan(-50);
});

test('home shows what a Lotto Party is, its next draw and share price; the menu lists Lotto Party and Daily Winners', async ({
  page,
}) => {
  await page.goto('/');
  const party = page.getByTestId('offer-card-lotto-party');
  await expect(party).toContainText(
    'Start a group with friends, share the cost of an entry and split any prize.',
  );
  await expect(party).toContainText('Shares from $1.00');
  await expect(party.getByTestId('draw-label-lotto-party')).toHaveText(/^[\w ]+: \S/);

  await page.getByTestId('primary-menu-button').click();
  const drawer = page.getByTestId('primary-menu');
  await expect(drawer.getByRole('link', { name: 'Daily Winners', exact: false })).toBeVisible();
  await drawer.getByTestId('nav-drawer-social_play').locator('summary').click();
  await drawer.getByRole('link', { name: 'Lotto Party' }).click();
  await expect(page).toHaveURL(/\/lotto-party$/);
});

test('the footer links to the LinkedIn company page and to the app page, offering no store app that does not exist', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
    'href',
    'https://www.linkedin.com/company/drawhouse',
  );
  const promo = page.getByTestId('footer-app-promo');
  await expect(promo.getByRole('link', { name: 'Get the Drawhouse app' })).toHaveAttribute('href', '/app');
  await expect(promo).toContainText('Not in the app stores yet.');
  await expect(footer.getByRole('link', { name: /App Store|Google Play/ })).toHaveCount(0);
  await promo.getByRole('link', { name: 'Get the Drawhouse app' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a multi-draw entry says its draws in the drawer, and the next draws are numbered from the next one', async ({
  page,
}) => {
  await page.goto('/powerball');
  const rows = page.getByTestId('draws-powerball').locator('tbody tr');
  await expect(rows.nth(0).locator('td').first()).toContainText('Next draw');
  await expect(rows.nth(1).locator('td').first()).toContainText('2nd draw');
  // Every row dates its draw the same way: "Thu 3 Dec 2026, 8:30pm".
  const dates = await rows.locator('td:nth-child(2) > span:first-child').allTextContents();
  for (const text of dates)
    expect(text).toMatch(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2}[ap]m$/);

  await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
  await page.getByTestId('quick-pick-0').click();
  await page.getByTestId('num-draws').selectOption('3');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('pre-cart-added')).toHaveText(/^Powerball.*: 1 game × 3 draws$/);
});
