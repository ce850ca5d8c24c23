import { randomUUID } from 'node:crypto';
import { expect, test } from './back-office-helpers.ts';
import { joinedOperator, operatorBrowser } from './back-office-queues-helpers.ts';
import { expectAccessible } from './fixtures.ts';

test('support reads the feedback a guest sent from the shop, filtered by rating', async ({
  page,
  browser,
}) => {
  const comment = `The results pages are clear ${randomUUID().slice(0, 8)}`;
  await page.goto('/about');
  await page.getByTestId('feedback-open').click();
  const modal = page.getByRole('dialog', { name: 'Give Feedback' });
  await modal.getByRole('radio', { name: 'Satisfied', exact: true }).check();
  await modal.getByPlaceholder('Any Feedback - we are all ears! (optional)').fill(comment);
  await modal.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(modal.getByTestId('feedback-complete')).toBeVisible();

  const { context, page: ops } = await operatorBrowser(
    browser,
    await joinedOperator('voice', 'support'),
    '/feedback',
  );
  await expect(ops.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  const row = ops.getByRole('row', { name: new RegExp(comment) });
  await expect(row).toContainText('Satisfied');
  await expect(row).toContainText('/about');
  await expect(row).toContainText('Web');
  await expectAccessible(ops);

  await ops.getByLabel('Rating').selectOption('not_satisfied');
  await ops.getByRole('button', { name: 'Show' }).click();
  await expect(ops).toHaveURL(/rating=not_satisfied/);
  await expect(ops.getByRole('row', { name: new RegExp(comment) })).toHaveCount(0);
  await ops.getByLabel('Rating').selectOption('satisfied');
  await ops.getByRole('button', { name: 'Show' }).click();
  await expect(ops.getByRole('row', { name: new RegExp(comment) })).toBeVisible();
  await context.close();
});
