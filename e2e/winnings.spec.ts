import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { latestMail } from './api.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';
import { buyPickedGame } from './ticket-helpers.ts';
import { newOperator, operator } from './wallet-helpers.ts';

/*
 * This journey closes and draws the soonest Powerball draw, so it runs in the `draws` project,
 * after every other journey (playwright.config.ts). Alone: `npm run test:e2e -- --no-deps e2e/winnings.spec.ts`.
 */

// Each journey closes the soonest draw in turn: one at a time.
test.describe.configure({ mode: 'serial' });

const PICKED = [3, 8, 14, 19, 22, 27, 31];
const POWERBALL = 7;
/** Four of the picked numbers and the Powerball: division 6 (4 numbers + Powerball). */
const DRAWN = [3, 8, 14, 19, 33, 34, 35];
/** Dollars per winning game by division, as the operators announce them. */
const PRIZES = '1=1000000,2=50000,3=10000,4=5000,5=1000,6=55.40,7=40,8=20,9=10';

/**
 * Closes the draw, then two operators enter the same results with their tokens: the first waits,
 * the second's match publishes them. Answers the first operator's token (who may release held prizes).
 */
async function publishResults(drawNo: string, drawn: readonly number[], prizes: string): Promise<string> {
  const alice = await newOperator('alice');
  const bob = await newOperator('bob');
  await operator('draw:close', 'powerball', drawNo);
  const entry = ['--numbers', drawn.join(','), '--powerball', String(POWERBALL), '--prizes', prizes];
  expect(await operator('draw:results', 'powerball', drawNo, ...entry, '--token', alice.token)).not.toMatch(
    /published/,
  );
  expect(await operator('draw:results', 'powerball', drawNo, ...entry, '--token', bob.token)).toMatch(
    /published/,
  );
  return alice.token;
}

/** Reloads the ticket page until the engine has moved the ticket's prize to `status`. */
async function waitForPayout(page: Page, ticketUrl: string, status: string) {
  await expect(async () => {
    await page.goto(ticketUrl);
    await expect(page.getByTestId('ticket')).toHaveAttribute('data-payout-status', status, { timeout: 500 });
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000] });
}

