/**
 * Operators in the back office journeys: invited from the command line with their roles, joined
 * through the API (the authenticator's secret read from the invitation), then signed in on the back
 * office's page with email, password and code, each in a browser of their own; and the audit log as
 * an admin reads it. Only a journey whose page under test is the invitation accepts one in the page.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import {
  adminUrl,
  authenticatorCode,
  expect,
  inviteFromCommandLine,
  watchedContext,
} from './back-office-helpers.ts';
import { newOperator } from './wallet-helpers.ts';

/** Every journey operator's password. */
export const OPERATOR_PASSWORD = 'a long back office passphrase 42';
const apiUrl = (path: string) => `http://127.0.0.1:${process.env.E2E_API_PORT}${path}`;

export type QueueOperator = { email: string; name: string; secret: string };

/** Someone with `roles` who accepted their invitation (the API's calls, as the invitation page makes them). */
export async function joinedOperator(prefix: string, roles: string): Promise<QueueOperator> {
  const id = randomBytes(4).toString('hex');
  const email = `${prefix}-${id}@example.com`;
  const name = `${prefix}-${id}`;
  const token = await inviteFromCommandLine(email, roles);
  const shown = await fetch(apiUrl(`/admin/invitations/${token}`));
  const secret = ((await shown.json()) as { result: { totp_secret: string } }).result.totp_secret;
  const accepted = await fetch(apiUrl(`/admin/invitations/${token}/accept`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: OPERATOR_PASSWORD, code: authenticatorCode(secret) }),
  });
  if (!accepted.ok) throw new Error(`the invitation was not accepted: ${await accepted.text()}`);
  return { email, name, secret };
}

/** Signs in on the back office's page: email, password and the authenticator's next code. */
export async function signInToBackOffice(page: Page, who: QueueOperator, path = '/'): Promise<void> {
  await page.goto(adminUrl(`/sign-in?next=${encodeURIComponent(path)}`));
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
  // The acceptance spent this step's code: the next step's, as the app shows it soon after.
  await page.getByRole('textbox', { name: 'Authenticator code' }).fill(authenticatorCode(who.secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('operator-name')).toHaveText(who.name);
}

/**
 * A browser of its own (another address: the sign-in calls are limited per address) for a second
 * operator; its console errors fail the test as the test's own page's do.
 */
export async function secondBrowser(browser: Browser) {
  const context = await watchedContext(browser, {
    extraHTTPHeaders: { 'X-Forwarded-For': `198.18.201.${1 + ((randomBytes(1)[0] ?? 0) % 250)}` },
  });
  return { context, page: await context.newPage() };
}

/** `who` signed in at `path` in a browser of their own (`secondBrowser`). */
export async function operatorBrowser(browser: Browser, who: QueueOperator, path = '/') {
  const own = await secondBrowser(browser);
  await signInToBackOffice(own.page, who, path);
  return { ...who, ...own };
}

export type AuditRow = {
  action: string;
  operator_name: string;
  via: string;
  before: unknown;
  after: unknown;
};

/** GET /admin/audit as an admin (an operator token), for one target, oldest first. */
export async function auditOf(targetType: string, targetId: string): Promise<AuditRow[]> {
  const { token } = await newOperator('e2e-auditor');
  const res = await fetch(apiUrl(`/admin/audit?target_type=${targetType}&target_id=${targetId}`), {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET /admin/audit answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { result: { entries: AuditRow[] } };
  return body.result.entries.reverse();
}
