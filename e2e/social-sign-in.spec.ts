import { randomUUID } from 'node:crypto';
import {
  codeIn,
  enterCode,
  fillJoinDetails,
  join,
  PASSWORD,
  signOut,
  stepUpByEmail,
} from './account-helpers.ts';
import { latestMail } from './api.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';

type Typed = { sub: string; email: string; givenName: string; familyName: string };

/** On the sandbox provider's page: signs in as a typed account (a stable subject). */
async function continueAs(page: Page, provider: 'Apple' | 'Google', who: Typed) {
  await expect(page.getByRole('heading', { name: `${provider} sandbox` })).toBeVisible();
  await page.getByLabel('Another account, typed below').check();
  await page.getByLabel(/Account id at the provider/).fill(who.sub);
  await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await page.getByRole('textbox', { name: 'Given name' }).fill(who.givenName);
  await page.getByRole('textbox', { name: 'Family name' }).fill(who.familyName);
  await page.getByRole('button', { name: 'Continue' }).click();
}

function someone(email: string): Typed {
  return { sub: `e2e-${randomUUID()}`, email, givenName: 'Sam', familyName: 'Social' };
}

for (const width of [1280, 390]) {
  test(`an email that has an account: told to log in, linked after the password, then signs in with Google (${width} px)`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const email = `social-${randomUUID()}@example.com`;
    await join(page, email);
    await expect(page.getByTestId('account-button')).toBeVisible();
    await signOut(page);
    const google = someone(email);

    await page.goto('/login');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue with Google' }).first().click();
    await continueAs(page, 'Google', google);

    // An account has the email: neither signed in nor linked until the password is given.
    await expect(page).toHaveURL(/\/login$/);
    const notice = page.getByTestId('social-link-notice');
    await expect(notice).toContainText(`You already have an account with ${email}`);
    await expect(notice).toContainText('link your Google account');
    await expectAccessible(page);
    const form = page.getByTestId('login-form');
    await expect(form.getByLabel('Email', { exact: true })).toHaveValue(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Your Google account is now linked.')).toBeVisible();
    await expect(page.getByTestId('account-button')).toBeVisible();

    // Linked: Google alone signs the customer in now, back to where they were going.
    await signOut(page);
    await page.goto('/login?redirectTo=%2Fmy-account%2Fmy-details');
    await page.getByRole('button', { name: 'Continue with Google' }).first().click();
    await continueAs(page, 'Google', google);
    await expect(page).toHaveURL(/\/my-account\/my-details$/);
    await expect(page.getByTestId('account-button')).toBeVisible();

    // Login and security lists it (`/social-authentication` leads there); unlinking asks for the step-up first.
    await page.goto('/social-authentication');
    await expect(page).toHaveURL(/\/my-account\/login-and-security#sign-in-methods-heading$/);
    const method = page.getByTestId('sign-in-method-google');
    await expect(method).toContainText(`Linked: ${email}`);
    await expectAccessible(page);
    await method.getByRole('button', { name: 'Unlink Google' }).click();
    await stepUpByEmail(page, email);
    await expect(page.getByText('Your Google account is unlinked.')).toBeVisible();
    await expect(method).toContainText('Not linked');
    await expect(method.getByRole('button', { name: 'Link Google' })).toBeVisible();
  });
}

test('a visitor joins with Apple hiding the email (Apple posts its answer), then lands signed in', async ({
  page,
}) => {
  test.slow();
  const apple = someone(`${randomUUID().slice(0, 8)}@privaterelay.appleid.com`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/login');
    await expectAccessible(page);
  }
  // Real Apple posts its answer from its own site (response_mode=form_post); the sandbox redirects,
  // so the journey follows the sandbox's redirects itself up to the shop's address and posts the
  // answer the way Apple does.
  let answer: URL | undefined;
  await page.route(/\/interaction\/[^/]+\/login$/, async (route) => {
    let response = await route.fetch({ maxRedirects: 0 });
    let next = new URL(response.headers().location ?? '', route.request().url());
    while (!next.pathname.startsWith('/social-authentication/')) {
      response = await page.request.get(next.href, { maxRedirects: 0 });
      next = new URL(response.headers().location ?? '', next);
    }
    answer = next;
    await route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Apple</title><main><h1>Answer taken</h1></main></html>',
    });
  });
  await page.getByRole('button', { name: 'Continue with Apple' }).first().click();
  await continueAs(page, 'Apple', apple);
  await expect.poll(() => answer?.searchParams.get('code')).toBeTruthy();
  const posted = await page.request.post('/social-authentication/apple', {
    headers: { Origin: 'https://appleid.apple.com' },
    form: {
      ...Object.fromEntries(answer?.searchParams ?? []),
      user: JSON.stringify({ name: { firstName: 'Sam', lastName: 'Social' }, email: apple.email }),
    },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(303);
  await page.unroute(/\/interaction\/[^/]+\/login$/);
  await page.goto(posted.headers().location ?? '');

  // Nobody has this account or its email: the join form, prefilled, the relay email read-only.
  const form = page.getByTestId('social-join-form');
  await expect(page.getByRole('heading', { name: /Join .* with Apple/ })).toBeVisible();
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(apple.email);
  await expect(form.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await expect(form.getByLabel('First name')).toHaveValue('Sam');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
  // The sign-up's own checks and messages.
  await form.getByRole('button', { name: 'Join' }).click();
  await expect(form.getByText('You must agree to the terms and conditions to proceed.')).toBeVisible();
  await fillJoinDetails(form);
  await form.getByRole('button', { name: 'Join' }).click();

  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await expect(page.getByText('You can now sign in with Apple.')).toBeVisible();

  // Apple is this account's only way in: unlinking it is refused; linking Google is offered.
  await page.goto('/my-account/login-and-security');
  await expect(page.getByTestId('no-password')).toContainText('Set a password');
  const methods = page.getByTestId('sign-in-methods');
  await methods.getByRole('button', { name: 'Unlink Apple' }).click();
  await stepUpByEmail(page, apple.email);
  await expect(methods.getByRole('alert')).toContainText('Apple is the only way you sign in.');
  await methods.getByRole('button', { name: 'Link Google' }).click();
  await continueAs(page, 'Google', someone(`linked-${randomUUID()}@example.com`));
  await expect(page).toHaveURL(/\/my-account\/login-and-security$/);
  await expect(page.getByText('Your Google account is now linked.')).toBeVisible();
  await expect(page.getByTestId('sign-in-method-google')).toContainText('Linked');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
});

test("a customer with email codes on signs in with Google from checkout's sign-in: the code step comes first, then back to the cart", async ({
  page,
}) => {
  test.slow();
  const email = `social-2fa-${randomUUID()}@example.com`;
  await join(page, email, 'Tess');
  await expect(page.getByTestId('account-button')).toBeVisible();
  const google = someone(email);

  // Google linked from Login and security (behind the step-up), then email codes turned on.
  await page.goto('/my-account/login-and-security');
  await page.getByTestId('sign-in-methods').getByRole('button', { name: 'Link Google' }).click();
  const stepUpMail = await stepUpByEmail(page, email);
  await continueAs(page, 'Google', google);
  await expect(page.getByText('Your Google account is now linked.')).toBeVisible();
  await page.getByTestId('enable-email-codes').click();
  const setUpMail = await latestMail(email, /code/i, 10_000, stepUpMail);
  await enterCode(page, codeIn(setUpMail.text));
  await page.getByTestId('otp-continue').click();
  await expect(page.getByTestId('two-factor-status')).toContainText(/email codes/i);
  await signOut(page);

  // Google proves who it is, but not the second factor: the sign-in waits for the mailed code.
  await page.goto('/checkout/login?redirectTo=%2Fcart');
  await page.getByRole('button', { name: 'Continue with Google' }).first().click();
  await continueAs(page, 'Google', google);
  await expect(page.getByTestId('otp-input-0')).toBeVisible();
  await expect(page.getByTestId('account-button')).toHaveCount(0);
  await expectAccessible(page);
  await enterCode(page, '000000');
  await page.getByTestId('otp-continue').click();
  await expect(page.getByText('Code is incorrect or expired. Try again or contact support')).toBeVisible();
  await enterCode(page, codeIn((await latestMail(email, /code/i, 10_000, setUpMail)).text));
  await page.getByTestId('otp-continue').click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('account-button')).toBeVisible();
});

test('a cancelled sign-in at the provider is told on the sign-in page', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).first().click();
  await expect(page.getByRole('heading', { name: 'Google sandbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You cancelled signing in with Google. Nothing was changed.')).toBeVisible();
});
