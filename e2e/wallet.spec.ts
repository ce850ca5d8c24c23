import { randomUUID } from 'node:crypto';
import { join, stepUpByEmail } from './account-helpers.ts';
import { postQuickPick } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { backdateBankAccounts, depositWithNewCard, newOperator, operator } from './wallet-helpers.ts';

test('a customer deposits by card, is verified, adds a bank account and withdraws after the step-up code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `wallet-${randomUUID()}@example.com`;
  await join(page, email);
  await expect(page.getByTestId('account-button')).toBeVisible();

  // Unverified: deposits are capped and withdrawals refused, each saying so.
  await page.goto('/my-account/deposit');
  await expect(page.getByTestId('unverified-deposit')).toContainText('capped at $500.00');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-form')).toContainText('This field is required.');
  await page.getByTestId('deposit-form').getByLabel('Amount ($)').fill('1.505');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-form')).toContainText('Amount must follow format e.g: 1.50');
  await expectAccessible(page);

  await depositWithNewCard(page, '50');
  await expect(page).toHaveURL(/\/my-account\/deposit\/details\/[\w-]+\/success$/);
  await expect(page.getByRole('heading', { name: 'Your deposit was successful' })).toBeVisible();
  await expect(page.getByTestId('deposit-amount')).toHaveText('$50.00');
  await expect(page.getByTestId('account-button-balance')).toContainText('$50.00');
  await expectAccessible(page);

  await page.goto('/my-account/withdraw');
  await expect(page.getByTestId('unverified-withdraw')).toBeVisible();
  await expect(page.getByTestId('withdraw-form')).toHaveCount(0);
  await expectAccessible(page);

  await operator('customer:verify', email, '--token', (await newOperator('e2e')).token);
  await page.reload();
  await expect(page.getByTestId('withdrawable-funds')).toHaveText('$50.00');
  const add = page.getByTestId('add-bank-account');
  await add.getByLabel('Account name', { exact: true }).fill('Ada Lovelace');
  await add.getByLabel('BSB', { exact: true }).fill('062-00');
  await add.getByLabel('Account number', { exact: true }).fill('12345678');
  await add.getByTestId('save-bank-account').click();
  await expect(add.getByLabel('BSB', { exact: true })).toHaveAccessibleDescription(/valid BSB/);
  await add.getByLabel('BSB', { exact: true }).fill('062-000');
  await add.getByTestId('save-bank-account').click();
  // A payout destination needs a fresh second factor: the customer has none set up, so the code is mailed.
  await stepUpByEmail(page, email);
  const form = page.getByTestId('withdraw-form');
  await expect(form.getByLabel('BSB 062-000 ****5678')).toBeChecked();
  await expectAccessible(page);

  // A new customer's withdrawals wait for our team (not approved by rule): the timeline says so.
  await backdateBankAccounts(email);

  await form.getByLabel('Amount ($)').fill('60');
  await form.getByTestId('withdraw-submit').click();
  await expect(form).toContainText('Please enter an amount equal to or less than 50.00.');
  await form.getByLabel('Amount ($)').fill('20');
  // Still within the step-up of the bank account: no second code.
  await form.getByTestId('withdraw-submit').click();

  await expect(page).toHaveURL(/\/my-account\/withdraw\/details\/[\w-]+$/);
  await expect(page.getByTestId('withdrawal-amount')).toHaveText('$20.00');
  await expect(page.getByTestId('withdrawal-step-requested')).toHaveAttribute('data-reached', 'true');
  await expect(page.getByTestId('withdrawal-step-approved')).toHaveAttribute('data-reached', 'false');
  await expect(page.getByTestId('withdrawal-step-paid')).toContainText('Waiting');
  await expect(page.getByTestId('account-button-balance')).toContainText('$30.00');
  await expectAccessible(page);

  // The operator approves it: the timeline follows.
  const withdrawalId = page.url().split('/').pop() ?? '';
  await operator('withdrawals:approve', withdrawalId, '--token', (await newOperator('e2e')).token);
  await page.reload();
  await expect(page.getByTestId('withdrawal-step-approved')).toHaveAttribute('data-reached', 'true');

  await page.goto('/my-account/transactions');
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('-$20.00');
  await expect(rows.last()).toContainText('+$50.00');
  await expectAccessible(page);
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/my-account\/withdraw\/summary\/[\w-]+$/);
  await expect(page.getByTestId('withdrawal-amount')).toHaveText('$20.00');
  await expectAccessible(page);
});

