import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { join } from './account-helpers.ts';
import { adminUrl, expect, keepScreenshot, test } from './back-office-helpers.ts';
import { auditOf, joinedOperator, operatorBrowser } from './back-office-queues-helpers.ts';
import { expectAccessible } from './fixtures.ts';
import { addBankAccountOnWithdraw, backdateBankAccounts, newOperator, operator } from './wallet-helpers.ts';

const fixture = (name: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name);

test('a support operator signs in with password and code, opens a customer’s photo ID from the queue, sees the photos and approves it: the customer is verified and the audit log has the approval', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `queue-photo-${randomUUID()}@example.com`;
  await join(page, email, 'Ada', undefined, '/login', 'Queued');
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/my-account/verify-account');
  await page.getByTestId('manual-verification-card').getByTestId('manual-verification-link').click();
  const form = page.getByTestId('photo-id-form');
  await form.getByLabel('Front of your ID').setInputFiles(fixture('licence-front.jpg'));
  await form.getByLabel('Back of your ID').setInputFiles(fixture('licence-back.png'));
  await form.getByLabel('Selfie holding your ID').setInputFiles(fixture('selfie.jpg'));
  await form.getByTestId('photo-id-submit').click();
  await expect(page.getByTestId('manual-sent')).toContainText('we have your documents');

  const support = await operatorBrowser(browser, await joinedOperator('support', 'support'), '/verification');
  const desk = support.page;
  await expect(desk.getByRole('heading', { level: 1, name: 'Verification' })).toBeVisible();
  await expectAccessible(desk);
  await desk.getByRole('searchbox', { name: 'Customer' }).fill(email);
  await desk.getByRole('button', { name: 'Search' }).click();
  await expect(desk.getByRole('status')).toHaveText('1 submission, page 1 of 1.');
  const row = desk.getByRole('row', { name: new RegExp(email) });
  await row.getByRole('link').click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Documents of Ada Queued' })).toBeFocused();
  for (const photo of ['Front of the document', 'Back of the document', 'Selfie holding the document']) {
    const image = desk.getByRole('img', { name: photo });
    await expect(image).toBeVisible();
    expect(
      await image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(0);
  }
  await expect(desk.getByText('1990-05-17')).toBeVisible();
  await expectAccessible(desk);
  await keepScreenshot(desk, 'verification');
  // The rejection's disclosure opens and closes from the keyboard.
  const reject = desk.getByText('Reject', { exact: true });
  await reject.focus();
  await desk.keyboard.press('Enter');
  await expect(desk.getByLabel('Reason (the customer reads it)')).toBeVisible();
  await desk.keyboard.press('Enter');
  await desk.getByRole('button', { name: 'Approve: the customer is verified' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'Approved' })).toHaveText(
    'Approved: the customer is verified and told.',
  );
  await expect(desk.getByText(`Approved by ${support.name}`)).toBeVisible();
  await support.context.close();

  await page.goto('/my-account/verify-account');
  await expect(page.getByTestId('verified')).toBeVisible();
  const submission = new URL(desk.url()).pathname.split('/').at(-1) ?? '';
  const rows = await auditOf('verification', submission);
  expect(rows.map((r) => [r.action, r.operator_name, r.via])).toEqual([
    ['verification.approved', support.name, 'back_office'],
  ]);
});

