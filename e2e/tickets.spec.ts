import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { buyPickedGame, payWithNewCard } from './ticket-helpers.ts';

test("a customer's ticket page is theirs alone, and pages that do not exist are the 404 page", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await join(page, `tickets-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  const { ticketUrl } = await buyPickedGame(page, [1, 2, 3, 4, 5, 6, 7], 1);
  const ticketPath = new URL(ticketUrl).pathname;

  // Past the last page, a page number that is not one, an unknown order.
  for (const path of [
    '/my-account/upcoming-tickets/2',
    '/my-account/past-tickets/0',
    '/my-account/upcoming-tickets/x1',
    '/my-account/past-tickets/ticket/00000000-0000-4000-8000-000000000000',
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(404);
  }

  // Another customer opening the first one's ticket page gets the 404 page.
  const other = await browser.newPage({
    baseURL: new URL(ticketUrl).origin,
    extraHTTPHeaders: { 'X-Forwarded-For': `198.18.${Math.floor(Math.random() * 256)}.9` },
  });
  await join(other, `other-${randomUUID()}@example.com`, 'Olga');
  await expect(other.getByTestId('account-button')).toBeVisible();
  expect((await other.goto(ticketPath))?.status()).toBe(404);
  await expect(other.getByTestId('ticket')).toHaveCount(0);
  await other.goto('/my-account/upcoming-tickets');
  await expect(other.getByTestId('tickets-empty')).toBeVisible();
  await other.close();
});

test('raffle tickets show their numbers and syndicate tickets the shares held', async ({ page }) => {
  test.setTimeout(90_000);
  await join(page, `raffles-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/coastal-prize-home');
  const raffle = page.getByTestId('raffle-buy');
  await raffle.getByTestId('raffle-book-3').check();
  await raffle.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.keyboard.press('Escape');
  await page.goto('/powerball-syndicate');
  const syndicate = page.getByTestId('syndicate-buy');
  await syndicate.getByLabel('Number of shares').fill('2');
  await syndicate.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await payWithNewCard(page);

  await page.goto('/my-account/upcoming-tickets');
  const rows = page.getByTestId('ticket-row');
  await expect(rows).toHaveCount(2);
  await rows
    .filter({ hasText: /Coastal Prize Home/ })
    .getByRole('link')
    .click();
  const raffleTicket = page.getByTestId('ticket');
  await expect(raffleTicket.getByTestId('ticket-raffle-numbers').getByRole('listitem')).toHaveCount(3);
  await expect(raffleTicket.getByTestId('ticket-prize')).toHaveText('Not drawn yet');
  await expectAccessible(page);

  await page.goto('/my-account/upcoming-tickets');
  await rows
    .filter({ hasText: /Syndicate/ })
    .getByRole('link')
    .click();
  await expect(page.getByTestId('ticket').first().getByTestId('ticket-shares')).toHaveText(
    'Shares held: 2 shares',
  );
  await expectAccessible(page);
  // The share's own address shows the same ticket; a raffle order is not a share there.
  const orderId = page.url().split('/ticket/')[1]?.split('#')[0] ?? '';
  await page.goto(`/my-account/syndicate-tickets/share/${orderId}`);
  await expect(page.getByTestId('ticket').first().getByTestId('ticket-shares')).toHaveText(
    'Shares held: 2 shares',
  );
  await page.goto('/my-account/upcoming-tickets');
  await rows
    .filter({ hasText: /Coastal Prize Home/ })
    .getByRole('link')
    .click();
  const raffleOrder = page.url().split('/ticket/')[1]?.split('#')[0] ?? '';
  const notShare = await page.goto(`/my-account/syndicate-tickets/share/${raffleOrder}`);
  expect(notShare?.status()).toBe(404);
});
