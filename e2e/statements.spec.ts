import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from '@drawhouse/db';
import {
  neighbouringStatementMonths,
  statementMonthKey,
  statementMonthName,
  statementMonthOf,
} from '@drawhouse/domain';
import { pdfTextRuns } from '../apps/web/app/lib/test-pdf-text.ts';
import { join } from './account-helpers.ts';
import { AUD, postQuickPick } from './cart-helpers.ts';
import { expect, expectAccessibleAtBothWidths, test } from './fixtures.ts';
import { payWithNewCard } from './ticket-helpers.ts';
import { depositWithNewCard, withJourneysDb } from './wallet-helpers.ts';

test("a customer who bought and deposited opens Statements, reads the month's totals and downloads its PDF, at 1280 and 390 px", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `statement-${randomUUID()}@example.com`;
  await join(page, email, 'Stella');
  await expect(page.getByTestId('account-button')).toBeVisible();

  // A ticket paid by card (a deposit of its price, then the purchase), then $50 deposited.
  const cart = await postQuickPick(page);
  const price = cart.cart.cartTotal.amount;
  await payWithNewCard(page);
  await depositWithNewCard(page, '50');
  await expect(page).toHaveURL(/\/my-account\/deposit\/details\/[\w-]+\/success$/);

  // From the transactions page to the list of months.
  await page.goto('/my-account/transactions');
  await page.getByRole('link', { name: 'Monthly statements' }).click();
  await expect(page).toHaveURL(/\/my-account\/statements$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
  const month = statementMonthOf(new Date());
  const name = statementMonthName(month);
  await expectAccessibleAtBothWidths(page);

  await page.getByTestId('statement-months').getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/my-account/statements/${statementMonthKey(month)}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Statement: ${name}` })).toBeVisible();
  const totals = page.getByRole('table', { name: `Totals for ${name}` });
  const amountOf = (label: string) =>
    totals.getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell');
  await expect(amountOf('Opening balance')).toHaveText('$0.00');
  await expect(amountOf('Deposits')).toHaveText(AUD.format(price + 50));
  await expect(amountOf('Spend')).toHaveText(AUD.format(price));
  await expect(amountOf('Winnings')).toHaveText('$0.00');
  await expect(amountOf('Net win or loss')).toHaveText(`-${AUD.format(price)}`);
  await expect(amountOf('Closing balance')).toHaveText('$50.00');
  const lines = page
    .getByRole('table', { name: `Transactions in ${name}, oldest first` })
    .getByTestId('transaction-row');
  await expect(lines).toHaveCount(3);
  await expect(lines.last()).toContainText('+$50.00');
  await expect(page.getByText('Gambling Help Online')).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // The PDF: a download, application/pdf, with the customer's name, the month and its totals.
  const link = page.getByTestId('statement-pdf');
  const href = (await link.getAttribute('href')) ?? '';
  const answer = await page.request.get(href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`drawhouse-statement-${statementMonthKey(month)}.pdf`);
  const bytes = await readFile((await download.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const runs = pdfTextRuns(bytes);
  expect(runs).toContain(`Activity statement: ${name}`);
  expect(runs.some((run) => run.includes('Stella'))).toBe(true);
  expect(runs[runs.indexOf('Closing balance') + 1]).toBe('$50.00');
  expect(runs.join(' ')).toContain('1800 858 858');

  // A new account has no other month; one opened 40 days ago steps back to last month and forward again.
  await expect(page.getByRole('navigation', { name: 'Other months' })).toHaveCount(0);
  await withJourneysDb((db) =>
    db.execute(sql`update customers set created_at = now() - interval '40 days' where email = ${email}`),
  );
  const { previous } = neighbouringStatementMonths(month, new Date(Date.now() - 40 * 86_400_000), new Date());
  if (!previous) throw new Error('40 days back is always an earlier month');
  await page.reload();
  const months = page.getByRole('navigation', { name: 'Other months' });
  await months.getByRole('link', { name: statementMonthName(previous) }).click();
  await expect(page).toHaveURL(new RegExp(`/my-account/statements/${statementMonthKey(previous)}$`));
  await expect(page.getByTestId('statement-empty')).toBeVisible();
  await expect(
    page.getByRole('table', { name: `Totals for ${statementMonthName(previous)}` }).getByRole('row', {
      name: /^Closing balance/,
    }),
  ).toContainText('$0.00');
  await months.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Statement: ${name}` })).toBeVisible();
});
