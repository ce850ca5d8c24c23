import { randomUUID } from 'node:crypto';
import { TOTP } from 'otpauth';
import { latestMail } from './api.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const PASSWORD = 'tidal-parsnip-orbit-42';

async function join(page: import('@playwright/test').Page, email: string) {
  await page.goto('/login');
  const form = page.getByTestId('join-form');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Date of birth').fill('1990-05-17');
  await form.getByLabel('Phone').fill('0412345678');
  await form.getByLabel('Address', { exact: true }).fill('1 George Street');
  await form.getByLabel('Suburb').fill('Sydney');
  await form.getByLabel('State').selectOption('NSW');
  await form.getByLabel('Postcode').fill('2000');
  await form.getByLabel(/terms and conditions/i).check();
  await form.getByRole('button', { name: /join/i }).click();
}

async function signIn(page: import('@playwright/test').Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: /sign in|log in/i }).click();
}

async function signOut(page: import('@playwright/test').Page) {
  await page.getByTestId('account-button').click();
  await page.getByTestId('logout-link').click();
  await expect(page.getByTestId('login-link')).toBeVisible();
}

async function enterCode(page: import('@playwright/test').Page, code: string) {
  await page.getByTestId('otp-input-0').fill(code);
}

/**
 * An authenticator that, like a person, never types the same code twice: the shop refuses a code
 * already used, so each call takes the next 30-second step, waiting for it when it is too far ahead.
 */
function authenticator(secret: string) {
  const totp = new TOTP({ secret, digits: 6, period: 30 });
  let last = -1;
  return async (): Promise<string> => {
    const now = () => Math.floor(Date.now() / 30_000);
    const counter = Math.max(now(), last + 1);
    while (counter > now() + 1) await new Promise((r) => setTimeout(r, 500));
    last = counter;
    return totp.generate({ timestamp: counter * 30_000 });
  };
}

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
  await form.getByRole('button', { name: /change password/i }).click();
  const modal = page.getByTestId('elevation-modal');
  await expect(modal).toContainText('2 factor authentication is required to complete this action');
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
