import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { reconcileBpay } from './wallet-helpers.ts';

test('a customer deposits by Apple Pay (test), then asks to pay by BPAY and is credited when it arrives', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await join(page, `methods-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();

  // Apple Pay in test mode: the outcome is picked; a decline says the wallet's message.
  await page.goto('/my-account/deposit');
  const form = page.getByTestId('deposit-form');
  await form.getByLabel('Apple Pay (test)').check();
  await expect(form.getByTestId('wallet-test-note')).toBeVisible();
  await form.getByLabel('Test outcome').selectOption('declined');
  await form.getByLabel('Amount ($)').fill('25');
  await form.getByTestId('deposit-submit').click();
  await expect(form.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/my-account\/deposit$/);
  await expectAccessible(page);

  await form.getByLabel('Test outcome').selectOption('approved');
  await form.getByTestId('deposit-submit').click();
  await expect(page).toHaveURL(/\/my-account\/deposit\/details\/[\w-]+\/success$/);
  await expect(page.getByRole('heading', { name: 'Your deposit was successful' })).toBeVisible();
  await expect(page.getByTestId('deposit-amount')).toHaveText('$25.00');
  await expect(page.getByTestId('deposit-details')).toContainText('Apple Pay');
  await expect(page.getByTestId('account-button-balance')).toContainText('$25.00');
  await expectAccessible(page);

  await page.goto('/my-account/transactions');
  // The declined payment was held while the wallet was asked: it is listed cancelled, not charged.
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('$25.00');
  await expect(rows.first()).not.toContainText('not charged');
  await expect(rows.nth(1)).toContainText('$25.00 not charged');

  // BPAY: below its own minimum is refused; then the biller code and reference to pay with.
  await page.goto('/my-account/deposit');
  await form.getByLabel('BPAY').check();
  await expect(form.getByTestId('bank-deposit-note')).toBeVisible();
  await form.getByLabel('Amount ($)').fill('5');
  await form.getByTestId('deposit-submit').click();
  await expect(form).toContainText('Please enter an amount equal to or greater than 10.00.');
  await form.getByLabel('Amount ($)').fill('30');
  await form.getByTestId('deposit-submit').click();
  await expect(page).toHaveURL(/\/my-account\/deposit\/details\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Your deposit is waiting for your payment' })).toBeVisible();
  const details = page.getByTestId('deposit-payment-details');
  await expect(details.getByRole('heading', { name: 'Pay $30.00 by BPAY' })).toBeVisible();
  await expect(details.getByTestId('deposit-biller-code')).toHaveText(/^\d+$/);
  const reference = (await details.getByTestId('deposit-reference').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^\d+$/);
  await expect(page.getByTestId('deposit-status')).toHaveText('Waiting for your payment to arrive');
  await expect(page.getByTestId('account-button-balance')).toContainText('$25.00');
  await expectAccessible(page);

  // The operator matches the bank statement: the balance is credited.
  await reconcileBpay(reference, '30.00');
  await page.reload();
  await expect(page.getByTestId('deposit-status')).toHaveText('Successful');
  await expect(page.getByTestId('deposit-payment-details')).toHaveCount(0);
  await expect(page.getByTestId('account-button-balance')).toContainText('$55.00');
});
