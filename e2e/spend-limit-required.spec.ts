import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { postQuickPick } from './cart-helpers.ts';
import { expect, expectAccessibleAtBothWidths, test } from './fixtures.ts';

const ADELAIDE = { address: '1 King William Street', suburb: 'Adelaide', state: 'SA', postcode: '5000' };

test('a South Australian customer is sent to set a spend limit before buying, then buys, at 1280 and 390 px', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await join(page, `sa-${randomUUID()}@example.com`, 'Sadie', ADELAIDE);
  await expect(page.getByTestId('account-button')).toBeVisible();

  // Every page says why buying waits, with the way to the spend limits.
  const banner = page.getByTestId('spend-limit-banner');
  await expect(banner).toContainText('Set a spend limit before you buy');
  await expectAccessibleAtBothWidths(page);

  // Trying to buy goes to the spend limits page, which explains.
  await page.goto('/cart/buy');
  await expect(page).toHaveURL(/\/my-account\/spend-limits$/);
  await expect(banner).toContainText('The rules of your state ask every customer to choose a spend limit');
  await expect(page.getByTestId('spend-limit-banner-link')).toHaveCount(0);
  await expectAccessibleAtBothWidths(page);

  const add = page.getByTestId('add-spend-limit-form');
  await add.getByLabel('Period').selectOption('weekly');
  await add.getByLabel('Limit ($)').fill('100');
  await add.getByRole('button', { name: 'Set limit' }).click();
  await expect(page.getByTestId('spend-limit-weekly').getByTestId('limit-amount')).toHaveText('$100.00');
  await expect(banner).toHaveCount(0);

  // With a limit set, the cart takes the entry and the payment step opens.
  await postQuickPick(page);
  await page.goto('/cart/buy');
  await expect(page).toHaveURL(/\/cart\/buy$/);
  await expect(page.getByTestId('pay-button')).toBeVisible();
  await expect(page.getByTestId('spend-limit-banner')).toHaveCount(0);
  await expectAccessibleAtBothWidths(page);
});
