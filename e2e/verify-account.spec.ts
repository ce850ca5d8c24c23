import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { depositWithNewCard } from './wallet-helpers.ts';

test('a new customer deposits, verifies their identity as the sandbox’s Verified and sees the $500 cap lifted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `verify-${randomUUID()}@example.com`;
  await join(page, email, 'Ada', undefined, '/login', 'Verified');
  await expect(page.getByTestId('account-button')).toBeVisible();

  await depositWithNewCard(page, '50');
  await expect(page).toHaveURL(/\/my-account\/deposit\/details\/[\w-]+\/success$/);
  await page.goto('/my-account/deposit');
  const capped = page.getByTestId('unverified-deposit');
  await expect(capped).toContainText('capped at $500.00');
  await capped.getByRole('link', { name: 'Verify your account' }).click();

  await expect(page).toHaveURL(/\/my-account\/verify-account$/);
  await expect(page.getByRole('heading', { name: 'Verify your account', level: 1 })).toBeVisible();
  await expect(page.getByTestId('verification-method-auto_verification')).toContainText('Available');
  await expect(page.getByTestId('verification-method-photo_id_upload')).toContainText('Available');
  await expect(page.getByTestId('manual-verification-card')).toBeVisible();
  await expect(page.getByTestId('verification-method-greenid_ui')).toContainText('Not offered on Drawhouse');
  const form = page.getByTestId('verify-form');
  await expect(form.getByLabel('Last name')).toHaveValue('Verified');
  await expectAccessible(page);

  // A date of birth that is not the account's is refused under its field, which takes the focus.
  const birth = form.getByLabel('Date of birth');
  await birth.fill('1991-05-17');
  await form.getByTestId('verify-submit').click();
  await expect(birth).toHaveAccessibleDescription(/date of birth on your account/);
  await expect(birth).toBeFocused();
  await birth.fill('1990-05-17');
  await form.getByTestId('verify-submit').click();

  const outcome = page.getByTestId('verify-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'verified');
  await expect(outcome).toContainText('Your account is verified');
  await expect(outcome).toBeFocused();
  await expect(page.getByTestId('verified')).toBeVisible();
  await expect(page.getByTestId('verify-form')).toHaveCount(0);
  await expectAccessible(page);

  // The cap is lifted: no cap notice, and a $600 deposit goes through.
  await page.goto('/my-account/deposit');
  await expect(page.getByTestId('unverified-deposit')).toHaveCount(0);
  await depositWithNewCard(page, '600');
  await expect(page).toHaveURL(/\/my-account\/deposit\/details\/[\w-]+\/success$/);
  await expect(page.getByTestId('deposit-amount')).toHaveText('$600.00');
});
