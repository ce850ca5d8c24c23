import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { AUD, postQuickPick } from './cart-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';
import { fillNewCard } from './ticket-helpers.ts';

const CARDS = {
  succeeds: '4242 4242 4242 4242',
  challengeThenSucceeds: '4000 0000 0000 3220',
  challengeThenDeclined: '4000 0084 0000 1629',
  declined: '4000 0000 0000 0002',
};

/** A signed-up customer with a one-game Powerball quick pick in the cart, on the payment step. */
async function customerAtPayment(page: Page, name: string): Promise<{ totalText: string }> {
  await join(page, `${name}-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  const answer = await postQuickPick(page, 1);
  await page.goto('/cart/buy');
  await expect(page.getByTestId('payment-step')).toBeVisible();
  return { totalText: AUD.format(answer.cart.cartTotal.amount) };
}

test('a visitor picks, adds, joins at checkout, pays with a card and sees the receipt with the tickets', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/powerball');
  await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
  await page.getByTestId('quick-pick-0').click();
  await page.getByTestId('add-to-cart').click();
  const drawer = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect(drawer).toBeVisible();
  const totalText = (await drawer.getByTestId('pre-cart-total').textContent()) ?? '';
  await page.keyboard.press('Escape');

  await page.goto('/cart');
  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/checkout\/login\?redirectTo=%2Fcart%2Fbuy$/);
  await expect(page.getByTestId('checkout-steps')).toHaveAttribute('data-checkout-step', 'login_register');
  await expectAccessible(page);
  await join(page, `checkout-${randomUUID()}@example.com`, 'Ada', undefined, null);

  await expect(page).toHaveURL(/\/cart\/buy$/);
  await expect(page.getByTestId('checkout-steps')).toHaveAttribute('data-checkout-step', 'select_payment');
  await expect(page.getByTestId('due-now')).toHaveText(totalText);
  await expect(page.getByTestId('pay-new-card')).toBeChecked();
  await expect(page.getByTestId('test-cards')).toContainText('4242 4242 4242 4242');
  await fillNewCard(page, CARDS.succeeds);
  await expectAccessible(page);
  await page.getByTestId('pay-button').click();

  await expect(page).toHaveURL(/\/receipt\/[\w-]+$/);
  const receipt = page.getByTestId('receipt-page');
  await expect(receipt.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(receipt.getByTestId('receipt-game')).toHaveCount(1);
  await expect(receipt.getByTestId('receipt-game').first()).toHaveText(/^(Game 1: )?[\d ]+ · Powerball \d+$/);
  await expect(receipt.getByTestId('receipt-paid-now')).toHaveText(totalText);
  await expect(receipt.getByTestId('paid-card')).toHaveText(totalText);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expectAccessible(page);
});

test('a card that asks for 3-D Secure pays after the check in the frame', async ({ page }) => {
  test.setTimeout(90_000);
  const { totalText } = await customerAtPayment(page, 'challenge');
  await fillNewCard(page, CARDS.challengeThenSucceeds);
  await page.getByTestId('pay-button').click();

  const dialog = page.getByTestId('challenge-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('pay-button')).toBeDisabled();
  await expect(dialog).toHaveAttribute('data-frame-size', /^(Small|Medium|Large|ExtraLarge|FullScreen)$/);
  await expectAccessible(page);
  await page
    .frameLocator('[data-testid="challenge-frame"]')
    .getByRole('button', { name: 'Complete authentication' })
    .click();

  await expect(page).toHaveURL(/\/receipt\/[\w-]+$/);
  await expect(page.getByTestId('receipt-paid-now')).toHaveText(totalText);
  await expect(page.getByTestId('receipt-game')).toHaveCount(1);
});

test('a declined card shows the message, charges nothing and leaves the cart as it was', async ({ page }) => {
  test.setTimeout(90_000);
  await customerAtPayment(page, 'declined');
  await fillNewCard(page, CARDS.declined);
  await page.getByTestId('pay-button').click();

  await expect(page.getByRole('alert')).toContainText(/declined/i);
  await expect(page).toHaveURL(/\/cart\/buy$/);
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByTestId('account-button').click();
  await expect(page.getByTestId('account-balance')).toHaveText('$0.00');
  await page.keyboard.press('Escape');
  await expectAccessible(page);
});

test('a card declined after its 3-D Secure check says so on the result page and charges nothing', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await customerAtPayment(page, 'challenge-declined');
  await fillNewCard(page, CARDS.challengeThenDeclined);
  await page.getByTestId('pay-button').click();
  // Escape closes the check: nothing is charged and the customer may pay again (a new attempt).
  await expect(page.getByTestId('challenge-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('challenge-dialog')).toBeHidden();
  await expect(page.getByRole('alert')).toContainText('You closed the card check');
  await expect(page.getByRole('alert')).toBeFocused();
  await page.getByTestId('pay-button').click();
  await page
    .frameLocator('[data-testid="challenge-frame"]')
    .getByRole('button', { name: 'Complete authentication' })
    .click();

  await expect(page).toHaveURL(/\/checkout\/deposit\/[\w-]+\/failure$/);
  await expect(page.getByTestId('deposit-result')).toHaveAttribute('data-state', 'failed');
  await expect(page.getByTestId('deposit-result-message')).not.toBeEmpty();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expectAccessible(page);
  await page.getByTestId('back-to-checkout').click();
  await expect(page.getByTestId('payment-step')).toBeVisible();
});

test('PayPal: approving pays for the order, cancelling charges nothing', async ({ page }) => {
  test.setTimeout(90_000);
  const { totalText } = await customerAtPayment(page, 'paypal');
  await page.getByTestId('pay-paypal').check();
  await page.getByTestId('pay-button').click();
  await page.getByRole('button', { name: 'Cancel and return to Drawhouse' }).click();
  await expect(page).toHaveURL(/\/checkout\/deposit\/[\w-]+\/cancel$/);
  await expect(page.getByTestId('deposit-result')).toHaveAttribute('data-state', 'cancelled');
  await expect(page.getByTestId('deposit-result-message')).toContainText('nothing was charged');
  await expectAccessible(page);

  await page.getByTestId('back-to-checkout').click();
  await expect(page.getByTestId('payment-step')).toBeVisible();
  await page.getByTestId('pay-paypal').check();
  await page.getByTestId('pay-button').click();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/receipt\/[\w-]+$/);
  await expect(page.getByTestId('receipt-paid-now')).toHaveText(totalText);
});

test('Google Pay (test) pays for the order', async ({ page }) => {
  test.setTimeout(90_000);
  const { totalText } = await customerAtPayment(page, 'google-pay');
  await page.getByTestId('pay-wallet-gp').check();
  await expect(page.getByTestId('new-card-form')).toBeHidden();
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/receipt\/[\w-]+$/);
  await expect(page.getByTestId('receipt-paid-now')).toHaveText(totalText);
});
