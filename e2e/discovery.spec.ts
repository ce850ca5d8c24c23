/**
 * Discovery journeys: the home page's feature placement (it moves off what the cart holds), the
 * pre-cart drawer's recommended draws, the header's cart-aware links, the app pages and a cause's
 * page for one of its raffles.
 */
import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { anonCartItems, productOffers } from './api.ts';
import { postCartItem, postQuickPick } from './cart-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';
import { payWithNewCard } from './ticket-helpers.ts';

const RAFFLE = 'coastal-prize-home';

async function atBothWidths(page: Page, check: () => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await check();
    await expectAccessible(page);
  }
}

test('the home page features an offer, and another once the cart holds it', async ({ page }) => {
  await page.goto('/');
  const featured = page.getByTestId('feature-placement');
  await atBothWidths(page, async () => {
    await expect(featured).toBeVisible();
    await expect(featured.getByRole('heading', { level: 2 })).not.toBeEmpty();
    await expect(featured.getByTestId('feature-reason')).not.toBeEmpty();
  });
  const first = await featured.getAttribute('data-offer');
  expect(first).toBeTruthy();

  // The cart now holds a Powerball entry: the placement service is primed, the home page moves on.
  await postQuickPick(page);
  await page.goto('/');
  await expect(featured).toBeVisible();
  await expect(featured).not.toHaveAttribute('data-offer', 'powerball');
  await featured.getByTestId('feature-play').click();
  await expect(page).toHaveURL(new RegExp(`/${(await productOffers()).map((o) => o.key).join('|')}`));
});

test('marketing previews the feature banner on its own, without the main shell, as the home page shows it', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/');
  const onHome = await page.getByTestId('feature-placement').getAttribute('data-offer');
  await page.goto('/marketing/feature-banner');
  await atBothWidths(page, async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Feature banner preview');
    await expect(page.getByTestId('feature-placement')).toHaveAttribute('data-offer', onHome ?? '');
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expectAccessible(page);
  // The lite pricing has no placements: the preview is the 404 page there.
  await context.addCookies([{ name: 'pricing', value: 'lite', url: baseURL ?? '' }]);
  expect((await page.request.get('/marketing/feature-banner')).status()).toBe(404);
});

test('after an add the drawer recommends a draw bought before, added in one click, then Escape closes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await join(page, `recommended-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await postQuickPick(page);
  await payWithNewCard(page);

  await page.goto(`/${RAFFLE}`);
  const add = page.getByTestId('raffle-buy').getByTestId('add-to-cart');
  await add.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect(drawer).toBeVisible();
  const recommended = drawer.getByTestId('pre-cart-recommended');
  await expect(recommended.getByTestId('recommended-powerball')).toContainText('Powerball');
  await expect(drawer.getByRole('link', { name: 'Go to cart' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Keep shopping' })).toBeVisible();
  await expectAccessible(page);

  const before = await drawer.getByTestId('pre-cart-total').textContent();
  const addPowerball = recommended.getByRole('button', { name: 'Add Powerball' });
  await addPowerball.focus();
  await page.keyboard.press('Enter');
  await expect(recommended.getByRole('status')).toContainText('Added');
  await expect(drawer.getByTestId('pre-cart-total')).not.toHaveText(before ?? '');
  await expect(drawer).toContainText('Cart total (2 items)');

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(add).toBeFocused();
  await page.goto('/cart');
  await expect(page.getByTestId('cart-count')).toHaveText('2');
});

test('the lotto and social play items link straight to their pages while the cart holds their kind', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  const openMenu = async () => {
    await page.getByTestId('primary-menu-button').click();
    return page.getByRole('navigation', { name: 'Primary menu' });
  };
  await page.goto('/');
  let menu = await openMenu();
  await expect(menu.getByTestId('nav-drawer-lotto')).toBeVisible();
  await expect(menu.getByTestId('nav-drawer-social_play')).toBeVisible();

  await postQuickPick(page);
  await page.goto('/');
  menu = await openMenu();
  await expect(menu.getByTestId('nav-drawer-lotto')).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Lotto', exact: true })).toHaveAttribute(
    'href',
    '/lotto-tickets',
  );
  await expect(menu.getByTestId('nav-drawer-social_play')).toBeVisible();
  await expectAccessible(page);

  const syndicate = (await productOffers()).find((o) => o.display_category === 'syndicate');
  if (!syndicate) throw new Error('the demo sells a syndicate');
  await postCartItem(page, { syndicate: syndicate.key, num_shares: 1 });
  await page.goto('/');
  menu = await openMenu();
  await expect(menu.getByTestId('nav-drawer-social_play')).toHaveCount(0);
  await menu.getByRole('link', { name: 'Syndicates', exact: true }).click();
  await expect(page).toHaveURL(/\/syndicates$/);
});

test('the app page leads to the Android pages, drawn without the main shell', async ({ page }) => {
  await page.goto('/app');
  await atBothWidths(page, async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Drawhouse app');
    // The demo has no store addresses: no button to an app that is not there.
    await expect(page.getByTestId('app-unavailable')).toBeVisible();
    await expect(page.getByRole('link', { name: /App Store|Google Play/ })).toHaveCount(0);
  });
  await page.getByRole('link', { name: /The app for Android/ }).click();
  await expect(page).toHaveURL(/\/app\/android$/);
  await atBothWidths(page, async () => {
    await expect(page.getByTestId('android-download')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });
  await page.getByRole('link', { name: 'How to install it' }).click();
  await expect(page).toHaveURL(/\/app\/android\/install$/);
  await expect(page.getByTestId('android-install').getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expectAccessible(page);
});

test("a cause's page for its raffle sells tickets for that cause; an unknown pair is the 404 page", async ({
  page,
}) => {
  await page.goto(`/${RAFFLE}`);
  const supporting = page.getByRole('complementary').getByRole('link').first();
  const cause = (await supporting.textContent()) ?? '';
  await supporting.click();
  await expect(page).toHaveURL(new RegExp(`/causes/[\\w-]+/${RAFFLE}$`));
  const path = new URL(page.url()).pathname;
  const slug = path.split('/')[2] ?? '';

  await atBothWidths(page, async () => {
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`for ${cause}`);
    await expect(page.getByTestId('raffle-cause')).toHaveText(`Your tickets support ${cause}.`);
  });
  await page.getByTestId('raffle-book-3').check();
  await page.getByTestId('add-to-cart').click();
  const drawer = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('pre-cart-recommended')).toHaveCount(0);
  await page.keyboard.press('Escape');

  const token = (await page.context().cookies()).find((c) => c.name === 'dh_cart')?.value;
  if (!token) throw new Error('the add made an anonymous cart');
  const items = await anonCartItems(token);
  expect(items).toHaveLength(1);
  expect(items[0]?.lottery_key).toBe(RAFFLE);
  expect(items[0]?.cause_key).toBeTruthy();

  // The cause's own page and the directory link here too.
  await page.goto(`/causes/${slug}`);
  await expect(page.getByTestId(`cause-offer-${RAFFLE}`)).toHaveAttribute('href', path);
  await page.goto('/causes');
  await expect(page.locator(`a[href="${path}"]`).first()).toBeVisible();

  for (const unknown of [
    `/causes/${slug}/powerball`,
    `/causes/no-such-cause/${RAFFLE}`,
    `/causes/${slug}/nope`,
  ]) {
    expect((await page.goto(unknown))?.status(), unknown).toBe(404);
  }
});
