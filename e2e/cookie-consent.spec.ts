import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { postQuickPick } from './cart-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';
import { payWithNewCard } from './ticket-helpers.ts';

type Pushed = {
  event: string;
  products?: { product_id: string; category: string; brand: string; purchase_status: string }[];
  goals?: { name: string }[];
};

// A string: this project's TypeScript for tests has no DOM types.
const dataLayer = (page: Page) => page.evaluate<Pushed[] | null>('window.dataLayer ?? null');

async function quickPickIntoCart(page: Page) {
  await page.goto('/powerball');
  await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
  await page.getByTestId('quick-pick-0').click();
  await expect(page.getByTestId('game-status-0')).toHaveText('Complete');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByRole('dialog', { name: 'Added to your cart' })).toBeVisible();
}

test('analytics wait for consent: nothing is pushed before it, the cart events after it, and Essential only stops them', async ({
  page,
}) => {
  // Six pages, two plays and four accessibility checks.
  test.setTimeout(120_000);
  const hosts = new Set<string>();
  page.on('request', (r) => hosts.add(new URL(r.url()).hostname));

  await page.goto('/');
  const banner = page.getByTestId('consent-banner');
  await expect(banner.getByRole('heading')).toHaveText('Cookies on this site');
  await expectAccessible(page);
  // Before consent an add to the cart pushes nothing.
  await quickPickIntoCart(page);
  expect(await dataLayer(page)).toBeNull();
  await page.goto('/cart');
  await expect(page.getByTestId('cart-page')).toBeVisible();
  expect(await dataLayer(page)).toBeNull();
  await expectAccessible(page);

  await banner.getByRole('button', { name: 'Accept all' }).click();
  await expect(banner).toBeHidden();
  const cookie = (await page.context().cookies()).find((c) => c.name === 'cookie_consent');
  expect(cookie?.value).toBe('essential%2Cnon_essential');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);

  // The cart page says it was viewed, now that analytics are allowed.
  await expect.poll(async () => (await dataLayer(page))?.map((e) => e.event)).toEqual(['cartViewed']);
  await page.reload();
  await expect
    .poll(async () => (await dataLayer(page))?.[0])
    .toMatchObject({
      event: 'cartViewed',
      products: [{ product_id: 'powerball', category: 'lottery ticket', brand: 'Drawhouse' }],
    });

  await quickPickIntoCart(page);
  await expect.poll(async () => (await dataLayer(page))?.map((e) => e.event)).toEqual(['productAdded']);

  // Changed on the cookie policy page: Essential only, and the cart pushes nothing again.
  await page.goto('/about/cookie-policy');
  await expect(page.getByTestId('consent-current')).toHaveText(
    'You accepted all cookies, analytics included.',
  );
  await page.getByTestId('consent-choice').getByRole('button', { name: 'Essential only' }).click();
  await expect(page.getByTestId('consent-current')).toHaveText('You accepted essential cookies only.');
  await expectAccessible(page);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-page')).toBeVisible();
  expect(await dataLayer(page)).toBeNull();
  await expect(page.getByTestId('consent-banner')).toHaveCount(0);

  // No third-party script or call, with or without consent: only the shop and its API were asked.
  expect([...hosts].filter((h) => h !== '127.0.0.1' && h !== 'localhost')).toEqual([]);
});

test('with consent, a customer’s checkout start and completed purchase are pushed with the receipt’s products', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('consent-banner').getByRole('button', { name: 'Accept all' }).click();
  await expect(page.getByTestId('consent-banner')).toHaveCount(0);
  await join(page, `consent-${randomUUID().slice(0, 8)}@example.com`, 'Cora');
  await expect(page.getByTestId('account-button')).toBeVisible();
  await postQuickPick(page);

  await page.goto('/cart/buy');
  await expect
    .poll(async () => (await dataLayer(page))?.[0])
    .toMatchObject({
      event: 'checkoutStarted',
      products: [{ product_id: 'powerball', category: 'lottery ticket' }],
    });

  await payWithNewCard(page);
  await expect
    .poll(async () => (await dataLayer(page))?.find((e) => e.event === 'purchase completed'))
    .toMatchObject({
      products: [{ product_id: 'powerball', category: 'lottery ticket', purchase_status: 'standard' }],
      goals: expect.arrayContaining([expect.objectContaining({ name: 'purchase' })]),
    });
});
