import { expect, test } from './back-office-helpers.ts';
import { joinedOperator, operatorBrowser } from './back-office-queues-helpers.ts';
import { expectAccessible } from './fixtures.ts';

test('a support operator sees the chat switch and the chat hours; the demo has chat switched off', async ({
  browser,
}) => {
  const who = await joinedOperator('chat', 'support');
  const { context, page: ops } = await operatorBrowser(browser, who, '/');
  await ops
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Support chat' })
    .click();
  await expect(ops.getByRole('heading', { level: 1, name: 'Support chat' })).toBeVisible();
  await expect(ops.getByTestId('chat-state')).toHaveText('The shop does not offer Chat Online now.');
  await expect(ops.getByRole('listitem').filter({ hasText: 'Monday: 09:00 to 17:00' })).toBeVisible();
  await expect(ops.getByLabel(/A chat team is on duty/)).not.toBeChecked();
  await expectAccessible(ops);
  await context.close();
});
