import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createDb, sql } from '@drawhouse/db';
import { stepUpByEmail } from './account-helpers.ts';
import type { Page } from './fixtures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `npm run operator -- <args>` against the journeys' database (the shop's embedded one). */
export async function operator(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/operator/main.ts', ...args],
    { cwd: root, env: { ...process.env, EMBEDDED_PG_PORT: process.env.E2E_PG_PORT }, timeout: 30_000 },
  );
  return stdout;
}

/** Runs `work` against the journeys' database (as `operator` reaches it): for what no page can set up. */
export async function withJourneysDb<T>(
  work: (db: ReturnType<typeof createDb>['db']) => Promise<T>,
): Promise<T> {
  const url =
    process.env.DATABASE_URL ??
    `postgres://drawhouse:drawhouse@127.0.0.1:${process.env.E2E_PG_PORT}/drawhouse`;
  const { db, close } = createDb(url, { max: 1 });
  try {
    return await work(db);
  } finally {
    await close();
  }
}

/**
 * Moves the adding of a customer's bank accounts back by `hours`, past the wait before a new
 * destination's first withdrawal (the journeys' database, as `operator` reaches it).
 */
export async function backdateBankAccounts(email: string, hours = 25): Promise<void> {
  await withJourneysDb((db) =>
    db.execute(
      sql`update funds set created_at = created_at - make_interval(hours => ${hours})
          where type = 'bank' and customer_id = (select id from customers where email = ${email.toLowerCase()})`,
    ),
  );
}

/**
 * Moves the setting of a customer's password (at sign-up) back by `hours`: no recent security change
 * keeps their withdrawals from being approved by rule.
 */
export async function backdatePassword(email: string, hours = 25): Promise<void> {
  await withJourneysDb((db) =>
    db.execute(
      sql`update customers set password_changed_at = password_changed_at - make_interval(hours => ${hours})
          where email = ${email.toLowerCase()}`,
    ),
  );
}

/**
 * A new operator (`operator:create`, a unique name from `prefix`) and its token, which acting
 * commands take as `--token` (or DRAWHOUSE_OPERATOR_TOKEN).
 */
export async function newOperator(prefix: string): Promise<{ name: string; token: string }> {
  const name = `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
  const printed = await operator('operator:create', name);
  const token = /token .*: (\S+)$/m.exec(printed)?.[1];
  if (!token) throw new Error(`operator:create printed no token: ${printed}`);
  return { name, token };
}

/** Deposits with a new card from /my-account/deposit and lands on the deposit's details. */
export async function depositWithNewCard(page: Page, amount: string, number = '4242 4242 4242 4242') {
  await page.goto('/my-account/deposit');
  const form = page.getByTestId('deposit-form');
  await form.getByTestId('deposit-new-card').check();
  await form.getByLabel('Name on card').fill('Ada Lovelace');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date').fill('12/34');
  await form.getByLabel('Security code (CSC)').fill('123');
  await form.getByLabel('Amount ($)').fill(amount);
  await form.getByTestId('deposit-submit').click();
}

/**
 * Saves BSB 062-000 account 12345678 from /my-account/withdraw's form (the page open) and passes
 * the step-up it asks for, by a mailed code.
 */
export async function addBankAccountOnWithdraw(page: Page, email: string): Promise<void> {
  const add = page.getByTestId('add-bank-account');
  await add.getByLabel('Account name', { exact: true }).fill('Ada Lovelace');
  await add.getByLabel('BSB', { exact: true }).fill('062-000');
  await add.getByLabel('Account number', { exact: true }).fill('12345678');
  await add.getByTestId('save-bank-account').click();
  await stepUpByEmail(page, email);
}

/** The operator credits a BPAY payment of `amount` quoting `reference`, as the bank statement shows it. */
export async function reconcileBpay(reference: string, amount: string): Promise<void> {
  await operator(
    'deposits:reconcile',
    'bp',
    '--reference',
    reference,
    '--amount',
    amount,
    '--transaction',
    `bank-${Math.random().toString(36).slice(2)}`,
  );
}
