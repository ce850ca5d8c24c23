import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { postQuickPick } from './cart-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';

/** Axe at 390 px, then at 1280 px, where the page is left. */
async function accessibleAtBothWidths(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
}

test('a customer takes a break after a confirmation, sees when it ends, and is refused a purchase, at 1280 and 390 px', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await join(page, `break-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await postQuickPick(page);

  await page.goto('/my-account/spend-limits');
  const section = page.getByTestId('take-a-break');
  await expect(section).toBeVisible();
  await accessibleAtBothWidths(page);

  // Self-exclusion offers 6 months at least; a break offers 24 hours to 6 months.
  await section.getByRole('radio', { name: /^Self-exclusion/ }).check();
  await expect(section.getByRole('radio', { name: 'Permanently', exact: true })).toBeVisible();
  await expect(section.getByRole('radio', { name: '24 hours', exact: true })).toHaveCount(0);
  await section.getByRole('radio', { name: /^Take a break/ }).check();
  await section.getByRole('radio', { name: '7 days', exact: true }).check();

  // The dialog asks first; "Not now" changes nothing.
  await section.getByRole('button', { name: 'Take a break' }).click();
  const dialog = page.getByTestId('break-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Take a break for 7 days?' })).toBeVisible();
  await expect(dialog).toContainText('cannot be cancelled or shortened');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toHaveCount(0);

  await section.getByRole('button', { name: 'Take a break' }).click();
  await page.getByTestId('break-dialog').getByRole('button', { name: 'Yes, start it now' }).click();
  await expect(page.getByTestId('notification').first()).toContainText('Your break has started.');
  await expect(page.getByTestId('break-status')).toContainText(
    /You are taking a break from Drawhouse until \w+ \d+ \w+ \d{4} at \d+:\d\d[ap]m \(Sydney time\)/,
  );
  await expect(page.getByTestId('take-a-break')).toHaveCount(0);
  await accessibleAtBothWidths(page);

  // The account summary says when it ends.
  await page.goto('/my-account');
  await expect(page.getByTestId('break-status')).toContainText('You are taking a break');

  // The purchase is refused, saying why and that withdrawals stay open.
  await page.goto('/cart/buy');
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /You are taking a break from Drawhouse until/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('pay-button')).toHaveCount(0);
  await accessibleAtBothWidths(page);
});
