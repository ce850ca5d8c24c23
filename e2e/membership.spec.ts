import { expect, expectAccessible, test } from './fixtures.ts';

test('a visitor chooses a yearly membership on the tiers page, adds it, and the cart says it renews', async ({
  page,
}) => {
  await page.goto('/daily-winners/membership-tiers');
  const panel = page.getByTestId('membership-buy');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('playing-comes-later')).toHaveCount(0);
  await expect(panel.getByTestId('membership-period-daily-winners-monthly')).toBeChecked();
  await panel.getByLabel('Yearly: $96.00').check();
  await expectAccessible(page);
  await panel.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.goto('/cart');
  const cart = page.getByTestId('cart-page');
  await expect(cart).toContainText('Daily Winners Club: Yearly membership');
  await expect(page.getByTestId('cart-total')).toHaveText('$96.00');
});

test("the membership's own play screen is /daily-winners/subscriptions: its periods, added to the cart as a subscription", async ({
  page,
}) => {
  await page.goto('/daily-winners/subscriptions');
  await expect(page.getByTestId('offer-page-daily-winners')).toBeVisible();
  const panel = page.getByTestId('membership-buy');
  await expect(panel.getByTestId('membership-period-daily-winners-monthly')).toBeChecked();
  await panel.getByLabel('Quarterly: $27.00').check();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await panel.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.goto('/cart');
  await expect(page.getByTestId('cart-page')).toContainText('Daily Winners Club: Quarterly membership');
  await expect(page.getByTestId('cart-total')).toHaveText('$27.00');
});
