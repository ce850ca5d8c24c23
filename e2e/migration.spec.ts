import { randomUUID } from 'node:crypto';
import { customers, eq, insertLegacyAccount, legacyAccounts, openDraws } from '@drawhouse/db';
import { join } from './account-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { withJourneysDb } from './wallet-helpers.ts';

/**
 * Gives the customer of `email` an account of the older shop ($42.50 cash, $5.00 promotional credit,
 * and a Powerball ticket for the next draw); answers the ticket's reference and draw number.
 */
async function addLegacyAccount(email: string, account: { mustMigrateBy?: Date; heldReason?: string }) {
  return withJourneysDb(async (db) => {
    const [customer] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, email));
    if (!customer) throw new Error(`no customer ${email}`);
    const [next] = await openDraws(db, ['powerball'], new Date());
    if (!next) throw new Error('no open Powerball draw');
    const ticket = { legacyRef: `LT-${randomUUID().slice(0, 8)}`, drawNo: next.drawNo };
    await insertLegacyAccount(db, {
      customerId: customer.id,
      legacyRef: `LC-${randomUUID()}`,
      cashCents: 4250,
      promoCents: 500,
      tickets: [
        {
          ...ticket,
          productOfferKey: 'powerball',
          gameType: 'standard',
          gameOffer: 'powerball-standard',
          games: [{ numbers: [4, 9, 13, 21, 26, 30, 34], powerball: [11] }],
          priceCents: 155,
        },
      ],
      ...account,
    });
    return ticket;
  });
}

/** The older shop lets the account go (it held it: the first attempt failed). */
async function releaseLegacyAccount(email: string) {
  await withJourneysDb(async (db) => {
    const [customer] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, email));
    if (!customer) throw new Error(`no customer ${email}`);
    await db
      .update(legacyAccounts)
      .set({ heldReason: null })
      .where(eq(legacyAccounts.customerId, customer.id));
  });
}

async function joinWithLegacyAccount(
  page: Parameters<typeof join>[0],
  account: Parameters<typeof addLegacyAccount>[1],
) {
  const email = `migrate-${randomUUID()}@example.com`;
  await join(page, email);
  await expect(page.getByTestId('account-button')).toBeVisible();
  const ticket = await addLegacyAccount(email, account);
  return { email, ticket };
}

for (const width of [1280, 390]) {
  test(`a customer who must migrate fails once, retries, then upgrades the account (${width} px)`, async ({
    page,
  }) => {
    // Two moves polled every 3 s, an upgrade and five accessibility checks.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const { email, ticket } = await joinWithLegacyAccount(page, {
      mustMigrateBy: new Date('2026-01-01T00:00:00Z'),
      heldReason: 'a payout is pending',
    });
    await page.goto('/');
    const modal = page.getByTestId('migration-modal');
    await expect(modal.getByRole('heading', { name: 'Move your account to Drawhouse' })).toBeVisible();
    await expectAccessible(page);
    const migrate = modal.getByRole('button', { name: 'Migrate' });
    await expect(migrate).toBeDisabled();
    // A hard migration cannot be put off.
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Not now' })).toHaveCount(0);

    await modal.getByLabel(/I agree to the terms and conditions/).check();
    await migrate.click();
    await expect(modal.getByRole('heading', { name: 'We could not move your account' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(modal.getByRole('alert')).toContainText('a payout is pending');
    await expectAccessible(page);

    await releaseLegacyAccount(email);
    await modal.getByRole('button', { name: 'Retry' }).click();
    await expect(modal.getByRole('heading', { name: 'Your account has moved' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(modal.getByTestId('migrated-balances')).toContainText('$42.50');
    await expect(modal.getByTestId('migrated-balances')).toContainText('$5.00');
    await expect(modal.getByTestId('migrated-balances')).toContainText(
      `Ticket ${ticket.legacyRef} for draw ${ticket.drawNo}: entered in the draw`,
    );
    await expectAccessible(page);

    await modal.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/my-account\/upgrade-account$/);
    // Every page but the upgrade, logout and the static pages sends the customer back to it.
    await page.goto('/powerball');
    await expect(page).toHaveURL(/\/my-account\/upgrade-account$/);
    await expect(page.getByRole('heading', { name: 'Upgrade your account' })).toBeVisible();
    await expectAccessible(page);

    const form = page.getByTestId('upgrade-account-form');
    await form.getByLabel('Phone').fill('12');
    await form.getByRole('button', { name: 'Upgrade my account' }).click();
    await expect(form.getByText('Please enter a valid phone number.')).toBeVisible();
    await expect(form.getByText('You must agree to the terms and conditions to proceed.')).toBeVisible();
    await form.getByLabel('Phone').fill('0412345678');
    await form.getByLabel(/terms and conditions/i).check();
    await form.getByRole('button', { name: 'Upgrade my account' }).click();
    await expect(page).toHaveURL(/\/my-account$/);
    await page.goto('/powerball');
    await expect(page).toHaveURL(/\/powerball$/);
    await expect(page.getByTestId('migration-modal')).toHaveCount(0);
  });

  test(`a customer who may migrate later dismisses the prompt for 7 days (${width} px)`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await joinWithLegacyAccount(page, {});
    await page.goto('/');
    const modal = page.getByTestId('migration-modal');
    await expect(modal).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'migration_dismissed')?.expires ?? 0)
      .toBeGreaterThan(Date.now() / 1000 + 6.9 * 86_400);
    await page.reload();
    await expect(page.getByTestId('account-button')).toBeVisible();
    await expect(modal).toHaveCount(0);
  });
}
