import { expect, test } from './back-office-helpers.ts';
import { joinedOperator, operatorBrowser } from './back-office-queues-helpers.ts';
import { expectAccessible } from './fixtures.ts';

test('an admin bans a country, is refused Australia, and lifts the ban again', async ({ browser }) => {
  const who = await joinedOperator('bans', 'admin');
  const { context, page: ops } = await operatorBrowser(browser, who, '/');
  await ops
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Banned countries' })
    .click();
  await expect(ops.getByRole('heading', { level: 1, name: 'Banned countries' })).toBeVisible();
  const table = ops.getByTestId('banned-countries');
  await expect(table.getByRole('row').filter({ hasText: 'United States' })).toBeVisible();
  await expectAccessible(ops);

  const code = ops.getByLabel('Country code');
  await code.fill('AU');
  await ops.getByRole('button', { name: 'Ban country' }).click();
  await expect(
    ops.getByText('Australia is where the shop sells: it cannot be banned.').first(),
  ).toBeVisible();
  await expectAccessible(ops);

  // Antarctica: no visitor of another journey is located there.
  await ops.getByLabel('Country code').fill('aq');
  await ops.getByRole('button', { name: 'Ban country' }).click();
  await expect(ops.getByRole('status')).toContainText('Antarctica is banned');
  await expect(table.getByRole('row').filter({ hasText: 'Antarctica' })).toBeVisible();

  await ops.getByRole('button', { name: 'Remove Antarctica' }).click();
  await expect(ops.getByRole('status')).toContainText('The shop sells to visitors in Antarctica again.');
  await expect(table.getByRole('row').filter({ hasText: 'Antarctica' })).toHaveCount(0);
  await context.close();
});
