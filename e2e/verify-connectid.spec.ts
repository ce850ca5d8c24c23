import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';

/** A fresh customer with the details of the ConnectID sandbox's Casey Connect. */
async function joinAsCasey(page: Page) {
  await join(page, `connectid-${randomUUID()}@example.com`, 'Casey', undefined, '/login', 'Connect');
  await expect(page.getByTestId('account-button')).toBeVisible();
}

test('a new customer verifies with ConnectID through the sandbox provider’s page; the answer cannot be used twice', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await joinAsCasey(page);
  await page.goto('/my-account/verify-account');
  await expect(page.getByTestId('verification-method-connect_id')).toContainText('Available');
  const section = page.getByTestId('connectid-section');
  await expect(section.getByRole('heading', { name: 'Verify with ConnectID' })).toBeVisible();
  await expectAccessible(page);

  // The shop's form follows the redirect to the provider (its CSP form-action allows it).
  await section.getByTestId('connectid-start').click();
  await expect(page).toHaveURL(/\/interaction\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'ConnectID sandbox' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/Casey Connect, verified by the bank/).check();
  await page.getByRole('button', { name: 'Share my details' }).click();

  await expect(page).toHaveURL(/\/my-account\/verify-account\/connectid\/callback\?/);
  const outcome = page.getByTestId('connectid-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'verified');
  await expect(outcome).toContainText('Your account is verified');
  await expect(outcome).toBeFocused();
  await expectAccessible(page);

  // The same answer again (a reload, or someone replaying the address) is refused.
  await page.reload();
  await expect(outcome).toHaveAttribute('data-outcome', 'refused');
  await expect(outcome).toContainText('has been used already');

  await page.goto('/my-account/verify-account');
  await expect(page.getByTestId('verified')).toBeVisible();
  await expect(page.getByTestId('connectid-section')).toHaveCount(0);
});

/** From the verify page through the provider as `identity`: the callback page's outcome. */
async function shareAs(page: Page, identity: RegExp) {
  await page.goto('/my-account/verify-account');
  await page.getByTestId('connectid-start').click();
  await expect(page.getByRole('heading', { name: 'ConnectID sandbox' })).toBeVisible();
  await page.getByLabel(identity).check();
  await page.getByRole('button', { name: 'Share my details' }).click();
  await expect(page).toHaveURL(/\/my-account\/verify-account\/connectid\/callback\?/);
  return page.getByTestId('connectid-outcome');
}

test('ConnectID details of someone under 18, or with another name, do not verify and say why', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await joinAsCasey(page);
  const young = await shareAs(page, /born 2012: under 18/);
  await expect(young).toHaveAttribute('data-outcome', 'not_verified');
  await expect(young).toContainText('You must be 18 or older');
  await expectAccessible(page);

  const other = await shareAs(page, /Morgan Other/);
  await expect(other).toHaveAttribute('data-outcome', 'not_verified');
  await expect(other).toContainText('could not match your details');

  await page.goto('/my-account/verify-account');
  await expect(page.getByTestId('verification-method-connect_id')).toContainText('Tried, not verified');
  await expect(page.getByTestId('verified')).toHaveCount(0);
});

test('a ConnectID answer with a wrong state is refused and changes nothing', async ({ page }) => {
  test.setTimeout(90_000);
  await joinAsCasey(page);
  await page.goto('/my-account/verify-account/connectid/callback?code=forged-code&state=not-a-state-we-sent');
  const outcome = page.getByTestId('connectid-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'refused');
  await expect(outcome).toContainText('does not belong to a sign-in you started');
  await expect(outcome).toBeFocused();
  await expectAccessible(page);

  await outcome.getByRole('link', { name: 'Back to Verify your account' }).click();
  await expect(page).toHaveURL(/\/my-account\/verify-account$/);
  await expect(page.getByTestId('verification-method-connect_id')).toContainText('Available');
  await expect(page.getByTestId('verified')).toHaveCount(0);
});

test('a customer who cancels at the provider is told nothing was checked', async ({ page }) => {
  test.setTimeout(90_000);
  await joinAsCasey(page);
  await page.goto('/my-account/verify-account');
  await page.getByTestId('connectid-start').click();
  await expect(page.getByRole('heading', { name: 'ConnectID sandbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  const outcome = page.getByTestId('connectid-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'refused');
  await expect(outcome).toContainText('You did not share your details');
  await expectAccessible(page);
});
