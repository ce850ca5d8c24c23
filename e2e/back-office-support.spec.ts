import { randomUUID } from 'node:crypto';
import { outboxDeliveries, outboxEvents } from '@drawhouse/db';
import { join, PASSWORD, signIn } from './account-helpers.ts';
import { expect, keepScreenshot, test } from './back-office-helpers.ts';
import { auditOf, joinedOperator, operatorBrowser } from './back-office-queues-helpers.ts';
import { postCartItem } from './cart-helpers.ts';
import { expectAccessible } from './fixtures.ts';
import { payWithNewCard } from './ticket-helpers.ts';
import { depositWithNewCard, withJourneysDb } from './wallet-helpers.ts';

test('support finds a customer, sees their deposit and tickets, keeps a note, locks the account (the customer is signed out and refused) and unlocks it; the audit log has each step', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `care-${randomUUID()}@example.com`;
  await join(page, email, 'Grace', undefined, '/login', 'Hopper');
  await expect(page.getByTestId('account-button')).toBeVisible();
  await postCartItem(page, {
    lottery: 'powerball',
    game_type: 'standard',
    game_offer: 'powerball-standard',
    games: [{ numbers: [3, 11, 17, 22, 28, 30, 35], powerball: [7] }],
    quickpick: false,
    num_draws: 1,
  });
  await payWithNewCard(page);
  await depositWithNewCard(page, '25');
  await expect(page.getByTestId('account-button-balance')).toContainText('$25.00');

  const support = await operatorBrowser(browser, await joinedOperator('care', 'support'), '/customers');
  const { context, page: ops } = support;
  await expect(ops.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await ops.getByLabel('Search').fill(email);
  await ops.getByRole('button', { name: 'Search' }).click();
  await expect(ops.getByRole('status')).toHaveText('1 customer, page 1 of 1.');
  await expectAccessible(ops);
  await ops.getByRole('link', { name: 'Grace Hopper' }).click();
  await expect(ops.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  await expect(ops.getByText('$25.00 ($25.00 available)')).toBeVisible();
  const transfers = ops.getByRole('region', { name: /Wallet transfers/ });
  // The card's hold and its settlement, as the ledger has them (the ticket's card payment has its own).
  await expect(transfers.getByRole('row', { name: /deposit pending \$25\.00/ })).toBeVisible();
  await expect(transfers.getByRole('row', { name: /deposit settled \$25\.00/ })).toBeVisible();
  // Each ticket with its numbers; an order's ticket count opens that order's tickets.
  const entry = /Game 1: numbers 3 11 17 22 28 30 35 · powerball 7/;
  await expect(
    ops.getByRole('region', { name: 'Tickets (1)' }).getByRole('row', { name: entry }),
  ).toBeVisible();
  await ops.getByRole('link', { name: /^1 ticket of / }).click();
  const ofOrder = ops.getByRole('region', { name: /^Tickets of order \w+ \(1\)$/ });
  await expect(ofOrder.getByRole('row', { name: entry })).toContainText('open');
  await expectAccessible(ops);
  await keepScreenshot(ops, 'customer-tickets');

  await ops.getByLabel('Add a note').fill('Asked on the phone about their deposit');
  await ops.getByRole('button', { name: 'Keep the note' }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'The note is kept.' })).toBeVisible();
  await expect(ops.getByText('Asked on the phone about their deposit')).toBeVisible();

  // Locking takes a reason, kept with the account and in the audit log.
  const lockForm = ops.locator('details', { hasText: 'Lock the account' });
  await lockForm.locator('summary').click();
  await lockForm.getByLabel('Reason (kept in the audit log)').fill('Card reported stolen');
  await lockForm.getByRole('button', { name: 'Lock the account' }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'The account is locked' })).toBeVisible();
  await expect(ops.getByText('Card reported stolen')).toBeVisible();
  await expectAccessible(ops);
  await keepScreenshot(ops, 'customer-locked');

  // The customer's session is gone, and signing in is refused while locked.
  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Your account is on hold. Please contact us')).toBeVisible();
  await expect(page.getByTestId('account-button')).toHaveCount(0);

  const unlockForm = ops.locator('details', { hasText: 'Unlock the account' });
  await unlockForm.locator('summary').click();
  await unlockForm.getByLabel('Reason (kept in the audit log)').fill('Card cancelled by the bank');
  await unlockForm.getByRole('button', { name: 'Unlock the account' }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'The account is unlocked.' })).toBeVisible();
  await signIn(page, email, PASSWORD);
  await expect(page.getByTestId('account-button')).toBeVisible();

  // The audit log has the note, the lock and the unlock, by the support operator.
  const customerId = new URL(ops.url()).pathname.split('/').pop() ?? '';
  expect((await auditOf('customer', customerId)).map((e) => [e.action, e.operator_name])).toEqual([
    ['customer.noted', support.name],
    ['customer.locked', support.name],
    ['customer.unlocked', support.name],
  ]);
  await context.close();
});

test('an admin sees the job queues and puts a failed delivery back in line from the Jobs page, audited', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // A delivery that failed every attempt, to a subscriber no relay runs (so it only waits once retried).
  const subscriber = `journey-${randomUUID()}`;
  let eventId = 0;
  await withJourneysDb(async (db) => {
    const [event] = await db
      .insert(outboxEvents)
      .values({ type: 'journey.ping', aggregateId: randomUUID() })
      .returning({ id: outboxEvents.id });
    eventId = event?.id ?? 0;
    await db
      .insert(outboxDeliveries)
      .values({ eventId, subscriber, status: 'dead', attempts: 8, lastError: 'Error: mail server refused' });
  });

  const admin = await operatorBrowser(browser, await joinedOperator('jobs', 'admin'), '/jobs');
  const { context, page: ops } = admin;
  await expect(ops.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await expect(ops.getByRole('region', { name: 'Queues' }).getByRole('row').nth(1)).toBeVisible();
  const failed = ops.getByRole('region', { name: /Failed deliveries/ });
  const row = failed.getByRole('row', { name: new RegExp(subscriber) });
  await expect(row).toContainText('Error: mail server refused');
  await expectAccessible(ops);
  await row.getByRole('button', { name: `Retry event ${eventId} for ${subscriber}` }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'The delivery is back in line.' })).toBeVisible();
  await expect(failed.getByRole('row', { name: new RegExp(subscriber) })).toHaveCount(0);
  await keepScreenshot(ops, 'jobs');

  expect((await auditOf('outbox_event', String(eventId))).map((e) => [e.action, e.operator_name])).toEqual([
    ['outbox.retried', admin.name],
  ]);
  await context.close();
});
