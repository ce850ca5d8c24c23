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
  // The public list is cached for a few seconds: the new giveaway shows on a later load.
  await eventually(page, () => expect(card).toContainText(open.title, { timeout: 2_000 }));
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

  // On a phone the items fold into the menu: its button and the item in it carry the dot.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const menu = page.getByTestId('primary-menu-button');
  await expect(menu.getByTestId('membership-dot')).toBeVisible();
  await menu.click();
  const drawer = page.getByRole('navigation', { name: 'Primary menu' });
  await expect(
    drawer.getByRole('link', { name: /Daily Winners/ }).getByTestId('membership-dot'),
  ).toBeVisible();
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
  // Nothing is locked for a premium member: the dot goes.
  await expect(dot(page)).toHaveCount(0);
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

test('a visitor joins from a deposit: logs in first, waits for the deposit, then opens the benefits page and the lists', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/daily-winners/deposit');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdaily-winners%2Fdeposit/);
  await page.getByTestId('join-form').waitFor();
  await join(page, `deposit-${randomUUID()}@example.com`, 'Grace');
  await expect(page).toHaveURL(/\/daily-winners\/deposit$/);
  await expect(page.getByTestId('membership-status')).toHaveAttribute('data-status', 'non-member');
  await expectAccessible(page);
  await page.getByTestId('membership-join-deposit').click();
  await expect(page.getByTestId('membership-status')).toHaveAttribute('data-status', 'pending-deposit');

  const form = page.getByTestId('deposit-form');
  await form.getByTestId('deposit-new-card').check();
  await form.getByLabel('Name on card').fill('Grace Hopper');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry date').fill('12/34');
  await form.getByLabel('Security code (CSC)').fill('123');
  await form.getByLabel('Amount ($)').fill('15');
  await form.getByTestId('deposit-submit').click();
  await expect(page).toHaveURL(/\/my-account\/deposit\/details\/[\w-]+\/success$/);

  await page.goto('/daily-winners');
  await eventually(page, () =>
    expect(page.getByTestId('membership-status')).toHaveAttribute('data-status', 'member'),
  );
  await page.getByTestId('membership-benefits-link').click();
  await expect(page).toHaveURL(/\/daily-winners\/benefits\?token=/);
  await expect(page.getByTestId('benefits-member')).toHaveText('Grace, you are a free member.');
  await expectAccessible(page);
  const forged = await page.goto('/daily-winners/benefits?token=not-a-token');
  expect(forged?.status()).toBe(200);
  await expect(page.getByTestId('benefits-link-invalid')).toBeVisible();

  // The account's lists: page 1 is the list's own address; a page past the last is the 404 page.
  await page.goto('/my-account');
  await page.getByRole('link', { name: 'Current giveaways' }).first().click();
  await expect(page).toHaveURL(/\/my-account\/current-giveaways$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Current giveaways');
  await expectAccessible(page);
  expect((await page.goto('/my-account/closed-giveaways/999'))?.status()).toBe(404);

  await page.goto('/daily-winners/winners');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daily Winners winners');
  await expectAccessible(page);

  // Leaving: the dialog's Leave makes the customer a non-member again.
  await page.goto('/daily-winners');
  await page.getByTestId('membership-leave').click();
  await page.getByRole('alertdialog', { name: 'Leave Daily Winners?' }).getByTestId('leave-confirm').click();
  await expect(page.getByTestId('membership-status')).toHaveAttribute('data-status', 'non-member');
  await expect(page.getByTestId('membership-cta')).toHaveAttribute('data-kind', 'join-all');
});
