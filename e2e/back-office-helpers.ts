import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { latestMail } from './api.ts';
import { test as shopTest } from './fixtures.ts';
import { operator } from './wallet-helpers.ts';

/** The back office's address in the journeys (apps/admin/server.mjs on E2E_ADMIN_PORT). */
export function adminUrl(path = '/'): string {
  return `http://127.0.0.1:${process.env.E2E_ADMIN_PORT}${path}`;
}

/** The console errors of the other browsers a journey opens (`watchedContext`), reset by each test. */
const otherBrowsersErrors: string[][] = [];

/**
 * Collects what `context`'s pages log as errors, throw, or are refused by the Content-Security-Policy
 * (each `securitypolicyviolation` logged as an error, in case the browser does not log it), except
 * that a refused /admin call is expected: Chromium logs every 4xx answer of a fetch as an error, the
 * back office asks for the session to learn that nobody is signed in (401), and the journeys make the
 * API refuse things (a wrong code, your own admin role) to see the page show why.
 */
async function errorsOf(context: BrowserContext): Promise<string[]> {
  const errors: string[] = [];
  await context.addInitScript(`document.addEventListener('securitypolicyviolation', (event) => {
      console.error('CSP violation: ' + event.effectiveDirective + ' refused ' + (event.blockedURI || 'inline'));
    });`);
  context.on('console', (m) => {
    const refused = /the server responded with a status of (400|401|403|409)/.test(m.text());
    if (m.type() === 'error' && !refused) errors.push(m.text());
  });
  context.on('weberror', (e) => errors.push(e.error().message));
  return errors;
}

/**
 * A browser context of the journey's own beside `page`'s (a second operator), whose console errors
 * fail the test as the page's do.
 */
export async function watchedContext(
  browser: Browser,
  options?: Parameters<Browser['newContext']>[0],
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  otherBrowsersErrors.push(await errorsOf(context));
  return context;
}

/**
 * The shop's fixtures (axe, a visitor address per test, console errors fail the test), except that a
 * refused /admin call is expected (`errorsOf`); the errors of every context opened with
 * `watchedContext` fail the test too.
 */
export const test = shopTest.extend<{ consoleErrors: string[] }>({
  // A function, not a tuple: the override stays automatic like the fixture it replaces.
  consoleErrors: async ({ page }, use) => {
    otherBrowsersErrors.length = 0;
    const errors = await errorsOf(page.context());
    await use(errors);
    shopTest.expect([...errors, ...otherBrowsersErrors.flat()], 'browser console errors').toEqual([]);
  },
});

export const expect = test.expect;

/** The token of the newest invitation mailed to `email` (its link is `.../invitation/<token>`). */
export async function invitationToken(email: string): Promise<string> {
  const mail = await latestMail(email, /invited to the Drawhouse back office/);
  const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`the invitation mail to ${email} has no link: ${mail.text}`);
  return token;
}

/** `operator:create --email` as on the server's command line: the first admin is invited. */
export async function inviteFromCommandLine(email: string, roles?: string): Promise<string> {
  const printed = await operator('operator:create', '--email', email, ...(roles ? ['--roles', roles] : []));
  if (!printed.includes('/invitation/')) throw new Error(`operator:create printed no link: ${printed}`);
  return invitationToken(email);
}

/**
 * What an authenticator app shows for `secret` (the invitation page's text, spaces and all),
 * `stepsAhead` 30-second steps from now: the API takes a code once per step per operator and one
 * step either side of its clock, so a second sign-in in the same step uses the next step's code.
 */
export function authenticatorCode(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

export async function readDownload(path: string | null): Promise<string> {
  if (!path) throw new Error('the download was not saved');
  return readFile(path, 'utf8');
}

/**
 * Keeps a picture of a back office page as a journey leaves it, for people reading how the back office
 * looks (`test-results/screenshots/`, written by every run of the journeys).
 */
export async function keepScreenshot(page: import('@playwright/test').Page, name: string): Promise<void> {
  const root = new URL('..', import.meta.url).pathname;
  await page.screenshot({ path: `${root}test-results/screenshots/back-office-${name}.png`, fullPage: true });
}
