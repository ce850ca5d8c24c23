import { randomUUID } from 'node:crypto';
import {
  authenticator,
  codeIn,
  enterCode,
  join,
  PASSWORD,
  signIn,
  stepUpByEmail,
} from './account-helpers.ts';
import { latestMail } from './api.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test('the join form says what is missing, in the words customers read, and focuses the first field', async ({
  page,
}) => {
  await page.goto('/login');
  const form = page.getByTestId('join-form');
  await form.getByRole('button', { name: /join/i }).click();
  await expect(form.getByLabel('Email', { exact: true })).toBeFocused();
  await expect(form).toContainText('You must agree to the terms and conditions to proceed.');
  await expectAccessible(page);
});

test('a forgotten password is reset by the mailed link, then email codes guard the sign-in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `max-${randomUUID()}@example.com`;
  await join(page, email, 'Max');
  await expect(page).toHaveURL(/\/my-account/);
  await page.context().clearCookies();

  await page.goto('/forgot-password');
  await page.getByTestId('forgot-password-form').getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /send me a link/i }).click();
  await expect(page).toHaveURL(/\/check-email/);
  await expect(page.getByTestId('resend-link')).toBeDisabled();
  await expectAccessible(page);
  const mail = await latestMail(email, /password/i);
  const link = new URL(/(http\S+forgot-password\?token=\S+)/.exec(mail.text)?.[1] ?? 'http://missing');
  await page.goto(link.pathname + link.search);
  await page.getByTestId('reset-password-form').getByLabel('New password').fill(`${PASSWORD}-2`);
  await page.getByTestId('reset-password-form').getByLabel('Confirm password').fill(`${PASSWORD}-2`);
  await page.getByRole('button', { name: /save my new password/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('notification')).toContainText(/password has been changed/i);
  // The link works once.
  await page.goto(link.pathname + link.search);
  await page.getByTestId('reset-password-form').getByLabel('New password').fill(`${PASSWORD}-3`);
  await page.getByTestId('reset-password-form').getByLabel('Confirm password').fill(`${PASSWORD}-3`);
  await page.getByRole('button', { name: /save my new password/i }).click();
  await expect(page.getByTestId('reset-password-form')).toContainText(/no longer valid|expired|invalid/i);

  await signIn(page, email, `${PASSWORD}-2`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/my-account/login-and-security');
  await page.getByTestId('enable-email-codes').click();
  // Turning the second factor on is a sensitive change: a step-up code first, then the set-up code.
  const stepUpMail = await stepUpByEmail(page, email);
  await enterCode(page, codeIn((await latestMail(email, /code/i, 10_000, stepUpMail)).text));
  await page.getByTestId('otp-continue').click();
  await expect(page.getByTestId('two-factor-status')).toContainText(/email codes/i);

  await page.context().clearCookies();
  await signIn(page, email, `${PASSWORD}-2`);
  await expect(page.getByTestId('otp-input-0')).toBeVisible();
  await expectAccessible(page);
  await page.getByTestId('otp-continue').click();
  await expect(page.getByText('A 6 digit code is required.')).toBeVisible();
  // Pasted text is trimmed and cut to six digits.
  await enterCode(page, '12 34 56 78');
  await expect(page.getByTestId('otp-input-5')).toHaveValue('6');
  await page.getByTestId('otp-continue').click();
  await expect(page.getByText('Code is incorrect or expired. Try again or contact support')).toBeVisible();
  await enterCode(page, codeIn((await latestMail(email, /code/i)).text));
  await page.getByTestId('otp-continue').click();
  await expect(page.getByTestId('account-button')).toBeVisible();
});

test('five wrong authenticator codes lock the sign-in', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `lou-${randomUUID()}@example.com`;
  await join(page, email, 'Lou');
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/my-account/login-and-security');
  await page.getByTestId('enable-authenticator').click();
  await stepUpByEmail(page, email);
  const secret = (await page.getByTestId('authenticator-secret').textContent())?.replace(/\s+/g, '') ?? '';
  await enterCode(page, '000000');
  await page.getByTestId('otp-continue').click();
  await expect(page.getByText('Code is incorrect or expired. Try again or contact support')).toBeVisible();
  await enterCode(page, await authenticator(secret)());
  await page.getByTestId('otp-continue').click();
  await expect(page.getByTestId('two-factor-status')).toContainText(/authenticator/i);

  await page.context().clearCookies();
  await signIn(page, email);
  for (let i = 0; i < 5; i += 1) {
    await enterCode(page, `00000${i}`);
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByTestId('otp-continue').click(),
    ]);
    await expect(page.getByTestId('otp-input-0')).toHaveValue('');
  }
  await expect(page.getByText('Account locked')).toBeVisible();
  await expect(page.getByText(/too many incorrect 2FA attempts/)).toBeVisible();
  await expect(page.getByTestId('otp-input-0')).toBeDisabled();
  await expect(page.getByTestId('otp-continue')).toBeDisabled();
  await expectAccessible(page);
});

test('a customer saves communication preferences and closes the account after a step-up', async ({
  page,
}) => {
  const email = `cc-${randomUUID()}@example.com`;
  await join(page, email, 'Cec');
  await expect(page).toHaveURL(/\/my-account/);
  await page.goto('/communication-preferences');
  await page.getByLabel('Email').check();
  await page.getByRole('button', { name: /save my preferences/i }).click();
  await expect(page.getByTestId('notification')).toContainText(/saved/i);
  await page.reload();
  await expect(page.getByLabel('Email')).toBeChecked();
  await expectAccessible(page);

  await page.goto('/close-my-account');
  await page.getByTestId('close-account-form').getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: /close my account/i }).click();
  const modal = page.getByTestId('elevation-modal');
  await expect(modal).toBeVisible();
  await enterCode(page, codeIn((await latestMail(email, /code/i)).text));
  await modal.getByTestId('otp-continue').click();
  await expect(page).toHaveURL(/\/close-my-account\/success$/);
  await expect(page.getByTestId('login-link')).toBeVisible();
  await latestMail(email, /closed/i);

  await signIn(page, email);
  await expect(page.getByTestId('login-form')).toContainText(/email or password is incorrect/i);
});

test('an account throttled by wrong passwords still lets its owner in with the right password and a mailed code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `tia-${randomUUID()}@example.com`;
  await join(page, email, 'Tia');
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.context().clearCookies();
  for (let i = 0; i < 10; i += 1) {
    await signIn(page, email, `not-the-password-${i}`);
    await expect(page.getByTestId('login-form')).toContainText(/email or password is incorrect/i);
  }

  await signIn(page, email);
  await expect(page.getByText(/too many failed sign-in attempts/i)).toBeVisible();
  await expectAccessible(page);
  const mail = await latestMail(email, /code is \d{6}/i);
  const code = codeIn(mail.text);
  await enterCode(page, code === '000000' ? '111111' : '000000');
  await page.getByTestId('otp-continue').click();
  await expect(
    page.getByText(/the code is wrong or has expired, or the password was not right/i),
  ).toBeVisible();
  await enterCode(page, code);
  await page.getByTestId('otp-continue').click();
  await expect(page.getByTestId('account-button')).toBeVisible();
});
