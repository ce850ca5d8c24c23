import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { latestMail } from './api.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import {
  addBankAccountOnWithdraw,
  backdateBankAccounts,
  depositWithNewCard,
  newOperator,
  operator,
} from './wallet-helpers.ts';

test('an unverified customer is told how to get verified; a verified one withdraws at least $10, is told, cancels and has the money back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `withdraw-${randomUUID()}@example.com`;
  await join(page, email);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await depositWithNewCard(page, '50');
  await expect(page.getByTestId('deposit-amount')).toHaveText('$50.00');

  // Unverified: the page says what to do, with the support contacts.
  await page.goto('/my-account/withdraw');
  const unverified = page.getByTestId('unverified-withdraw');
  await expect(unverified).toContainText('To verify your account, contact our support team');
  await expect(unverified.getByRole('link').first()).toHaveAttribute('href', /^(tel|mailto):/);
  await expectAccessible(page);

  await operator('customer:verify', email, '--token', (await newOperator('e2e')).token);
  await page.reload();
  // A payout destination needs a fresh second factor (mailed: the customer has no authenticator). The
  // account is made a day old here; the customer joined today, so the withdrawal still waits for our team.
  await addBankAccountOnWithdraw(page, email);
  const form = page.getByTestId('withdraw-form');
  await expect(form.getByLabel('Amount ($)')).toHaveAccessibleDescription('Between $10.00 and $50.00.');
  // Backdated once it is saved (the form shows): before, the save could land after the backdate.
  await backdateBankAccounts(email);

  // Below the minimum: refused before anything is held.
  await form.getByLabel('Amount ($)').fill('0.50');
  await form.getByTestId('withdraw-submit').click();
  await expect(form).toContainText('Please enter an amount equal to or greater than 10.00.');
  await form.getByLabel('Amount ($)').fill('20');
  // Still within the step-up of the bank account: no second code.
  await form.getByTestId('withdraw-submit').click();
  await expect(page).toHaveURL(/\/my-account\/withdraw\/details\/[\w-]+$/);
  await expect(page.getByTestId('account-button-balance')).toContainText('$30.00');
  const requested = await latestMail(email, /Withdrawal of \$20\.00 requested/);
  expect(requested.text).toContain(page.url().replace(/^https?:\/\/[^/]+/, ''));

  // Cancelled while it waits for approval: the money is back and the customer is told.
  const cancel = page.getByTestId('cancel-withdrawal');
  await expect(cancel).toBeVisible();
  await expectAccessible(page);
  await cancel.click();
  await expect(page.getByTestId('notification').first()).toContainText(
    'Your withdrawal is cancelled: $20.00 is back in your wallet.',
  );
  await expect(page.getByTestId('withdrawal-status')).toContainText('Cancelled');
  await expect(page.getByTestId('cancel-withdrawal')).toHaveCount(0);
  await expect(page.getByTestId('account-button-balance')).toContainText('$50.00');
  await latestMail(email, /Withdrawal of \$20\.00 cancelled/);
  await expectAccessible(page);

  // The deposit, the verification and both steps are in the feed (each told once its change
  // committed): the header counts them once the page reloads.
  const bell = page.getByRole('button', { name: 'Notifications, 4 unread' });
  await expect(async () => {
    await page.reload();
    await expect(bell).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000, intervals: [500, 1_000] });
  await bell.click();
  const entries = page.getByRole('dialog', { name: 'Notifications' }).getByTestId('feed-entry');
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toContainText('Withdrawal of $20.00 cancelled');
  await expect(entries.nth(1)).toContainText('Withdrawal of $20.00 requested');
  await expect(entries.nth(2)).toContainText('Your account is verified');
  await expect(entries.nth(3)).toContainText('$50.00 added to your balance');
});
