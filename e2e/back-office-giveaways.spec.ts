/**
 * A content operator runs Daily Winners giveaways in the back office: a wrong form is refused beside
 * its fields; a giveaway is made with its prizes and commitment (audited), found in the list by its
 * title, type and status, and once it has closed and been drawn its page shows its winners and the
 * proof with the seed revealed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from '@drawhouse/db';
import { adminUrl, expect, keepScreenshot, test } from './back-office-helpers.ts';
import { auditOf, joinedOperator, operatorBrowser } from './back-office-queues-helpers.ts';
import { expectAccessible } from './fixtures.ts';
import { operator, withJourneysDb } from './wallet-helpers.ts';

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A `datetime-local` value at 20:00 local time `days` from now. */
function eveningIn(days: number): string {
  const d = new Date(Date.now() + days * DAY_MS);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T20:00`;
}

test('a content operator makes a giveaway with its prizes, finds it in the list, and sees its winners and proof once drawn', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const who = await operatorBrowser(browser, await joinedOperator('giveaways', 'content'), '/giveaways');
  const { page: ops } = who;
  await expect(ops.getByRole('heading', { level: 1, name: 'Giveaways' })).toBeVisible();
  await expectAccessible(ops);

  await ops.getByRole('link', { name: 'New giveaway' }).click();
  const title = `Spring special ${randomBytes(3).toString('hex')}`;
  // Wrong: a close in the past and a prize worth nothing, each refused beside its field.
  await ops.getByLabel('Title').fill(title);
  await ops.getByLabel('Opens').fill(eveningIn(-3));
  await ops.getByLabel('Closes').fill(eveningIn(-2));
  await ops.getByLabel('Prize 1', { exact: true }).fill('Nothing');
  await ops.getByLabel('Amount of prize 1 ($)').fill('0');
  await ops.getByRole('button', { name: 'Create the giveaway' }).click();
  await expect(ops.getByRole('alert')).toHaveText('Check the highlighted fields.');
  await expect(ops.getByLabel('Closes')).toHaveAttribute('aria-invalid', 'true');
  await expect(ops.getByText('A giveaway closes in the future.')).toBeVisible();
  await expect(ops.getByText(/Prize 1: enter an amount/)).toBeVisible();
  await expectAccessible(ops);

  // Right: a special giveaway with a cash and a credit prize.
  await ops.getByLabel('Type').selectOption('special');
  await ops.getByLabel('Title').fill(title);
  await ops.getByLabel('Opens').fill(eveningIn(1));
  await ops.getByLabel('Closes').fill(eveningIn(2));
  await ops.getByLabel('Prize 1', { exact: true }).fill('$40 cash');
  await ops.getByLabel('Amount of prize 1 ($)').fill('40');
  await ops.getByLabel('Prize 2', { exact: true }).fill('$10 to play');
  await ops.getByLabel('Amount of prize 2 ($)').fill('10');
  await ops.getByLabel('Kind of prize 2').selectOption('credit');
  await ops.getByRole('button', { name: 'Create the giveaway' }).click();
  await expect(ops.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(ops.getByText('Revealed once drawn')).toBeVisible();
  await expect(ops.getByText('Not drawn yet.')).toBeVisible();
  const reference = (await ops.getByText(/^DW-SPECIAL-\d+$/).textContent()) ?? '';
  const number = Number(reference.split('-').pop());
  const id = ops.url().split('/').pop() ?? '';
  await expectAccessible(ops);

  // The list finds it by a part of its title, its type and its status.
  await ops.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Giveaways' }).click();
  await ops.getByRole('searchbox', { name: 'Giveaway' }).fill(title.slice(7).toUpperCase());
  await ops.getByLabel('Type').selectOption('special');
  await ops.getByLabel('Status').selectOption('open');
  await ops.getByRole('button', { name: 'Search' }).click();
  await expect(ops.getByRole('status')).toHaveText('1 giveaway, page 1 of 1.');
  await expect(ops.getByRole('row', { name: new RegExp(title) })).toContainText(reference);
  await ops.getByLabel('Status').selectOption('paid');
  await ops.getByRole('button', { name: 'Search' }).click();
  await expect(ops.getByRole('status')).toHaveText('0 giveaways, page 1 of 1.');
  await expectAccessible(ops);

  // It closes (moved into the past, with a member in it) and is drawn now, as the minute's sweep would.
  await withJourneysDb(async (db) => {
    const customerId = randomUUID();
    await db.execute(sql`insert into customers (id, email, password_hash, firstname, lastname, date_of_birth,
      phone, address, suburb, state, postcode, country)
      values (${customerId}, ${`giveaway-${customerId}@example.com`}, 'not-a-hash', 'Gia', 'Winner', '1990-01-01',
      '0412345678', '1 George St', 'Sydney', 'NSW', '2000', 'AU')`);
    await db.execute(
      sql`insert into memberships (customer_id, status, joined_at) values (${customerId}, 'member', now())`,
    );
    await db.execute(sql`update giveaways set opens_at = now() - interval '2 days', closes_at = now() - interval '1 minute'
      where id = ${id}`);
  });
  // The API's minute sweep may take some of the steps first: either way it ends paid, once.
  expect(await operator('giveaway:draw', 'special', String(number))).toMatch(
    /(moved [1-3] steps?|did not move); paid: \d+ entries, winning entries \d+/,
  );
  await ops.goto(adminUrl(`/giveaways/${id}`));
  const winners = ops.getByRole('table', { name: "Each prize's winning entry and customer" });
  await expect(winners.getByRole('row')).toHaveCount(3);
  await expect(winners).toContainText('$40 cash');
  await expect(ops.getByText(/^\d+, \d+ of \d+$/)).toBeVisible();
  await expect(ops.getByText('Revealed once drawn')).toHaveCount(0);
  await expectAccessible(ops);
  await keepScreenshot(ops, 'giveaway-drawn');

  const audit = await auditOf('giveaway', id);
  expect(audit.map((a) => [a.action, a.operator_name])).toEqual([['giveaway.created', who.name]]);
});