test('a customer sets spend, deposit and precommitment limits and sees them, a raise waiting 7 days', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await join(page, `limits-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/my-account/spend-limits');
  await expectAccessible(page);

  const add = page.getByTestId('add-spend-limit-form');
  await add.getByLabel('Period').selectOption('daily');
  await add.getByLabel('Limit ($)').fill('20');
  await add.getByRole('button', { name: 'Set limit' }).click();
  const daily = page.getByTestId('spend-limit-daily');
  await expect(daily.getByTestId('limit-amount')).toHaveText('$20.00');
  await expect(daily.getByTestId('limit-spent')).toHaveText('$0.00');
  await expect(page.getByTestId('notification').first()).toContainText('daily spend limit has been saved');

  // A raise waits 7 days; the page says when it takes effect.
  await daily.getByLabel('New daily limit ($)').fill('50');
  await daily.getByRole('button', { name: 'Change limit' }).click();
  await expect(daily.getByTestId('limit-pending')).toContainText(
    /Your new limit of \$50\.00 takes effect on/,
  );
  await expect(daily.getByTestId('limit-amount')).toHaveText('$20.00');

  const deposit = page.getByTestId('deposit-limit');
  await deposit.getByLabel('Weekly deposit limit ($)').fill('300');
  await deposit.getByRole('button', { name: 'Set limit' }).click();
  await expect(deposit.getByTestId('deposit-limit-amount')).toHaveText('$300.00');
  await expectAccessible(page);

  await page.goto('/my-account/precommitment-limit');
  const form = page.getByTestId('precommitment-form');
  await form.getByLabel('Precommitment limit ($)').fill('0');
  await form.getByRole('button', { name: 'Set limit' }).click();
  await expect(form).toContainText('Please enter an amount equal to or greater than 0.01.');
  await form.getByLabel('Precommitment limit ($)').fill('400');
  await form.getByRole('button', { name: 'Set limit' }).click();
  await expect(page.getByTestId('precommitment-amount')).toHaveText('$400.00');
  await expectAccessible(page);
});

test('a daily spend limit stops a purchase at checkout, also one set while the payment page was open', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await join(page, `stopped-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await postQuickPick(page);
  await page.goto('/cart/buy');
  await expect(page.getByTestId('pay-button')).toBeVisible();

  // The limit is set in another tab while this one shows the payment step.
  const other = await page.context().newPage();
  await other.goto('/my-account/spend-limits');
  const add = other.getByTestId('add-spend-limit-form');
  await add.getByLabel('Period').selectOption('daily');
  await add.getByLabel('Limit ($)').fill('1');
  await add.getByRole('button', { name: 'Set limit' }).click();
  await expect(other.getByTestId('spend-limit-daily').getByTestId('limit-amount')).toHaveText('$1.00');
  await other.close();

  const card = page.getByTestId('new-card-form');
  await card.getByLabel('Name on card').fill('Ada Lovelace');
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry date').fill('12/34');
  await card.getByLabel('Security code (CSC)').fill('123');
  await page.getByTestId('pay-button').click();
  await expect(page.getByRole('alert').filter({ hasText: /daily spend limit of \$1\.00/ })).toBeVisible();
  await expect(page).not.toHaveURL(/\/receipt\//);

  // Shown again, the order review names the limit and the payment waits until it is sorted.
  await page.goto('/cart/buy');
  await expect(
    page.getByRole('alert').filter({ hasText: /over your daily spend limit of \$1\.00/ }),
  ).toBeVisible();
  await expect(page.getByTestId('pay-button')).toHaveCount(0);
});

test('a deposit that asks for 3-D Secure waits in its frame, closing the check cancels it, passing it credits the balance', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await join(page, `challenge-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/deposit');
  await expect(page.getByTestId('deposit-page')).toBeVisible();
  await expectAccessible(page);

  await depositWithNewCard(page, '20', '4000 0000 0000 3220');
  await expect(page).toHaveURL(/\/my-account\/deposit\/authorisation\/[\w-]+$/);
  await expect(page.getByTestId('challenge-dialog')).toBeVisible();
  await expect(page.getByTestId('deposit-status')).toHaveText('Waiting for your card check');
  await expectAccessible(page);
  await page.getByTestId('challenge-cancel').click();
  await expect(page).toHaveURL(/\/my-account\/deposit\/[\w-]+\/cancel$/);
  await expect(page.getByRole('heading', { name: 'Deposit cancelled' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/my-account/cards-and-accounts');
  await expect(page.getByTestId('saved-cards')).toContainText('3220');
  await expectAccessible(page);

  await page.goto('/my-account/transactions');
  const row = page.getByTestId('transaction-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/my-account\/deposit\/summary\/[\w-]+$/);
  await expect(page.getByTestId('deposit-amount')).toHaveText('$20.00');
  await expectAccessible(page);

  // Passing the check ends on the account's deposit result, not the checkout's.
  await depositWithNewCard(page, '15', '4000 0000 0000 3220');
  await expect(page).toHaveURL(/\/my-account\/deposit\/authorisation\/[\w-]+$/);
  await page
    .frameLocator('[data-testid="challenge-frame"]')
    .getByRole('button', { name: 'Complete authentication' })
    .click();
  await expect(page).toHaveURL(/\/my-account\/deposit\/details\/[\w-]+\/success$/);
  await expect(page.getByRole('heading', { name: 'Your deposit was successful' })).toBeVisible();
});
