import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { postCartItem } from './cart-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';
import { payWithNewCard } from './ticket-helpers.ts';

/** `yyyy-mm-dd` of the Sydney day `days` from now, as a date input takes it. */
function sydneyDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
}

async function openOnly(page: Page, list: string) {
  await page.goto(list);
  const link = page.locator('[data-testid^="recurring-"] h2 a');
  await expect(link).toHaveCount(1);
  await expectAccessible(page);
  await link.click();
  await expect(page.getByTestId('recurring-item')).toBeVisible();
}

test('a customer autoplays Powerball with a minimum jackpot, changes it, pauses until a date, resumes and cancels', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await join(page, `autoplay-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();

  await page.goto('/powerball');
  await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
  await page.getByTestId('quick-pick-0').click();
  await page.getByTestId('num-draws').selectOption('autoplay');
  await expect(page.getByTestId('autoplay-note')).toContainText('Set a minimum jackpot');
  const minimum = page.getByLabel(/Only buy when the jackpot is at least/);
  await expectAccessible(page);
  // The API's rule refuses $0: its words show under the field, and nothing is added.
  await minimum.fill('0');
  await page.getByTestId('add-to-cart').click();
  await expect(minimum).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('number-picker')).toContainText('The minimum jackpot must be more than $0.');
  await expect(page.getByRole('dialog', { name: 'Added to your cart' })).toHaveCount(0);
  await minimum.fill('20,000,000');
  await expect(minimum).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByRole('dialog', { name: 'Added to your cart' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/cart');
  await expect(page.getByTestId('cart-item-recurs')).toHaveText(
    'Autoplay · Jackpots $20 million and over, until you cancel',
  );
  await payWithNewCard(page);

  // The wallet, empty here, is chosen to pay: the page says it cannot pay now.
  await page.goto('/my-account/autoplay');
  const method = page.getByTestId('recurring-method');
  await method.getByLabel('Pay recurring purchases with').selectOption('wallet');
  await method.getByRole('button', { name: 'Save' }).click();
  await expect(method.getByTestId('recurring-method-current')).toHaveText(/^Wallet: it cannot pay now/);

  await openOnly(page, '/my-account/autoplay');
  const item = page.getByTestId('recurring-item');
  await expect(item.getByTestId('recurring-status')).toHaveText('Active');
  await expect(item.getByTestId('last-attempt')).toContainText('Bought on');
  await expect(item.getByTestId('recurring-minimum-jackpot')).toHaveText('$20,000,000.00');
  await expect(item.getByTestId('recurring-frequency')).toHaveText('Jackpots $20 million and over');

  const jackpot = page.getByTestId('minimum-jackpot-form');
  await jackpot.getByLabel(/Buy only when the jackpot is at least/).fill('30000000');
  await jackpot.getByRole('button', { name: 'Save minimum jackpot' }).click();
  await expect(item.getByTestId('recurring-minimum-jackpot')).toHaveText('$30,000,000.00');
  await expect(item.getByTestId('recurring-frequency')).toHaveText('Jackpots $30 million and over');

  const pause = page.getByTestId('pause-form');
  await pause.getByLabel('Pause until').fill(sydneyDate(10));
  await pause.getByRole('button', { name: 'Pause' }).click();
  await expect(item.getByTestId('recurring-status')).toHaveText(/^Paused until /);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(item.getByTestId('recurring-status')).toHaveText('Active');

  // Escape closes the confirmation and gives focus back; nothing is cancelled.
  const cancel = page.getByRole('button', { name: 'Cancel autoplay' });
  await cancel.click();
  const dialog = page.getByTestId('cancel-dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await expect(item.getByTestId('recurring-status')).toHaveText('Active');

  await cancel.click();
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(item.getByTestId('recurring-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('pause-form')).toHaveCount(0);
});

test('a raffle has a draw calendar PDF, and a customer subscribes to a membership from its subscription page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const calendar = await page.request.get('/public/pdf/subscription/coastal-prize-home-calendar.pdf');
  expect(calendar.status()).toBe(200);
  expect(calendar.headers()['content-type']).toBe('application/pdf');
  const bytes = await calendar.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.subarray(-8).toString('latin1')).toContain('%%EOF');
  expect((await page.request.get('/public/pdf/subscription/no-such-offer-calendar.pdf')).status()).toBe(404);

  await join(page, `subscribe-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/subscription');
  await expect(
    page.getByTestId('subscription-offers').getByRole('link', { name: 'Daily Winners Club' }),
  ).toHaveAttribute('href', '/daily-winners/subscription');
  await page.goto('/daily-winners/membership-tiers');
  await page.getByTestId('subscription-link').click();
  await expect(page).toHaveURL(/\/daily-winners\/subscription$/);
  const panel = page.getByTestId('subscription-panel');
  await expect(panel.getByTestId('subscription-frequency')).toHaveText('Monthly');
  await expectAccessible(page);

  await panel.getByLabel('How often you pay').selectOption({ label: 'Monthly: $10.00' });
  await panel.getByTestId('add-to-cart').click();
  await expect(page.getByRole('dialog', { name: 'Added to your cart' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-item-recurs')).toHaveText('Subscription · Monthly, until you cancel');
  await payWithNewCard(page);

  await openOnly(page, '/my-account/subscriptions');
  await expect(page.getByTestId('recurring-frequency')).toHaveText('Monthly');
  await expect(page.getByTestId('recurring-status')).toHaveText('Active');
});

test('a customer subscribes to a raffle from its subscription page and finds it in My account', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await join(page, `raffle-subscribe-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/coastal-prize-home');
  await page.getByTestId('subscription-link').click();
  await expect(page).toHaveURL(/\/coastal-prize-home\/subscription$/);
  const panel = page.getByTestId('subscription-panel');
  await expect(panel.getByTestId('subscription-frequency')).toHaveText('Every draw');
  await expect(panel.getByTestId('calendar-pdf')).toHaveAttribute(
    'href',
    '/public/pdf/subscription/coastal-prize-home-calendar.pdf',
  );
  await expectAccessible(page);

  await panel.getByLabel('Ticket book each draw').selectOption({ index: 0 });
  await panel.getByTestId('add-to-cart').click();
  await expect(page.getByRole('dialog', { name: 'Added to your cart' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-item-recurs')).toHaveText(
    'Subscription · Every draw, until you cancel',
  );
  await expectAccessible(page);
  await payWithNewCard(page);

  await openOnly(page, '/my-account/subscriptions');
  await expect(page.getByTestId('recurring-frequency')).toHaveText('Every draw');
  await expect(page.getByTestId('recurring-status')).toHaveText('Active');
});

test('a pre-order waits in My account and is cancelled before its draw opens', async ({ page }) => {
  test.setTimeout(90_000);
  await join(page, `pre-order-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/powerball');
  const second = await page
    .getByTestId('draws-powerball')
    .locator('tbody tr')
    .nth(1)
    .locator('td')
    .first()
    .textContent();
  const drawNo = Number(/Draw (\d+)/.exec(second ?? '')?.[1]);
  expect(drawNo).toBeGreaterThan(0);
  await postCartItem(page, {
    lottery: 'powerball',
    game_type: 'standard',
    game_offer: 'powerball-standard',
    games: [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [8] }],
    quickpick: false,
    num_draws: 1,
    first_draw_no: drawNo,
  });
  // Nothing is due now: a pre-order is charged when its draw opens.
  await page.goto('/cart/buy');
  await expect(page.getByTestId('due-now')).toHaveText('$0.00');
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/receipt\/[\w-]+$/);

  await page.goto('/my-account/recurring-purchases');
  const scheduled = page.getByTestId('scheduled-list');
  await expect(scheduled.getByRole('listitem')).toHaveCount(1);
  await expect(scheduled).toContainText(`Draw ${drawNo}`);
  await scheduled.getByRole('link').click();
  const item = page.getByTestId('scheduled-purchase');
  await expect(item.getByTestId('scheduled-status')).toHaveText(/nothing has been charged yet/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Cancel pre-order' }).click();
  await page.getByTestId('cancel-dialog').getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(item.getByTestId('scheduled-status')).toHaveText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel pre-order' })).toHaveCount(0);
});
