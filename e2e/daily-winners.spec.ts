import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { makeGiveaway } from './daily-winners-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';
import { depositWithNewCard } from './wallet-helpers.ts';

const dot = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByTestId('membership-dot');

/** Reloads until `check` passes: outbox followers (a deposit's unlock, a paid period) run in a moment. */
async function eventually(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 30_000 });
}

test('a visitor sees the programme, its giveaways and the dot; an unknown giveaway is the 404 page', async ({
  page,
}) => {
  const open = await makeGiveaway('daily', 120);
  await page.goto('/');
  await expect(dot(page)).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /Daily Winners/ })
    .click();
  await expect(page).toHaveURL(/\/daily-winners$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daily Winners');
  const card = page.getByTestId(`giveaway-daily-${open.number}`);
  await expect(card).toContainText(open.title);
  await expect(card.getByTestId('giveaway-pill')).toHaveText('Journey');
  await expect(card).toContainText('First prize: $50.00 ticket credit');
  await expect(card).toContainText(/Closes /);
  await expect(page.getByTestId('membership-cta')).toHaveAttribute('data-kind', 'join-all');
  await expectAccessible(page);

  await card.getByRole('link', { name: open.title }).click();
  await expect(page).toHaveURL(new RegExp(`/daily-winners/giveaways/daily/${open.number}$`));
  await expect(page.getByTestId('giveaway-proof').getByTestId('proof-commitment')).toHaveText(
    /^[0-9a-f]{64}$/,
  );
  await expect(page.getByTestId('giveaway-permits')).toHaveText('Permits: NSW TP/00000');
  await expect(page.getByTestId('verify-draw')).toHaveCount(0);
  await expectAccessible(page);

  for (const path of ['/daily-winners/giveaways/weekly/1', '/daily-winners/giveaways/daily/99999999']) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
  }
});

test('a customer joins free, unlocks a monthly giveaway with a deposit, leaves the dialog by Escape, and goes premium', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await join(page, `winners-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/');
  // A non-member who has not seen the programme's page has the dot; seeing it takes the dot away.
  await expect(dot(page)).toBeVisible();
  await page.goto('/daily-winners');
  await expect(page.getByTestId('membership-status')).toHaveAttribute('data-status', 'non-member');
  await page.goto('/');
  await expect(dot(page)).toHaveCount(0);

  await page.goto('/daily-winners');
  await page.getByTestId('membership-cta').getByTestId('membership-join').click();
  await expect(page.getByTestId('membership-status')).toHaveAttribute('data-status', 'member');
  await expect(page.getByTestId('membership-tier')).toHaveAttribute('data-tier', 'free');

  // A premium giveaway is locked for a free member: the dot is back until it is unlocked.
  const monthly = await makeGiveaway('monthly', 30);
  await page.goto('/daily-winners');
  const card = page.getByTestId(`giveaway-monthly-${monthly.number}`);
  await expect(card.getByTestId('entry-status')).toHaveAttribute('data-status', 'locked');
  await expect(dot(page)).toBeVisible();
  await card.getByRole('button', { name: `Unlock ${monthly.title}` }).click();
  await expect(card.getByTestId('unlock-pending')).toBeVisible();
  await expectAccessible(page);

  await depositWithNewCard(page, '20');
  await expect(page).toHaveURL(/\/my-account\/deposit\/details\/[\w-]+\/success$/);
  await page.goto('/daily-winners');
  await eventually(page, () =>
    expect(card.getByTestId('entry-status')).toHaveAttribute('data-status', 'unlocked'),
  );

  // The leave dialog lists what leaving loses; Escape closes it and nothing changes.
  const leave = page.getByTestId('membership-leave');
  await leave.click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave Daily Winners?' });
  await expect(dialog.getByTestId('leaving-loses').locator('li').first()).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(leave).toBeFocused();
  await expect(page.getByTestId('membership-status')).toHaveAttribute('data-status', 'member');

  // Premium through the cart: every entry guaranteed.
  await page.getByTestId('membership-cta').getByTestId('membership-go-premium').click();
  await expect(page).toHaveURL(/\/daily-winners\/membership-tiers$/);
  await expectAccessible(page);
  await page.getByTestId('membership-buy').getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  // The deposit left $20.00 in the balance: it pays for the month.
  await page.goto('/cart/buy');
  await page.getByRole('button', { name: 'Pay $10.00 from my balance' }).click();
  await expect(page).toHaveURL(/\/receipt\/[\w-]+$/);
  await page.goto('/daily-winners');
  await eventually(page, () =>
    expect(page.getByTestId('membership-tier')).toHaveAttribute('data-tier', 'premium'),
  );
  await expect(card.getByTestId('entry-status')).toHaveAttribute('data-status', 'guaranteed');
  await expect(page.getByTestId('membership-cta')).toHaveAttribute('data-kind', 'premium');
});

test('a member finds a drawn giveaway among their closed giveaways and verifies its draw in the browser', async ({
  page,
}) => {
  await join(page, `drawn-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/daily-winners');
  await page.getByTestId('membership-cta').getByTestId('membership-join').click();
  await expect(page.getByTestId('membership-status')).toHaveAttribute('data-status', 'member');

  const drawn = await makeGiveaway('daily', -1);
  await page.goto('/my-account/closed-giveaways');
  const card = page.getByTestId(`giveaway-daily-${drawn.number}`);
  await expect(card.getByTestId('entry-outcome')).toContainText(/Your entry number: \d+\./);
  await expectAccessible(page);

  await card.getByRole('link', { name: drawn.title }).click();
  await expect(page).toHaveURL(new RegExp(`/daily-winners/giveaways/daily/${drawn.number}$`));
  await expect(page.getByTestId('giveaway-page')).toHaveAttribute('data-state', 'drawn');
  const proof = page.getByTestId('giveaway-proof');
  await expect(proof.getByTestId('proof-seed')).toHaveText(/^[0-9a-f]{64}$/);
  const winning = await proof.getByTestId('proof-winners').textContent();
  const verify = page.getByTestId('verify-draw');
  await verify.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('verify-result')).toHaveAttribute('data-outcome', 'match');
  await expect(page.getByTestId('verify-result')).toContainText(
    `gives the same winning entries (${winning})`,
  );
  await expect(page.getByTestId('giveaway-winners').locator('tbody tr')).toHaveCount(1);
  await expectAccessible(page);
});
