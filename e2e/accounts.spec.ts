import { randomUUID } from 'node:crypto';
import { authenticator, enterCode, join, PASSWORD, signIn, signOut } from './account-helpers.ts';
import { latestMail } from './api.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test('a visitor joins, confirms the email, signs in, changes the password after a step-up and turns on an authenticator', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = `ada-${randomUUID()}@example.com`;
  await join(page, email);
  await expect(page).toHaveURL(/\/my-account/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/my account/i);
  await expectAccessible(page);

  const welcome = await latestMail(email, /confirm your email/i);
  const confirmUrl = new URL(/(http\S+account-verification\S+)/.exec(welcome.text)?.[1] ?? 'http://missing');
  await page.goto(confirmUrl.pathname + confirmUrl.search);
  await expect(page.getByText(/email (address )?(is )?confirmed/i)).toBeVisible();

  await signOut(page);
  await signIn(page, email);
  await expect(page.getByTestId('account-button')).toBeVisible();

  // A sensitive change asks for a fresh code first: without an authenticator, one sent by email.
  await page.goto('/change-Password');
  const form = page.getByTestId('change-password-form');
  await form.getByLabel(/current password/i).fill(PASSWORD);
  await form.getByLabel(/^new password/i).fill(`${PASSWORD}-new`);
  await form.getByLabel('Confirm password').fill(`${PASSWORD}-new`);
  await form.getByRole('button', { name: /change password/i }).click();
  const modal = page.getByTestId('elevation-modal');
  // The customer has no two-factor authentication on: the modal does not say it is required.
  await expect(modal.getByRole('heading')).toHaveText("Confirm it's you to complete this action");
  await expect(modal).not.toContainText('2 factor');
  await expectAccessible(page);
  const codeMail = await latestMail(email, /code is \d{6}/i);
  await enterCode(page, /(\d{6})/.exec(codeMail.subject)?.[1] ?? '');
  await modal.getByTestId('otp-continue').click();
  await expect(page.getByTestId('notification').first()).toContainText(/password/i);

  await page.goto('/my-account/login-and-security');
  await expectAccessible(page);
  await page.getByTestId('enable-authenticator').click();
  await expect(page.getByTestId('authenticator-qr')).toBeVisible();
  const secret = (await page.getByTestId('authenticator-secret').textContent())?.replace(/\s+/g, '') ?? '';
  const nextCode = authenticator(secret);
  await enterCode(page, await nextCode());
  await page.getByTestId('otp-continue').click();
  await expect(page.getByTestId('two-factor-status')).toContainText(/on|enabled/i);
  await expect(page.getByTestId('two-factor-status')).toContainText(
    'Codes come from your authenticator app (',
  );

  await signOut(page);
  await signIn(page, email, `${PASSWORD}-new`);
  await expect(page.getByTestId('otp-input-0')).toBeVisible();
  await enterCode(page, await nextCode());
  await page.getByTestId('otp-continue').click();
  await expect(page.getByTestId('account-button')).toBeVisible();
});

test('a wrong password is refused without saying whether the email exists', async ({ page }) => {
  await signIn(page, `nobody-${randomUUID()}@example.com`, 'not-the-password');
  await expect(page.getByTestId('login-form')).toContainText(/email or password is incorrect/i);
  await expectAccessible(page);
});

test('a protected page sends a signed-out visitor to sign in and back', async ({ page }) => {
  await page.goto('/my-account/my-details');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-account%2Fmy-details/);
  const email = `grace-${randomUUID()}@example.com`;
  await page.getByTestId('join-form').waitFor();
  await join(page, email);
  await expect(page).toHaveURL(/\/my-account\/my-details$/);
  await expect(page.getByTestId('my-details-form')).toBeVisible();
  await expectAccessible(page);
});
