import { randomUUID } from 'node:crypto';
import { join, PASSWORD } from './account-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test('the join form refuses a post code of another state, an age over 120 and a name with markup', async ({
  page,
}) => {
  await page.goto('/login');
  const form = page.getByTestId('join-form');
  const country = form.getByLabel('Country');
  await expect(country).toHaveValue('AU');
  await expect(country.locator('option').first()).toHaveText('Australia');
  await form.getByLabel('Email', { exact: true }).fill(`kim-${randomUUID()}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('First name').fill('<img src=x>');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Date of birth').fill('1900-01-01');
  await form.getByLabel('Phone').fill('0412345678');
  await form.getByLabel('Address', { exact: true }).fill('1 George Street');
  await form.getByLabel('Suburb').fill('Sydney');
  await form.getByLabel('State').selectOption('NSW');
  await form.getByLabel('Postcode').fill('3000');
  await form.getByLabel(/terms and conditions/i).check();
  await form.getByRole('button', { name: /join/i }).click();
  await expect(form).toContainText('3000 is not a postcode in NSW.');
  await expect(form).toContainText('Please enter a valid date of birth.');
  await expect(form).toContainText('Please use letters, spaces, hyphens, apostrophes and full stops only.');
  await expect(page).toHaveURL(/\/login/);
  await expectAccessible(page);
});

test('a new customer sees the date of birth in en-AU, Confirm on the banner, and a password confirmation that must match', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `ivy-${randomUUID()}@example.com`;
  await join(page, email, 'Ivy');
  await expect(page).toHaveURL(/\/my-account/);

  await page.goto('/my-account/my-details');
  await expect(page.getByTestId('date-of-birth')).toHaveText('17 May 1990');
  await expect(page.getByTestId('my-details-form').getByLabel('Country')).toHaveValue('AU');

  // The email is not confirmed yet: the banner has Confirm and Update; Confirm sends a new link.
  await page.goto('/lotto-tickets');
  const banner = page.getByTestId('confirmation-banner');
  await expect(banner.getByRole('link', { name: 'Update' })).toBeVisible();
  await banner.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/lotto-tickets/);
  await expect(page.getByTestId('notification').first()).toContainText('open the link we have just sent you');

  await page.goto('/change-Password');
  const form = page.getByTestId('change-password-form');
  await form.getByLabel(/current password/i).fill(PASSWORD);
  await form.getByLabel(/^new password/i).fill(`${PASSWORD}-new`);
  await form.getByLabel('Confirm password').fill(`${PASSWORD}-other`);
  await form.getByRole('button', { name: /change password/i }).click();
  await expect(form).toContainText('Your password does not match.');
  await expectAccessible(page);
});
