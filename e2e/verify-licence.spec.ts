import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test('a customer verifies with their driver’s licence: a wrong format is refused under its field, then a valid licence verifies', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await join(page, `licence-${randomUUID()}@example.com`, 'Ada', undefined, '/login', 'Verified');
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/my-account/verify-account');
  await expect(page.getByTestId('verification-method-drivers_licence')).toContainText('Available');

  const form = page.getByTestId('licence-form');
  await expect(form.getByLabel('Last name')).toHaveValue('Verified');
  await form.getByLabel('State or territory that issued your licence').selectOption('NSW');
  const licence = form.getByLabel('Licence number');
  await expect(licence).toHaveAccessibleDescription(/6 to 8 letters or digits/);
  await licence.fill('123');
  await form.getByLabel('Card number').fill('1234567890');
  await expectAccessible(page);
  await form.getByTestId('licence-submit').click();
  await expect(licence).toHaveAccessibleDescription(/New South Wales licence number is 6 to 8/);
  await expect(licence).toBeFocused();

  await licence.fill('12345678');
  await form.getByTestId('licence-submit').click();
  const outcome = page.getByTestId('verify-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'verified');
  await expect(outcome).toContainText('Your account is verified');
  await expect(outcome).toBeFocused();
  await expect(page.getByTestId('licence-form')).toHaveCount(0);
  await expectAccessible(page);
});
