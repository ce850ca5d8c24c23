import { and, createDb, eq, ledgerAccounts } from '@drawhouse/db';
import type { Browser, Page } from '@playwright/test';
import { insertTicket, ownDraw } from '../apps/api/test/draws-helpers.ts';
import { adminUrl, expect, keepScreenshot, test } from './back-office-helpers.ts';
import { joinedOperator, operatorBrowser } from './back-office-queues-helpers.ts';
import { expectAccessible } from './fixtures.ts';
import { newOperator } from './wallet-helpers.ts';

/*
 * A draw night in the back office, on a Saturday Lotto draw of the journey's own (no other journey
 * plays Saturday Lotto, and the draw's number and times are its own): a results operator closes it
 * early and enters the results; a second enters them blind and they are published; the winner's
 * $60,000 is held, approved by one finance operator and released by another; the audit log has it all.
 */

const OFFER = 'saturday-lotto';
const NUMBERS = '4 11 19 23 31 40';
const SUPPLEMENTARY = '2 7';
const PRIZE_CENTS = 6_000_000;

const dbUrl = () =>
  process.env.DATABASE_URL ?? `postgres://drawhouse:drawhouse@127.0.0.1:${process.env.E2E_PG_PORT}/drawhouse`;

/** A back office operator of `roles`, signed in in a browser of their own. */
async function joined(browser: Browser, roles: string, prefix: string) {
  return operatorBrowser(browser, await joinedOperator(prefix, roles));
}

async function enterResults(page: Page) {
  const form = page.getByRole('region', { name: 'Enter the results' });
  await form.getByRole('textbox', { name: 'Numbers', exact: true }).fill(NUMBERS);
  await form.getByRole('textbox', { name: 'Supplementary numbers' }).fill(SUPPLEMENTARY);
  await form.getByRole('textbox', { name: /^Prizes by division/ }).fill(`1=${PRIZE_CENTS / 100}`);
  await form.getByRole('button', { name: 'Enter the results' }).click();
}

