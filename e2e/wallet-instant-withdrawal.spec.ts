import { randomUUID } from 'node:crypto';
import { join, stepUpByEmail } from './account-helpers.ts';
import { latestMail } from './api.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import {
  addBankAccountOnWithdraw,
  backdateBankAccounts,
  backdatePassword,
  depositWithNewCard,
  newOperator,
  operator,
  reconcileBpay,
} from './wallet-helpers.ts';

test('a verified customer with a day-old account withdraws: told the card part before confirming, paid in seconds', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `instant-${randomUUID()}@example.com`;
  await join(page, email);
  await expect(page.getByTestId('account-button')).toBeVisible();
  // $30 by card, then $30 by BPAY: the card's money goes back to the card, the rest to the bank.
  await depositWithNewCard(page, '30');
  await expect(page.getByTestId('deposit-amount')).toHaveText('$30.00');
  await page.goto('/my-account/deposit');
  const deposit = page.getByTestId('deposit-form');
  await deposit.getByLabel('BPAY').check();
  await deposit.getByLabel('Amount ($)').fill('30');
  await deposit.getByTestId('deposit-submit').click();
  const reference = (await page.getByTestId('deposit-reference').textContent())?.trim() ?? '';
  await reconcileBpay(reference, '30.00');
  await page.reload();
  await expect(page.getByTestId('account-button-balance')).toContainText('$60.00');

  await operator('customer:verify', email, '--token', (await newOperator('e2e')).token);
  await page.goto('/my-account/withdraw');
  await addBankAccountOnWithdraw(page, email);
  const form = page.getByTestId('withdraw-form');
  await expect(form.getByLabel('BSB 062-000 ****5678')).toBeChecked();
  // The account was added a day ago and the password set before that: nothing asks for an operator.
  await backdateBankAccounts(email);
  await backdatePassword(email, 48);

  // Before confirming, the page says where the money goes.
  const notice = form.getByTestId('closed-loop-notice');
  await expect(notice).toContainText('goes back to that card first');
  await expect(notice).toContainText('$30.00 to Visa ending 4242');
  await form.getByLabel('Amount ($)').fill('40');
  const split = form.getByTestId('closed-loop-split');
  await expect(split).toContainText('$30.00 back to Visa ending 4242');
  await expect(split).toContainText('$10.00 to BSB 062-000 ****5678');
  await expectAccessible(page);
  await form.getByTestId('withdraw-submit').click();

  // Approved by rule and paid: the page shows it without a reload by the customer.
  await expect(page).toHaveURL(/\/my-account\/withdraw\/details\/[\w-]+$/);
  await expect(page.getByTestId('withdrawal-step-paid')).toHaveAttribute('data-reached', 'true', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('withdrawal-status')).toHaveText('Paid');
  await expect(page.getByTestId('withdrawal-step-approved-note')).toContainText('Approved at once');
  await expect(page.getByTestId('withdrawal-leg-card')).toContainText('$30.00 back to Visa ending 4242');
  await expect(page.getByTestId('withdrawal-leg-card')).toContainText('5 business days');
  const account = page.getByTestId('withdrawal-leg-account');
  await expect(account).toContainText('$10.00 to BSB 062-000 ****5678');
  await expect(account.getByTestId('withdrawal-leg-status')).toHaveText('Paid');
  await expect(account.getByTestId('withdrawal-leg-arrival')).toContainText('Within seconds');
  await expect(page.getByTestId('cancel-withdrawal')).toHaveCount(0);
  await expect(page.getByTestId('account-button-balance')).toContainText('$20.00');
  await expectAccessible(page);
  const paid = await latestMail(email, /Withdrawal of \$40\.00 paid/);
  expect(paid.text).toContain('$30.00 back to Visa ending 4242');

  // The transaction's summary shows both legs and the steps too.
  const id = page.url().split('/').pop() ?? '';
  await page.goto(`/my-account/withdraw/summary/${id}`);
  await expect(page.getByTestId('withdrawal-legs')).toContainText('$10.00 to BSB 062-000 ****5678');
  await expect(page.getByTestId('withdrawal-step-paid')).toHaveAttribute('data-reached', 'true');
  await expectAccessible(page);
});

test('a PayPal account is added with a step-up and a mail; withdrawals to it wait for our team on its first day', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `paypal-out-${randomUUID()}@example.com`;
  await join(page, email);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await depositWithNewCard(page, '20');
  await expect(page.getByTestId('deposit-amount')).toHaveText('$20.00');
  await operator('customer:verify', email, '--token', (await newOperator('e2e')).token);

  await page.goto('/my-account/withdraw');
  const add = page.getByTestId('add-paypal-account');
  await add.locator('summary').click();
  await add.getByLabel('PayPal email').fill('not-an-email');
  await add.getByTestId('save-paypal-account').click();
  await expect(add.getByLabel('PayPal email')).toHaveAccessibleDescription(
    'Please enter a valid email address.',
  );
  await add.getByLabel('PayPal email').fill(`pp-${email}`);
  await add.getByTestId('save-paypal-account').click();
  await stepUpByEmail(page, email);
  const form = page.getByTestId('withdraw-form');
  const paypal = form.getByLabel(/^PayPal p\*\*\*@example\.com/);
  await expect(paypal).toBeVisible();
  await latestMail(email, /A PayPal account was added for your withdrawals/);
  await expectAccessible(page);

  await paypal.check();
  await form.getByLabel('Amount ($)').fill('10');
  await expect(form.getByTestId('closed-loop-split')).toContainText('$10.00 back to Visa ending 4242');
  await form.getByTestId('withdraw-submit').click();
  await expect(page).toHaveURL(/\/my-account\/withdraw\/details\/[\w-]+$/);
  await expect(page.getByTestId('withdrawal-status')).toHaveText('Waiting for approval');
  await expect(page.getByTestId('cancel-withdrawal')).toBeVisible();
  await expectAccessible(page);

  // Cards and accounts lists it, with a way to remove it.
  await page.goto('/my-account/cards-and-accounts');
  const listed = page.getByTestId('paypal-accounts');
  await expect(listed).toContainText(/PayPal p\*\*\*@example\.com/);
  await expect(listed.getByRole('button', { name: /^Remove PayPal/ })).toBeVisible();
  await expectAccessible(page);
});
