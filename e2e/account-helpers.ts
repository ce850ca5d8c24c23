import type { Locator } from '@playwright/test';
import { TOTP } from 'otpauth';
import { latestMail, type WireMail } from './api.ts';
import { expect, type Page } from './fixtures.ts';

export const PASSWORD = 'tidal-parsnip-orbit-42';

type Home = { address: string; suburb: string; state: string; postcode: string };
const SYDNEY: Home = { address: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' };

/**
 * Joins through the join form on /login, or on the page already open (`at` null: checkout's
 * /checkout/login), as an adult with a Sydney address unless told another.
 */
export async function join(
  page: Page,
  email: string,
  firstname = 'Ada',
  home: Home = SYDNEY,
  at: string | null = '/login',
  lastname = 'Lovelace',
) {
  if (at) await page.goto(at);
  const form = page.getByTestId('join-form');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('First name').fill(firstname);
  await form.getByLabel('Last name').fill(lastname);
  await fillJoinDetails(form, home);
  await form.getByRole('button', { name: /join/i }).click();
}

/** The join form's date of birth (an adult), phone, address and terms box. */
export async function fillJoinDetails(form: Locator, home: Home = SYDNEY) {
  await form.getByLabel('Date of birth').fill('1990-05-17');
  await form.getByLabel('Phone').fill('0412345678');
  await form.getByLabel('Address', { exact: true }).fill(home.address);
  await form.getByLabel('Suburb').fill(home.suburb);
  await form.getByLabel('State').selectOption(home.state);
  await form.getByLabel('Postcode').fill(home.postcode);
  await form.getByLabel(/terms and conditions/i).check();
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: /sign in|log in/i }).click();
}

export async function signOut(page: Page) {
  await page.getByTestId('account-button').click();
  await page.getByTestId('logout-link').click();
  await expect(page.getByTestId('login-link')).toBeVisible();
}

/**
 * Answers the step-up modal of a sensitive change with the code it mails (the customer has no
 * authenticator); returns that mail, so a later code mail can be told apart from it.
 */
export async function stepUpByEmail(page: Page, email: string): Promise<WireMail> {
  const modal = page.getByTestId('elevation-modal');
  await expect(modal).toBeVisible();
  const mail = await latestMail(email, /code is \d{6}/i);
  await modal.getByTestId('otp-input-0').fill(codeIn(mail.text));
  await modal.getByTestId('otp-continue').click();
  await expect(modal).toBeHidden();
  return mail;
}

/** Types a code into the 6 inputs (the first input spreads a whole code over all six). */
export async function enterCode(page: Page, code: string) {
  await page.getByTestId('otp-input-0').fill(code);
}

/** The six digits of a code mail. */
export function codeIn(text: string): string {
  return /\b(\d{6})\b/.exec(text)?.[1] ?? '';
}

/**
 * An authenticator that, like a person, never types the same code twice: the shop refuses a code
 * already used, so each call takes the next 30-second step, waiting for it when it is too far ahead.
 */
export function authenticator(secret: string) {
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