test('a customer whose Powerball game matches the published results sees the win on the ticket, in the wallet and in the feed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `winner-${randomUUID()}@example.com`;
  await join(page, email, 'Winifred');
  await expect(page.getByTestId('account-button')).toBeVisible();
  const { ticketUrl, drawNo } = await buyPickedGame(page, PICKED, POWERBALL);
  await expectAccessible(page);

  // The printable tickets: printed, only the tickets show, without the shell or the Print button.
  await page.goto('/my-account/print-tickets');
  await expect(page.getByTestId('ticket')).toHaveCount(1);
  await expectAccessible(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('body > header')).toBeHidden();
  await expect(page.getByTestId('print-button')).toBeHidden();
  await expect(page.getByTestId('ticket')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('print-button')).toBeVisible();

  // The draw closes; results are published only once a second operator's entry matches the first.
  await publishResults(drawNo, DRAWN, PRIZES);

  // The engine scores, pays and announces in the background: the ticket page shows it when it is done.
  await waitForPayout(page, ticketUrl, 'paid');

  const ticket = page.getByTestId('ticket');
  await expect(ticket.getByTestId('ticket-result').getByTestId('ticket-ball')).toHaveCount(8);
  const game = ticket.getByTestId('ticket-game');
  await expect(game).toHaveAttribute('data-won', 'true');
  await expect(game.getByTestId('ticket-game-division')).toHaveText('Division 6');
  await expect(game.getByTestId('ticket-game-prize')).toHaveText('$55.40');
  await expect(game.getByTestId('ticket-game-matched')).toHaveText('4 numbers and the Powerball matched');
  // The matched balls are marked for everyone, not by colour alone: a tick, and "matched" in their name.
  const matched = game.locator('[data-testid="ticket-ball"][data-matched]');
  await expect(matched).toHaveCount(5);
  await expect(matched.first()).toContainText('3, matched');
  await expect(matched.first()).toContainText('✓');
  await expect(ticket.getByTestId('ticket-prize')).toHaveText('$55.40');
  await expect(ticket.getByTestId('ticket-payout')).toHaveText('Paid into your wallet');
  await expectAccessible(page);

  // The past tickets list has it, with what it won.
  await page.goto('/my-account/past-tickets');
  await expect(page.getByTestId('ticket-row-outcome')).toHaveText('Won $55.40');
  await expectAccessible(page);

  // The wallet: the prize is the balance, and a transaction.
  await page.goto('/my-account/transactions');
  await expect(page.getByTestId('transaction-row').first()).toContainText('+$55.40');
  await expect(page.getByTestId('transaction-row').first()).toContainText('Prize');
  await expect(page.getByTestId('account-button-balance')).toContainText('$55.40');

  // The feed: the header counts the unread entry; opening the feed shows it and marks it read.
  // The entry is written once the prize is paid, with the win email: it may come a moment later.
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(async () => {
    await page.reload();
    await expect(bell).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000, intervals: [500, 1_000] });
  await bell.click();
  const drawer = page.getByRole('dialog', { name: 'Notifications' });
  const feedEntry = drawer.getByTestId('feed-entry');
  await expect(feedEntry).toHaveCount(1);
  await expect(feedEntry).toContainText('$55.40');
  // Opening the feed marked the entry read (the page behind the open dialog is hidden from the tree).
  await expect(page.getByTestId('notifications-button')).toHaveAttribute('aria-label', 'Notifications');
  await expectAccessible(page);
  await feedEntry.getByRole('link').first().click();
  await expect(drawer).toBeHidden();
  // The entry links the ticket by its own id: it opens the order's page at that ticket.
  await expect(page).toHaveURL(/\/past-tickets\/ticket\/[\w-]+(#ticket-[\w-]+)?$/);
  await expect(page.getByTestId('ticket-page').getByTestId('ticket')).toHaveAttribute(
    'data-payout-status',
    'paid',
  );
  await expect(page.getByTestId('notifications-count')).toHaveCount(0);

  // Escape closes the feed and gives focus back to the button; 'Ok, got it' dismisses the entry.
  await page.getByTestId('notifications-button').click();
  await expect(drawer.getByTestId('feed-entry')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('notifications-button')).toBeFocused();
  await page.getByTestId('notifications-button').click();
  await drawer.getByRole('button', { name: /Ok, got it/ }).click();
  await expect(drawer.getByTestId('feed-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/my-account/notifications');
  await expect(page.getByTestId('feed-empty')).toBeVisible();
  await expectAccessible(page);

  // The win email links the ticket too.
  const mail = await latestMail(email, /^You won \$55\.40!$/);
  const link = new URL(/(http\S+\/ticket\/[\w-]+)/.exec(mail.text)?.[1] ?? 'http://missing');
  await page.goto(link.pathname);
  await expect(page.getByTestId('ticket')).toHaveAttribute('data-payout-status', 'paid');

  // Winners lists show nothing of a winner until they agree to their first name and suburb. Results
  // answers are cached for seconds, so the list may name the previous draw for a moment.
  await expect(async () => {
    await page.goto('/powerball/winners');
    await expect(page.getByTestId('winners-table')).toContainText('A Drawhouse customer', {
      timeout: 1_000,
    });
  }).toPass({ timeout: 40_000 });
  await expect(page.getByTestId('winners-table')).toContainText('$55.40');
  await expect(page.getByTestId('winners-table')).not.toContainText('Winifred');
  // Nor does a search by their name find them: it would tell who they are.
  const searchWinners = page.getByRole('searchbox', { name: 'Search winners' });
  await searchWinners.fill('Winifred');
  await searchWinners.press('Enter');
  await expect(page).toHaveURL(/\/powerball\/winners\?search=Winifred$/);
  await expect(page.getByTestId('winner-search-empty')).toHaveText('No winner matches “Winifred”.');
  await page.goto('/communication-preferences');
  const publicity = page.getByTestId('winner-publicity');
  await expect(publicity.getByLabel(/^Nothing/)).toBeChecked();
  await publicity.getByLabel('My first name and suburb').check();
  await page.getByRole('button', { name: /save my preferences/i }).click();
  await expect(page.getByTestId('notification')).toContainText(/saved/i);
  await page.reload();
  await expect(publicity.getByLabel('My first name and suburb')).toBeChecked();
  await expectAccessible(page);

  // Named now, the winner is found by first name or suburb, and only they are.
  await expect(async () => {
    await page.goto('/powerball/winners?search=winif');
    await expect(page.getByTestId('winners-table')).toContainText('Winifred', { timeout: 1_000 });
  }).toPass({ timeout: 40_000 });
  const found = page.getByTestId('winners-table').locator('tbody tr');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Sydney');
  await expect(found).toContainText('$55.40');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Show all winners' }).click();
  await expect(page).toHaveURL(/\/powerball\/winners$/);
  await expect(page.getByRole('searchbox', { name: 'Search winners' })).toHaveValue('');
});

test('a prize over the approval threshold waits for an operator, then is paid into the wallet', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await join(page, `big-winner-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  const { ticketUrl, drawNo } = await buyPickedGame(page, PICKED, POWERBALL);
  // Six of the numbers and the Powerball: division 3, announced above the approval threshold.
  const alice = await publishResults(
    drawNo,
    [3, 8, 14, 19, 22, 27, 35],
    PRIZES.replace('3=10000', '3=20000'),
  );

  await waitForPayout(page, ticketUrl, 'held');
  const ticket = page.getByTestId('ticket');
  await expect(ticket.getByTestId('ticket-game-division')).toHaveText('Division 3');
  await expect(ticket.getByTestId('ticket-prize')).toHaveText('$20,000.00');
  await expect(ticket.getByTestId('ticket-payout')).toHaveText(/^Awaiting approval/);
  await expect(page.getByTestId('account-button-balance')).toContainText('$0.00');
  await expectAccessible(page);

  await operator('draw:release', 'powerball', drawNo, '--token', alice);
  await waitForPayout(page, ticketUrl, 'paid');
  await expect(page.getByTestId('ticket').getByTestId('ticket-payout')).toHaveText('Paid into your wallet');
  await expect(page.getByTestId('account-button-balance')).toContainText('$20,000.00');
});
