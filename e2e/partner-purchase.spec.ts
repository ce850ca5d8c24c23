import { randomUUID } from 'node:crypto';
import { join, signOut } from './account-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';
import { fillNewCard } from './ticket-helpers.ts';
import { depositWithNewCard } from './wallet-helpers.ts';

const PARTNER = '/purchase/riverbend-club';

/** A new customer with `amount` dollars in the balance, topped up by card. */
async function fundedCustomer(page: Page, name: string, amount: string) {
  await join(page, `${name}-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await depositWithNewCard(page, amount);
  await expect(page).toHaveURL(/\/my-account\/deposit\/details\/[\w-]+\/success$/);
}

test("a visitor buys through the partner's page and sees the partner receipt; an empty purchase is refused", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(PARTNER);
  await expect(page.getByTestId('partner-header')).toContainText('Riverbend Community Club');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Buy tickets with Riverbend Community Club',
  );
  await expectAccessible(page);

  const raffle = page.getByTestId('partner-offer').filter({ hasText: 'Bush Rescue Dream Car Raffle' });
  await raffle.getByLabel('Tickets').selectOption('3');
  await page.getByTestId('partner-choose-bush-rescue-car-raffle').click();
  await expect(page.getByTestId('partner-cart-total')).toHaveText('Total $10.00');
  await expect(page.getByTestId('partner-buy')).toHaveText('Sign in to buy');
  await expectAccessible(page);

  await fundedCustomer(page, 'partner', '30');
  await page.goto(`${PARTNER}?offer=bush-rescue-car-raffle&book=3`);
  await expect(page.getByTestId('partner-cart-line')).toContainText('Bush Rescue Dream Car Raffle');
  await page.getByTestId('partner-buy').click();
  await expect(page).toHaveURL(/\/purchase\/riverbend-club\/receipt\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Thank you for supporting Riverbend Community Club',
  );
  await expect(page.getByTestId('partner-header')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('receipt-reference')).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A purchase with nothing chosen (the form sent without an offer) is refused on the page.
  await page.goto(PARTNER);
  // (A script string: the journeys are typed without the DOM's types.)
  await page.evaluate(`(() => {
    const form = document.createElement('form');
    form.method = 'post';
    const key = document.createElement('input');
    key.type = 'hidden';
    key.name = 'attemptKey';
    key.value = crypto.randomUUID();
    form.append(key);
    document.body.append(form);
    form.submit();
  })()`);
  await expect(page.getByTestId('partner-error')).toHaveText('Attempted to purchase an empty partner cart.');
  await expectAccessible(page);

  for (const path of [`${PARTNER}/somewhere/else`, '/purchase/no-such-club']) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
  }
});

test('a customer puts a past order back in the cart with Buy these again and checks out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await fundedCustomer(page, 'replay', '100');
  await page.goto(`${PARTNER}?offer=powerball`);
  await page.getByTestId('partner-buy').click();
  await expect(page).toHaveURL(/\/purchase\/riverbend-club\/receipt\/[\w-]+$/);
  const checkoutId = page.url().split('/').pop() ?? '';

  // The order's own page offers it again too.
  await page.goto('/my-account/upcoming-tickets');
  await page.getByTestId('ticket-row').first().getByRole('link').first().click();
  await expect(page.getByTestId('buy-again')).toHaveAttribute('href', `/cart/replay/${checkoutId}`);

  await page.goto(`/receipt/${checkoutId}`);
  await page.getByTestId('buy-again').click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('notification')).toContainText('The entries of your order are in your cart');
  const lines = page.locator('li[data-testid^="cart-item-"]');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('Powerball');
  await expectAccessible(page);

  // Asked again (a double click), the entries are put in once.
  await page.goto(`/cart/replay/${checkoutId}`);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(lines).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/cart\/buy$/);
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/receipt\/[\w-]+$/);
  await expect(page.getByTestId('receipt-page')).toContainText('Powerball');

  // Another customer's order is not found.
  await signOut(page);
  await join(page, `other-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  const answer = await page.goto(`/cart/replay/${checkoutId}`);
  expect(answer?.status()).toBe(404);
});

/** A new customer with no balance, on the partner's page with three Bush Rescue car raffle tickets chosen. */
async function newBuyerAtCarRaffle(page: Page, name: string) {
  await join(page, `${name}-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto(`${PARTNER}?offer=bush-rescue-car-raffle&book=3`);
}

test("a customer without balance pays the partner's item by a new card and sees the partner receipt", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await newBuyerAtCarRaffle(page, 'partner-card');
  await expect(page.getByTestId('partner-cart-total')).toHaveText('Total $10.00');
  await expect(page.getByTestId('payment-step')).toBeVisible();
  await expect(page.getByTestId('use-balance')).toHaveCount(0);
  await expect(page.getByTestId('due-now')).toHaveText('$10.00');
  await expect(page.getByTestId('pay-new-card')).toBeChecked();
  await fillNewCard(page, '4242 4242 4242 4242');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('pay-button').click();

  await expect(page).toHaveURL(/\/purchase\/riverbend-club\/receipt\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Thank you for supporting Riverbend Community Club',
  );
  await expect(page.getByTestId('receipt-reference')).toBeVisible();
});

test("a card that asks for 3-D Secure pays the partner's item after the check and ends on the partner receipt", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await newBuyerAtCarRaffle(page, 'partner-challenge');
  await fillNewCard(page, '4000 0000 0000 3220');
  await page.getByTestId('pay-button').click();

  const dialog = page.getByTestId('challenge-dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page
    .frameLocator('[data-testid="challenge-frame"]')
    .getByRole('button', { name: 'Complete authentication' })
    .click();

  await expect(page).toHaveURL(/\/purchase\/riverbend-club\/receipt\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Thank you for supporting Riverbend Community Club',
  );
  await expect(page.getByTestId('receipt-reference')).toBeVisible();
});
