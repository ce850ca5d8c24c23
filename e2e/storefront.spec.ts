import { drawDayLabel, jackpotText, moneyToCents } from '@drawhouse/domain';
import { productOffers } from './api.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test('home shows the Powerball jackpot and its draw day label', async ({ page }) => {
  const powerball = (await productOffers()).find((o) => o.key === 'powerball');
  const next = powerball?.draws[0];
  expect(next, 'seeded Powerball has an upcoming draw').toBeTruthy();
  if (!next) return;
  await page.goto('/');
  const card = page.getByTestId('offer-card-powerball');
  await expect(card).toBeVisible();
  const expected = jackpotText({
    amountCents: next.prize_pool ? moneyToCents(next.prize_pool) : null,
    suffix: next.prize_pool_suffix,
    isUnknown: next.is_prize_pool_unknown,
  });
  await expect(card.getByTestId('jackpot-powerball')).toContainText(expected.text);
  await expect(card.getByTestId('draw-label-powerball')).toHaveText(
    drawDayLabel(new Date(next.draw_date), new Date()),
  );
  await expectAccessible(page);
});

test('home lists every available offer in order with a Play link', async ({ page }) => {
  const offers = (await productOffers()).filter((o) => o.type !== 'membership');
  await page.goto('/');
  for (const offer of offers) await expect(page.getByTestId(`offer-card-${offer.key}`)).toBeVisible();
  // Group play: the Lotto Party entry comes right before the syndicate one.
  const cards = await page
    .locator('[data-testid^="offer-card-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
  const party = cards.indexOf('offer-card-lotto-party');
  expect(party).toBeGreaterThan(0);
  expect(cards[party + 1]).toMatch(/^offer-card-.*syndicate$/);
  await expect(page.getByTestId('play-lotto-party')).toHaveAttribute('href', '/lotto-party');
  await page.getByTestId('offer-card-powerball').getByRole('link', { name: /play/i }).first().click();
  await expect(page).toHaveURL(/\/powerball$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Powerball');
});

test('the Powerball page shows game facts, next draws and game types', async ({ page }) => {
  const powerball = (await productOffers()).find((o) => o.key === 'powerball');
  await page.goto('/powerball');
  await expect(page).toHaveTitle(/Powerball/);
  await expect(page.getByText('7 numbers from 1-35', { exact: false }).first()).toBeVisible();
  const draws = page.getByTestId('draws-powerball');
  await expect(draws.getByRole('row')).toHaveCount((powerball?.draws.length ?? 0) + 1);
  await page
    .getByRole('link', { name: /systems/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/powerball\/systems$/);
  await expectAccessible(page);
});

for (const [path, heading, category] of [
  ['/lotto-tickets', /lott/i, 'lotto'],
  ['/charity-tickets', /charit|raffle/i, 'raffle'],
  ['/syndicates', /syndicate/i, 'syndicate'],
] as const) {
  test(`the ${path} listing shows its offers`, async ({ page }) => {
    const offers = (await productOffers()).filter((o) => o.display_category === category);
    expect(offers.length).toBeGreaterThan(0);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    for (const offer of offers) await expect(page.getByTestId(`offer-card-${offer.key}`)).toBeVisible();
    await expectAccessible(page);
  });
}

test('the menu opens the primary drawer, traps focus and closes on Escape', async ({ page }) => {
  await page.goto('/');
  const button = page.getByTestId('primary-menu-button');
  await button.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('nav-drawer-lotto').locator('summary').press('Enter');
  await expect(drawer.getByRole('link', { name: /powerball/i }).first()).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();
});

test('the header reaches the listings through the drawer', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('primary-menu-button').click();
  const drawer = page.getByRole('dialog');
  await drawer.getByTestId('nav-drawer-lotto').locator('summary').click();
  await drawer.getByRole('link', { name: 'Powerball', exact: true }).click();
  await expect(page).toHaveURL(/\/powerball$/);
  await expect(drawer).toBeHidden();
  await page.getByTestId('primary-menu-button').click();
  await drawer.getByTestId('nav-drawer-raffle').locator('summary').click();
  await drawer.getByRole('link', { name: /see all/i }).click();
  await expect(page).toHaveURL(/\/charity-tickets$/);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
});

test('an unknown route shows the 404 copy', async ({ page }) => {
  const response = await page.goto('/no-such-page/at-all');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Something went wrong.')).toBeVisible();
  await expect(page.getByText("It's looking like you may have taken a wrong turn.")).toBeVisible();
  await page.getByRole('link', { name: 'Try heading home and finding your bearings.' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('offer-card-powerball')).toBeVisible();
  await expectAccessible(page);
});

test('an unknown offer key is a 404 page too', async ({ page }) => {
  const response = await page.goto('/not-a-lottery');
  expect(response?.status()).toBe(404);
  await expect(page.getByText("It's looking like you may have taken a wrong turn.")).toBeVisible();
});

test('a pricing without the syndicates capability answers the 404 page for /syndicates', async ({
  page,
  context,
  baseURL,
}) => {
  expect((await page.goto('/syndicates'))?.status()).toBe(200);
  await context.addCookies([{ name: 'pricing', value: 'lite', url: baseURL ?? '' }]);
  const response = await page.goto('/syndicates');
  expect(response?.status()).toBe(404);
  await expect(page.getByText("It's looking like you may have taken a wrong turn.")).toBeVisible();
});

test('information pages come from the CMS', async ({ page }) => {
  await page.goto('/about/responsible-gaming');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/responsible/i);
  await expectAccessible(page);
});

test('sitemap and robots are served', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain('/powerball</loc>');
  expect(xml).toContain('/lotto-tickets</loc>');
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain('Sitemap:');
});
