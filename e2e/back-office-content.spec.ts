import { randomBytes, randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { join } from './account-helpers.ts';
import { expect, keepScreenshot, test } from './back-office-helpers.ts';
import { auditOf, joinedOperator, operatorBrowser } from './back-office-queues-helpers.ts';
import { postQuickPick } from './cart-helpers.ts';
import { expectAccessible, type Page } from './fixtures.ts';

/** A content operator signed in on the back office at `path`, in a browser of their own (watched). */
async function contentOperatorAt(browser: Browser, prefix: string, path: string) {
  const {
    context,
    page: ops,
    ...who
  } = await operatorBrowser(browser, await joinedOperator(prefix, 'content'), path);
  return { who, context, ops };
}

/** Pays the signed-in customer's cart with Google Pay (test) and lands on the receipt. */
async function payCart(page: Page) {
  await page.goto('/cart/buy');
  await page.getByTestId('pay-wallet-gp').check();
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/receipt\/[\w-]+$/);
}

test('a content operator makes a promo code for a customer segment, and a customer of it uses it in the shop; the audit log has it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { who, context, ops } = await contentOperatorAt(browser, 'content', '/promotions');
  await expect(ops.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  await ops.getByRole('link', { name: 'New promo code' }).click();
  await expect(ops.getByRole('heading', { level: 1, name: 'New promo code' })).toBeVisible();
  await expectAccessible(ops);

  const code = `SEG${randomBytes(3).toString('hex').toUpperCase()}`;
  await ops.getByRole('textbox', { name: 'Code' }).fill(code);
  await ops.getByLabel('Amount ($)').fill('0');
  await ops.getByRole('checkbox', { name: 'default' }).check();
  await ops.getByRole('button', { name: 'Create the promo code' }).click();
  // The API's error shows beside its field; nothing was made.
  await expect(ops.getByRole('alert')).toHaveText('Check the highlighted fields.');
  await expect(ops.getByLabel('Amount ($)')).toHaveAttribute('aria-invalid', 'true');
  await expect(ops.getByText('Enter an amount from 0.01 to 100000.00, e.g. 5 or 2.50.')).toBeVisible();
  await expectAccessible(ops);
  await ops.getByLabel('Amount ($)').fill('2');
  await ops.getByRole('button', { name: 'Create the promo code' }).click();
  await expect(ops.getByRole('status')).toHaveText('1 promo code, page 1 of 1.');
  const row = ops.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('$2 off');
  await expect(row).toContainText('default');
  await expect(row).toContainText('0 by 0 customers');
  await expectAccessible(ops);
  await keepScreenshot(ops, 'promotions');

  // A customer (of the default segment) uses it in the shop.
  await join(page, `promo-${randomUUID()}@example.com`, 'Ada');
  await expect(page.getByTestId('account-button')).toBeVisible();
  await postQuickPick(page, 2);
  await page.goto('/cart');
  await page.getByLabel('Promo code').fill(code);
  await page.getByTestId('promo-apply').click();
  await expect(page.getByTestId('promo-discount')).toHaveText('$2.00');
  await payCart(page);

  await ops.reload();
  await expect(ops.getByRole('row', { name: new RegExp(code) })).toContainText('1 by 1 customer');
  const id = (await ops.getByRole('link', { name: code }).getAttribute('href'))?.split('/').pop() ?? '';
  const audit = await auditOf('voucher', id);
  expect(audit.map((a) => [a.action, a.operator_name, a.via])).toEqual([
    ['voucher.created', who.name, 'back_office'],
  ]);
  await context.close();
});

test('a content operator makes a raffle, a customer buys a ticket of it in the shop, and the raffle shows the sale and its commitment', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { who, context, ops } = await contentOperatorAt(browser, 'raffles', '/raffles');
  await expect(ops.getByRole('heading', { level: 1, name: 'Raffles' })).toBeVisible();
  await ops.getByRole('link', { name: 'New raffle' }).click();
  await expect(ops.getByRole('heading', { level: 1, name: 'New raffle' })).toBeVisible();
  await expectAccessible(ops);

  const suffix = randomBytes(3).toString('hex');
  const name = `Surf Club Ute Raffle ${suffix}`;
  const key = `surf-club-ute-raffle-${suffix}`;
  const closes = new Date(Date.now() + 14 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${closes.getFullYear()}-${pad(closes.getMonth() + 1)}-${pad(closes.getDate())}T20:00`;
  await ops.getByLabel('Name').fill(name);
  await ops.getByLabel('Description').fill('Win a ute and keep the surf club patrolling.');
  await ops.getByLabel('Tickets', { exact: true }).fill('500');
  await ops.getByLabel('Closes').fill(local);
  await ops.getByLabel('Price of book 1 ($)').fill('5');
  await ops.getByLabel('Prize 1', { exact: true }).fill('Toyota HiLux');
  await ops.getByLabel('Value of prize 1 ($)').fill('55000');
  await ops.getByRole('button', { name: 'Create the raffle' }).click();
  await expect(ops.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(ops.getByText(/Commitment [0-9a-f]{64}/)).toBeVisible();
  await expect(ops.getByText('Seed revealed after the draw')).toBeVisible();
  await expectAccessible(ops);

  // The shop sells it.
  await join(page, `raffle-${randomUUID()}@example.com`, 'Ada');
  await expect(page.getByTestId('account-button')).toBeVisible();
  // The shop's offers are reused for a few seconds (as draws are): the raffle is on sale within them.
  // Asked outside the page, so a 404 before then is not one of the page's console errors.
  await expect.poll(async () => (await page.request.get(`/${key}`)).status(), { timeout: 15_000 }).toBe(200);
  await page.goto(`/${key}`);
  const panel = page.getByTestId('raffle-buy');
  await panel.getByTestId('raffle-book-1').check();
  await panel.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await payCart(page);

  await ops.reload();
  await expect(ops.getByText('1 of 500')).toBeVisible();
  await expect(ops.getByRole('row', { name: /DRAW_OPEN/ })).toContainText('$5.00');
  await keepScreenshot(ops, 'raffle');
  const audit = await auditOf('raffle', key);
  expect(audit.map((a) => [a.action, a.operator_name])).toEqual([['raffle.created', who.name]]);
  await context.close();
});

test('a content operator previews the banner and a page as the shop shows them; a wrong link is refused beside its field', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, ops } = await contentOperatorAt(browser, 'pages', '/content');
  await expect(ops.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await expectAccessible(ops);
  await ops.getByLabel('Banner text').fill('Last tickets for the ute raffle');
  await expect(ops.getByTestId('banner-preview')).toHaveText('Last tickets for the ute raffle');
  await ops.getByLabel('Banner link').fill('javascript:alert(1)');
  await ops.getByRole('button', { name: 'Save the banner' }).click();
  await expect(ops.getByRole('alert')).toHaveText('Check the highlighted fields.');
  await expect(ops.getByLabel('Banner link')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(ops);

  await ops.getByLabel('Page to edit').selectOption({ label: 'About Drawhouse' });
  const preview = ops.getByTestId('page-preview-about');
  await expect(preview).toContainText('About Drawhouse');
  await ops.getByLabel('Page text').fill('# Who we are\n\nA licensed reseller.\n\n- Lotteries\n- Raffles');
  await expect(preview.getByRole('heading', { name: 'Who we are' })).toBeVisible();
  await expect(preview.getByRole('listitem')).toHaveText(['Lotteries', 'Raffles']);
  await keepScreenshot(ops, 'content');
  await context.close();
});