test('finance credits a BPAY deposit from the payments page; two finance operators approve a withdrawal over the second-approval limit (the first sees it waiting); a rejection’s reason is what the customer reads; the audit log has every step', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `queue-money-${randomUUID()}@example.com`;
  await join(page, email, 'Ada', undefined, '/login', 'Payout');
  await expect(page.getByTestId('account-button')).toBeVisible();
  await operator('customer:verify', email, '--token', (await newOperator('e2e')).token);
  await page.goto('/my-account/deposit');
  const deposit = page.getByTestId('deposit-form');
  await deposit.getByLabel('BPAY').check();
  await deposit.getByLabel('Amount ($)').fill('2500');
  await deposit.getByTestId('deposit-submit').click();
  const reference = (await page.getByTestId('deposit-reference').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^\d+$/);

  // Ann, finance, credits the statement line from the list of deposits waiting.
  const ann = await operatorBrowser(browser, await joinedOperator('ann', 'finance'), '/payments');
  const desk = ann.page;
  await expect(desk.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expectAccessible(desk);
  await desk
    .getByRole('row', { name: new RegExp(email) })
    .getByRole('link', { name: /Fill the form/ })
    .click();
  await expect(desk.getByLabel('Reference the customer quoted')).toHaveValue(reference);
  await expect(desk.getByLabel('Amount on the statement')).toHaveValue('2500.00');
  await desk.getByLabel('Bank transaction id').fill(`stmt-${randomUUID()}`);
  await desk.getByRole('button', { name: 'Credit the deposit' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'credited' })).toHaveText(
    `$2,500.00 credited to Ada Payout (${email}).`,
  );
  await desk.getByRole('button', { name: 'Run the ledger check' }).click();
  await expect(desk.getByText(/customer account totals equal the sums of their transfers/)).toBeVisible();
  await expectAccessible(desk);
  await keepScreenshot(desk, 'payments');

  // The customer withdraws $2,100, over the $2,000 second-approval limit.
  await page.goto('/my-account/withdraw');
  await addBankAccountOnWithdraw(page, email);
  await backdateBankAccounts(email);
  const withdraw = page.getByTestId('withdraw-form');
  await withdraw.getByLabel('Amount ($)').fill('2100');
  await withdraw.getByTestId('withdraw-submit').click();
  await expect(page).toHaveURL(/\/my-account\/withdraw\/details\/[\w-]+$/);
  const big = page.url().split('/').at(-1) ?? '';

  await desk.goto(adminUrl('/withdrawals'));
  await expect(desk.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
  // Searched by part of the customer's address, the list holds their withdrawal alone.
  await desk.getByRole('searchbox', { name: 'Customer email' }).fill(email.split('@')[0] ?? email);
  await desk.getByRole('button', { name: 'Show' }).click();
  await expect(desk).toHaveURL(/[?&]email=/);
  await expect(desk.getByRole('status').filter({ hasText: 'withdrawal' })).toContainText('1 withdrawal.');
  const line = desk.getByRole('row', { name: new RegExp(email) });
  await expect(line).toContainText('Needs two approvals');
  await expectAccessible(desk);
  await line.getByRole('link').click();
  await desk.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'approval' })).toHaveText(
    'Your approval is recorded: a second operator must approve it before it is paid.',
  );
  await expect(desk.getByTestId('withdrawal-approval')).toHaveText(
    `First approval by ${ann.name}, waiting for a second operator`,
  );
  await expect(desk.getByTestId('withdrawal-status')).toHaveText('requested');
  // The first approver cannot be the second: no approve button for them.
  await expect(
    desk.getByText("You approved it first: it waits for a second, different operator's approval."),
  ).toBeVisible();
  await expect(desk.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await expectAccessible(desk);
  await keepScreenshot(desk, 'withdrawal-waiting');

  // Bob, finance too, approves second: paid.
  const bob = await operatorBrowser(browser, await joinedOperator('bob', 'finance'), `/withdrawals/${big}`);
  await expect(bob.page.getByTestId('withdrawal-approval')).toHaveText(
    `First approval by ${ann.name}, waiting for a second operator`,
  );
  await bob.page.getByRole('button', { name: 'Approve as the second operator' }).click();
  await expect(bob.page.getByRole('status').filter({ hasText: 'Approved' })).toHaveText('Approved and paid.');
  await expect(bob.page.getByTestId('withdrawal-status')).toHaveText('paid');
  await bob.context.close();

  // Another withdrawal, rejected by Ann with a reason the customer reads.
  await page.goto('/my-account/withdraw');
  await withdraw.getByLabel('Amount ($)').fill('100');
  await withdraw.getByTestId('withdraw-submit').click();
  await expect(page).toHaveURL(/\/my-account\/withdraw\/details\/[\w-]+$/);
  const small = page.url().split('/').at(-1) ?? '';
  await desk.goto(adminUrl(`/withdrawals/${small}`));
  await desk.getByText('Reject', { exact: true }).click();
  const reason = 'The bank account is not in your name: add one in your own name and withdraw again.';
  await desk.getByLabel('Reason (the customer reads it)').fill(reason);
  await desk.getByRole('button', { name: 'Reject with this reason' }).click();
  await expect(desk.getByTestId('withdrawal-status')).toHaveText('rejected');
  await expectAccessible(desk);
  await ann.context.close();
  await page.reload();
  await expect(page.getByTestId('withdrawal-step-rejected-note')).toHaveText(reason);

  expect((await auditOf('withdrawal', big)).map((r) => [r.action, r.operator_name])).toEqual([
    ['withdrawal.first_approved', ann.name],
    ['withdrawal.approved', bob.name],
  ]);
  const rejected = await auditOf('withdrawal', small);
  expect(rejected.map((r) => [r.action, r.operator_name, r.via])).toEqual([
    ['withdrawal.rejected', ann.name, 'back_office'],
  ]);
  expect(rejected[0]?.after).toMatchObject({ status: 'rejected', reason });
});
