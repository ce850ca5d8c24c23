/**
 * The automatic check with the identity sandbox's other test identities (README "Sandbox
 * identities"): `Partial` is told why and offered a document, `Mismatch` is told its details did not
 * match, `Slow` waits while the check is under way and is verified once the late answer is in.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { join } from './account-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

async function checkAutomatically(page: Page, lastname: string) {
  await join(
    page,
    `${lastname.toLowerCase()}-${randomUUID()}@example.com`,
    'Ada',
    undefined,
    '/login',
    lastname,
  );
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/my-account/verify-account');
  const form = page.getByTestId('verify-form');
  await expect(form.getByLabel('Last name')).toHaveValue(lastname);
  await form.getByTestId('verify-submit').click();
  const outcome = page.getByTestId('verify-outcome');
  await expect(outcome).toBeFocused();
  return outcome;
}

test('Partial: name and birth date found, not the address: told why and offered a document', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const outcome = await checkAutomatically(page, 'Partial');
  await expect(outcome).toHaveAttribute('data-outcome', 'not_verified');
  await expect(outcome).toContainText('not your address');
  await expect(outcome).toContainText(/You can verify with “(ConnectID|Driver's licence)” instead\./);
  await expect(page.getByTestId('licence-form')).toBeVisible();
  await expect(page.getByTestId('manual-verification-link')).toBeVisible();
  await expect(page.getByTestId('verification-method-auto_verification')).toContainText(
    'Tried, not verified',
  );
  await expectAccessible(page);
});

test('Mismatch: details that do not match the records are refused, saying what to check', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const outcome = await checkAutomatically(page, 'Mismatch');
  await expect(outcome).toHaveAttribute('data-outcome', 'not_verified');
  await expect(outcome).toContainText('could not match your details');
  await expect(page.getByTestId('verified')).toHaveCount(0);
  await expectAccessible(page);
});

test('Slow: checking while the answer is late, then verified and told in the notifications', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const outcome = await checkAutomatically(page, 'Slow');
  await expect(outcome).toHaveAttribute('data-outcome', 'in_progress');
  await expect(outcome).toContainText('We are checking your details');
  await expect(page.getByTestId('verify-form')).toHaveCount(0);
  // The late answer is asked for by the outbox's identity-check once the check is recorded: the page
  // says so on every visit until it is in, and then the account is verified.
  await expect(async () => {
    await page.goto('/my-account/verify-account');
    await expect(page.getByTestId('verified')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expectAccessible(page);
  await page.goto('/my-account/notifications');
  await expect(page.getByText('Your account is verified').first()).toBeVisible();
});
