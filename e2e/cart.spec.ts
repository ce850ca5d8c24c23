import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { AUD, type CartAnswer, postQuickPick } from './cart-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';

async function addQuickPick(page: Page): Promise<CartAnswer> {
  const answer = await postQuickPick(page);
  expect(answer.cart.cartItems).toHaveLength(1);
  return answer;
}

test('a visitor adds a quick pick, sees it in the cart, removes it, adds again and keeps it on joining', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await expect(page.getByTestId('cart-count')).toHaveText('0');

  const first = await addQuickPick(page);
  const itemId = first.cart.cartItems[0]?.id ?? '';
  const total = AUD.format(first.cart.cartTotal.amount);
  expect(first.cart.cartTotal.amount).toBeGreaterThan(0);

  await page.goto('/cart');
  await expect(page.getByTestId('cart-page')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByTestId(`cart-item-${itemId}`)).toContainText(/powerball/i);
  await expect(page.getByTestId('cart-total')).toHaveText(total);
  await expectAccessible(page);

  await page.getByTestId(`cart-remove-${itemId}`).click();
  await expect(page.getByTestId('cart-empty')).toContainText('Your cart is empty');
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expectAccessible(page);

  const again = await addQuickPick(page);
  const againTotal = AUD.format(again.cart.cartTotal.amount);
  await page.goto('/cart');
  await expect(page.locator('[data-testid^="cart-item-"]:not([data-testid^="cart-item-total"])')).toHaveCount(
    1,
  );

  await join(page, `cart-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.locator('[data-testid^="cart-item-"]:not([data-testid^="cart-item-total"])')).toHaveCount(
    1,
  );
  await expect(page.getByTestId('cart-total')).toHaveText(againTotal);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'dh_cart')).toBeUndefined();
  await expectAccessible(page);
});
