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
