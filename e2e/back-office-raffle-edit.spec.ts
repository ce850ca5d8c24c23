import { randomBytes, randomUUID } from 'node:crypto';
import { formatDrawDate } from '@drawhouse/domain';
import { join } from './account-helpers.ts';
import { expect, keepScreenshot, test } from './back-office-helpers.ts';
import { auditOf, joinedOperator, operatorBrowser } from './back-office-queues-helpers.ts';
import { expectAccessible } from './fixtures.ts';

const DAY_MS = 86_400_000;
const SOLD_TERMS = 'Tickets have been sold on these terms, so they can no longer change.';
const pad = (n: number) => String(n).padStart(2, '0');
/** A `datetime-local` value at 20:00 local time `days` from now, and the instant it is. */
function eveningIn(days: number) {
  const d = new Date(Date.now() + days * DAY_MS);
  const local = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T20:00`;
  return { local, at: new Date(local) };
}

test('a content operator edits a sold raffle: prices and prizes frozen with the reason, an earlier close refused beside its field, a new description and a later close saved, shown by the shop and audited', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const who = await operatorBrowser(browser, await joinedOperator('raffle-edit', 'content'), '/raffles/new');
  const { context, page: ops } = who;

  const suffix = randomBytes(3).toString('hex');
  const name = `Lifesavers Boat Raffle ${suffix}`;
  const key = `lifesavers-boat-raffle-${suffix}`;
  const first = eveningIn(14);
  await ops.getByLabel('Name').fill(name);
  await ops.getByLabel('Description').fill('Win a boat.');
  await ops.getByLabel('Tickets', { exact: true }).fill('300');
  await ops.getByLabel('Closes').fill(first.local);
  await ops.getByLabel('Price of book 1 ($)').fill('5');
  await ops.getByLabel('Prize 1', { exact: true }).fill('Quintrex tinny');
  await ops.getByLabel('Value of prize 1 ($)').fill('30000');
  await ops.getByRole('button', { name: 'Create the raffle' }).click();
  await expect(ops.getByRole('heading', { level: 1, name })).toBeVisible();
  const form = ops.getByRole('form', { name: 'Edit the raffle' });
  // Nothing sold yet: every field may change.
  await expect(form.getByLabel('Price of book 1 ($)')).toBeEnabled();
  await expectAccessible(ops);

  // A customer buys a ticket in the shop.
  await join(page, `raffle-edit-${randomUUID()}@example.com`, 'Ada');
  await expect(page.getByTestId('account-button')).toBeVisible();
  // The shop's offers are reused for a few seconds (as draws are): the raffle is on sale within them.
  await expect.poll(async () => (await page.request.get(`/${key}`)).status(), { timeout: 15_000 }).toBe(200);
  await page.goto(`/${key}`);
  const panel = page.getByTestId('raffle-buy');
  await panel.getByTestId('raffle-book-1').check();
  await panel.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/cart/buy');
  await page.getByTestId('pay-wallet-gp').check();
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/receipt\/[\w-]+$/);

  // Sold: the terms its buyer bought on are frozen, each with the reason.
  await ops.reload();
  await expect(ops.getByText('1 of 300')).toBeVisible();
  await expect(form.getByLabel('Name')).toBeDisabled();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription(SOLD_TERMS);
  await expect(form.getByLabel('Cause')).toBeDisabled();
  await expect(form.getByLabel('Price of book 1 ($)')).toBeDisabled();
  await expect(form.getByLabel('Value of prize 1 ($)')).toBeDisabled();
  await expect(form.getByRole('group', { name: 'Ticket prices' })).toHaveAccessibleDescription(SOLD_TERMS);
  await expect(form.getByLabel('Free entry by post is offered')).toBeDisabled();
  await expectAccessible(ops);

  // An earlier close is refused beside its field; nothing changes.
  await form.getByLabel('Description').fill('Win a boat and its trailer.');
  await form.getByLabel('Closes').fill(eveningIn(10).local);
  await form.getByRole('button', { name: 'Save the raffle' }).click();
  await expect(ops.getByRole('alert')).toHaveText('Tickets have been sold: these changes are not allowed.');
  await expect(form.getByLabel('Closes')).toHaveAttribute('aria-invalid', 'true');
  await expect(
    ops.getByText('Tickets have been sold: the close time may be extended but never brought forward.'),
  ).toBeVisible();
  await expectAccessible(ops);

  // A later close and the new description are saved, from the keyboard.
  const later = eveningIn(21);
  await form.getByLabel('Closes').fill(later.local);
  await form.getByLabel('Description').focus();
  await ops.keyboard.press('Tab');
  await expect(form.getByLabel('Tickets', { exact: true })).toBeFocused();
  await form.getByRole('button', { name: 'Save the raffle' }).focus();
  await ops.keyboard.press('Enter');
  await expect(ops.getByRole('status')).toHaveText('The raffle is saved. The shop shows it within seconds.');
  const openRow = ops.getByRole('row', { name: /DRAW_OPEN/ });
  await expect(openRow).toBeVisible();
  await expectAccessible(ops);
  await keepScreenshot(ops, 'raffle-edit');

  // The shop's raffle page shows the new description and close.
  await expect(async () => {
    await page.goto(`/${key}`);
    await expect(page.getByText('Win a boat and its trailer.').first()).toBeVisible({ timeout: 1_000 });
    await expect(page.getByTestId(`tickets-left-${key}`)).toContainText(
      `closes ${formatDrawDate(later.at)}`,
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 15_000 });

  // The list finds it by a part of its name, among those on sale, with its sale.
  await ops.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Raffles' }).click();
  await ops.getByLabel('Show').selectOption('on_sale');
  await ops.getByRole('searchbox', { name: 'Raffle' }).fill(`boat raffle ${suffix}`);
  await ops.getByRole('button', { name: 'Search' }).click();
  await expect(ops.getByRole('status')).toHaveText('1 raffle, page 1 of 1.');
  await expect(ops.getByRole('row', { name: new RegExp(name) })).toContainText('1 of 300');
  await ops.getByLabel('Show').selectOption('closed');
  await ops.getByRole('button', { name: 'Search' }).click();
  await expect(ops.getByRole('status')).toHaveText('0 raffles, page 1 of 1.');
  await expectAccessible(ops);

  const audit = await auditOf('raffle', key);
  expect(audit.map((a) => [a.action, a.operator_name])).toEqual([
    ['raffle.created', who.name],
    ['raffle.edited', who.name],
  ]);
  expect(audit[1]?.before).toEqual({ description: 'Win a boat.', closes_at: first.at.toISOString() });
  expect(audit[1]?.after).toEqual({
    description: 'Win a boat and its trailer.',
    closes_at: later.at.toISOString(),
  });
  await context.close();
});