test('a draw night: closed early, results entered blind by two operators, the held prize released by two finance operators, all audited', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { db, close } = createDb(dbUrl(), { max: 1 });
  try {
    const at = Date.now();
    const draw = await ownDraw(db, OFFER, {
      stopAt: new Date(at + 2 * 3_600_000),
      drawAt: new Date(at + 3 * 3_600_000 + 17 * 60_000),
      purchaseStatus: 'open',
    });
    const { customerId } = await insertTicket(db, draw, [{ numbers: [4, 11, 19, 23, 31, 40] }]);
    const drawUrl = adminUrl(`/draws/${OFFER}/${draw.drawNo}`);

    // The first results operator finds the draw in the calendar and opens it.
    const alice = await joined(browser, 'results', 'alice');
    await expect(alice.page.getByRole('heading', { name: 'Today' })).toBeVisible();
    await expectAccessible(alice.page);
    await keepScreenshot(alice.page, 'today');
    await alice.page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Draws' })
      .click();
    await alice.page.getByLabel('Offer').selectOption(OFFER);
    await alice.page.getByRole('button', { name: 'Show' }).click();
    await expectAccessible(alice.page);
    await alice.page.getByRole('link', { name: `Draw ${draw.drawNo}` }).click();
    await expect(
      alice.page.getByRole('heading', { level: 1, name: new RegExp(`draw ${draw.drawNo}$`) }),
    ).toBeVisible();
    await expect(alice.page.getByTestId('draw-status')).toHaveText('Open');
    await expectAccessible(alice.page);
    await keepScreenshot(alice.page, 'draw');

    // Close early: the dialog holds focus, Escape closes it without closing the draw; then confirmed.
    const closeButton = alice.page.getByRole('button', { name: 'Close this draw now' });
    await closeButton.click();
    const dialog = alice.page.getByRole('dialog', { name: 'Close the draw now?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(alice.page);
    await alice.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(closeButton).toBeFocused();
    await expect(alice.page.getByTestId('draw-status')).toHaveText('Open');
    await closeButton.click();
    await dialog.getByRole('button', { name: 'Close the draw' }).click();
    await expect(alice.page.getByRole('status')).toHaveText(/The draw is closed/);
    await expect(alice.page.getByTestId('draw-status')).toHaveText('Closed, waiting for results');

    await enterResults(alice.page);
    await expect(alice.page.getByRole('status')).toHaveText(/waits for a second operator/);
    await expect(alice.page.getByTestId('entry-waiting')).toBeVisible();
    await expectAccessible(alice.page);
    await keepScreenshot(alice.page, 'results-entered');

    // The second operator sees that an entry waits, never its figures, and enters from the source.
    const bob = await joined(browser, 'results', 'bob');
    await bob.page.goto(drawUrl);
    const entries = bob.page.getByRole('region', { name: 'Entries' });
    await expect(entries.getByRole('row', { name: new RegExp(alice.name) })).toContainText(
      'Hidden until published',
    );
    await expect(bob.page.getByText('4, 11, 19')).toHaveCount(0);
    await enterResults(bob.page);
    await expect(bob.page.getByRole('status')).toHaveText(/the results are published/);
    await expect(bob.page.getByTestId('draw-result')).toContainText('4, 11, 19, 23, 31, 40');

    // The engine scores the draw; the winner's $60,000 is held for finance.
    await expect(async () => {
      await bob.page.reload();
      await expect(bob.page.getByTestId('held-summary')).toContainText('1 prize held', { timeout: 500 });
    }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
    await expect(bob.page.getByTestId('held-summary')).toContainText('two finance operators');

    // Two finance operators: the first approves, may not release alone, the second releases.
    const fiona = await joined(browser, 'finance', 'fiona');
    await fiona.page.goto(adminUrl('/prizes'));
    await expectAccessible(fiona.page);
    await keepScreenshot(fiona.page, 'held-prizes');
    const approve = new RegExp(`^Approve the prizes of .* draw ${draw.drawNo}$`);
    await fiona.page.getByRole('button', { name: approve }).click();
    await expect(fiona.page.getByRole('status')).toHaveText(
      /is recorded: a second finance operator releases it/,
    );
    const release = new RegExp(`^Release the prizes of .* draw ${draw.drawNo}$`);
    await fiona.page.getByRole('button', { name: release }).click();
    await expect(fiona.page.getByRole('alert')).toHaveText(/approved these prizes already/);
    await expect(fiona.page.getByRole('alert')).toBeFocused();

    const frank = await joined(browser, 'finance', 'frank');
    await frank.page.goto(adminUrl('/prizes'));
    await frank.page.getByRole('button', { name: release }).click();
    await expect(frank.page.getByRole('status')).toHaveText(/\$60,000\.00 of draw \d+ released and paid/);

    // The winner is paid into the wallet.
    const [wallet] = await db
      .select({ credits: ledgerAccounts.creditsPosted, debits: ledgerAccounts.debitsPosted })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.customerId, customerId), eq(ledgerAccounts.kind, 'wallet')));
    expect(Number(wallet?.credits ?? 0) - Number(wallet?.debits ?? 0)).toBe(PRIZE_CENTS);

    // The audit log (read as an admin) holds every step, each by its operator.
    const auditor = await newOperator('auditor');
    const res = await page.request.get(
      `http://127.0.0.1:${process.env.E2E_API_PORT}/admin/audit?target_type=draw&target_id=${OFFER}/${draw.drawNo}`,
      { headers: { authorization: `Bearer ${auditor.token}` } },
    );
    expect(res.status()).toBe(200);
    const steps = ((await res.json()).result.entries as { action: string; operator_name: string }[])
      .map((e) => `${e.action} ${e.operator_name}`)
      .reverse();
    expect(steps).toEqual([
      `draw.closed ${alice.name}`,
      `results.entered ${alice.name}`,
      `results.entered ${bob.name}`,
      `prize.release_approved ${fiona.name}`,
      `prize.released ${frank.name}`,
    ]);
  } finally {
    await close();
  }
});
