import { postCartItem } from './cart-helpers.ts';
import { expect, expectAccessible, type Page } from './fixtures.ts';

/** Types a new card into the payment form (the browser tokenises it with the gateway). */
export async function fillNewCard(page: Page, number: string) {
  const form = page.getByTestId('new-card-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Name on card').fill('Ada Lovelace');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date').fill('12/34');
  await form.getByLabel('Security code (CSC)').fill('123');
}

/** Pays for the cart with a new test card that needs no check, and waits for the receipt. */
export async function payWithNewCard(page: Page) {
  await page.goto('/cart/buy');
  await fillNewCard(page, '4242 4242 4242 4242');
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/receipt\/[\w-]+$/);
}

/**
 * Buys one picked Powerball game with a new card, then opens it from the upcoming tickets; answers
 * its ticket page and the draw it entered.
 */
export async function buyPickedGame(
  page: Page,
  numbers: readonly number[],
  powerball: number,
): Promise<{ ticketUrl: string; drawNo: string }> {
  await postCartItem(page, {
    lottery: 'powerball',
    game_type: 'standard',
    game_offer: 'powerball-standard',
    games: [{ numbers, powerball: [powerball] }],
    quickpick: false,
    num_draws: 1,
  });
  await payWithNewCard(page);

  await page.goto('/my-account/upcoming-tickets');
  const row = page.getByTestId('ticket-row');
  await expect(row).toHaveCount(1);
  await expectAccessible(page);
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/my-account\/upcoming-tickets\/ticket\/[\w-]+$/);
  const ticket = page.getByTestId('ticket');
  await expect(ticket).toHaveAttribute('data-payout-status', 'no_result');
  await expect(ticket.getByTestId('ticket-game-prize')).toHaveText('Awaiting the draw');
  const heading = (await ticket.getByRole('heading', { level: 2 }).textContent()) ?? '';
  const drawNo = /Draw (\d+)/.exec(heading)?.[1];
  expect(drawNo, `the draw in "${heading}"`).toBeDefined();
  return { ticketUrl: page.url(), drawNo: drawNo ?? '' };
}
