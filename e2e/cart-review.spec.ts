import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { AUD, postQuickPick } from './cart-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';

async function cookieNamed(page: Page, name: string) {
  return (await page.context().cookies()).find((c) => c.name === name);
}

test('a visitor adds from the play panel, sees the pre-cart drawer, and uses and removes a promo code on the cart', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/powerball?aff=abc');
  await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
  expect((await cookieNamed(page, 'aff'))?.value).toBe('abc');

  await page.getByTestId('quick-pick-0').click();
  const add = page.getByTestId('add-to-cart');
  await add.dblclick();
  const drawer = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('pre-cart-total')).toHaveText(/^\$\d+\.\d\d$/);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(add).toBeFocused();
  // The affiliate code went with the item; the cookie goes after a successful add.
  expect(await cookieNamed(page, 'aff')).toBeUndefined();

  // A bigger entry so that the cart reaches WELCOME5's minimum spend of $10.
  const answer = await postQuickPick(page, 10);
  expect(answer.cart.cartItems).toHaveLength(2);
  const totalCents = Math.round(answer.cart.cartTotal.amount * 100);
  expect(totalCents).toBeGreaterThanOrEqual(1000);

  await page.goto('/cart');
  await expect(page.getByTestId('cart-total')).toHaveText(AUD.format(totalCents / 100));
  const first = answer.cart.cartItems[0]?.id ?? '';
  await expect(page.getByTestId(`cart-edit-${first}`)).toHaveAttribute('href', `/powerball?item=${first}`);
  await expectAccessible(page);

  const input = page.getByLabel('Promo code');
  await input.fill('SPRING10');
  await page.getByTestId('promo-apply').click();
  await expect(page.getByTestId('promo-error')).toContainText('has expired');
  await expect(input).toHaveAttribute('aria-describedby', 'promotion-code-error');
  await expectAccessible(page);

  await page.getByLabel('Promo code').fill('WELCOME5');
  await page.getByTestId('promo-apply').click();
  await expect(page.getByTestId('promo-discount')).toHaveText('$5.00');
  await expect(page.getByTestId('cart-total')).toHaveText(AUD.format((totalCents - 500) / 100));
  await expect(page.getByTestId('promo-error')).toHaveCount(0);
  await expectAccessible(page);

  // A cart holds one code: one worth less does not take the place of the first, and the page says why.
  await page.getByLabel('Use another promo code').fill('TENOFF');
  await page.getByTestId('promo-apply').click();
  await expect(page.getByTestId('promo-error')).toContainText('Your cart keeps WELCOME5');
  await expect(page.getByTestId('promo-applied')).toContainText('WELCOME5');

  // One worth more does, and the page says so; a credit voucher shows as its credit, not as $0.00 off.
  await page.getByLabel('Use another promo code').fill('CREDIT20');
  await page.getByTestId('promo-apply').click();
  await expect(page.getByTestId('promo-replaced')).toHaveText('CREDIT20 replaced WELCOME5');
  await expect(page.getByTestId('promo-credit')).toHaveText('$20 credit');
  await expect(page.getByTestId('cart-promo-credit')).toHaveText('$20 credit');
  await expect(page.getByTestId('cart-discount')).toHaveCount(0);
  await expect(page.getByTestId('promo-message')).toHaveText(
    'CREDIT20 adds $20 credit to your balance when you buy this cart.',
  );
  await expect(page.getByTestId('cart-total')).toHaveText(AUD.format(totalCents / 100));
  await expectAccessible(page);

  await page.getByTestId('promo-remove').click();
  await expect(page.getByTestId('promo-applied')).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText(AUD.format(totalCents / 100));

  for (const item of answer.cart.cartItems) {
    await page.getByTestId(`cart-remove-${item.id}`).click();
    await expect(page.getByTestId(`cart-item-${item.id}`)).toHaveCount(0);
  }
  await expect(page.getByTestId('cart-empty')).toContainText('Your cart is empty');
  await expect(page.getByTestId('cart-count')).toHaveText('0');
});

test('a customer reviews the order on /cart/buy', async ({ page }) => {
  test.setTimeout(90_000);
  await join(page, `review-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  const answer = await postQuickPick(page, 2);
  const itemId = answer.cart.cartItems[0]?.id ?? '';

  await page.goto('/cart');
  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/cart\/buy$/);
  const review = page.getByTestId('cart-buy-page');
  await expect(review.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByTestId('checkout-steps')).toHaveAttribute('data-checkout-step', 'select_payment');
  await expect(review.getByTestId(`cart-item-${itemId}`)).toContainText(/powerball/i);
  await expect(page.getByTestId('cart-total')).toHaveText(AUD.format(answer.cart.cartTotal.amount));
  await expect(page.getByTestId('due-now')).toHaveText(AUD.format(answer.cart.cartTotal.amount));
  await expect(page.getByTestId('pay-button')).toBeEnabled();
});

test('a signed-out visitor on /cart/buy is sent to the checkout sign-in step', async ({ page }) => {
  await page.goto('/cart/buy');
  await expect(page).toHaveURL(/\/checkout\/login\?redirectTo=%2Fcart%2Fbuy$/);
  await expect(page.getByTestId('checkout-steps')).toHaveAttribute('data-checkout-step', 'login_register');
  await expect(page.getByTestId('login-form')).toBeVisible();
});

test('a visitor edits an entry from the cart and updates it in place', async ({ page }) => {
  await page.goto('/powerball');
  const answer = await postQuickPick(page, 1);
  const itemId = answer.cart.cartItems[0]?.id ?? '';

  await page.goto('/cart');
  await page.getByTestId(`cart-edit-${itemId}`).click();
  await expect(page).toHaveURL(new RegExp(`/powerball\\?item=${itemId}$`));
  await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
  const update = page.getByTestId('add-to-cart');
  await expect(update).toHaveText('Update entry');
  await update.click();
  await page.getByTestId('back-to-cart').click();

  await expect(page.getByTestId(`cart-item-${itemId}`)).toContainText('1 game');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});
