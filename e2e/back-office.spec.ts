import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  adminUrl,
  authenticatorCode,
  expect,
  invitationToken,
  inviteFromCommandLine,
  keepScreenshot,
  readDownload,
  test,
} from './back-office-helpers.ts';
import {
  joinedOperator,
  OPERATOR_PASSWORD,
  operatorBrowser,
  secondBrowser,
  signInToBackOffice,
} from './back-office-queues-helpers.ts';
import { expectAccessible } from './fixtures.ts';

/** Opens an invitation, adds the authenticator (reads the secret shown) and accepts it as `name`. */
async function acceptInvitation(page: Page, token: string, name: string): Promise<string> {
  await page.goto(adminUrl(`/invitation/${token}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Join the Drawhouse back office' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveAttribute(
    'src',
    /^data:image\/svg\+xml;base64,/,
  );
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR_PASSWORD);
  await page.getByRole('textbox', { name: 'Authenticator code' }).fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(page).toHaveURL(adminUrl('/'));
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${name}` })).toBeVisible();
  return secret;
}

function nav(page: Page) {
  return page.getByRole('navigation', { name: 'Back office' });
}

test('an admin invited from the command line joins, signs in again with a code, invites a support operator who sees only their own pages, and the audit log shows it all and exports it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = randomBytes(4).toString('hex');
  const adminEmail = `admin-${id}@example.com`;
  const adminName = `boss-${id}`;
  const supportEmail = `support-${id}@example.com`;
  const supportName = `helper-${id}`;

  // The first admin: invited on the server's command line, the link read from the mail.
  const token = await inviteFromCommandLine(adminEmail);
  await page.goto(adminUrl(`/invitation/${token}`));
  await expect(page.getByText(adminEmail)).toBeVisible();
  await expect(page.getByText('results, finance, support, content, admin')).toBeVisible();
  await expectAccessible(page);
  const secret = await acceptInvitation(page, token, adminName);
  await expect(page.getByTestId('operator-name')).toHaveText(adminName);
  await expect(nav(page).getByRole('link', { name: 'Operators' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Audit log' })).toBeVisible();
  await expectAccessible(page);

  // Signed out, every page sends the operator to the sign-in page, and back after signing in.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(adminUrl('/sign-in'));
  await page.goto(adminUrl('/operators'));
  await expect(page).toHaveURL(adminUrl('/sign-in?next=%2Foperators'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
  await page.getByRole('textbox', { name: 'Authenticator code' }).fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const refused = page.getByRole('alert');
  await expect(refused).toBeVisible();
  await expect(refused).toBeFocused();
  // The code of the acceptance's step is spent: the next step's code, as the app would show soon.
  await page.getByRole('textbox', { name: 'Authenticator code' }).fill(authenticatorCode(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(adminUrl('/operators'));
  await expect(page.getByRole('heading', { level: 1, name: 'Operators' })).toBeVisible();

  // Invites a support operator: the invitation waits in the list.
  const invite = page.getByRole('region', { name: 'Invite an operator' });
  await invite.getByLabel('Email').fill(supportEmail);
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(invite.getByRole('alert')).toHaveText('Choose at least one role.');
  await expect(invite.getByRole('alert')).toBeFocused();
  await expect(invite.getByRole('group', { name: 'Roles' })).toHaveAccessibleDescription(
    'Choose at least one role.',
  );
  await invite.getByRole('checkbox', { name: /^support/ }).check();
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(invite.getByRole('status')).toHaveText(`An invitation was mailed to ${supportEmail}.`);
  const pending = page.getByRole('region', { name: 'Invitations not yet accepted' });
  await expect(pending.getByRole('row', { name: new RegExp(supportEmail) })).toContainText('support');
  await expectAccessible(page);
  await keepScreenshot(page, 'operators');

  // The support operator joins and sees only the pages of the support role; /operators is refused.
  const support = await secondBrowser(browser);
  await acceptInvitation(support.page, await invitationToken(supportEmail), supportName);
  await expect(nav(support.page).getByRole('link', { name: 'Operators' })).toHaveCount(0);
  await expect(nav(support.page).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await support.page.goto(adminUrl('/operators'));
  await expect(
    support.page.getByRole('heading', { level: 1, name: 'You do not have the admin role' }),
  ).toBeVisible();
  await expectAccessible(support.page);
  await support.page.goto(adminUrl('/audit'));
  await expect(
    support.page.getByRole('heading', { level: 1, name: 'You do not have the admin role' }),
  ).toBeVisible();
  await support.context.close();

  // The admin sees the new operator, and the audit log holds the invitation and the acceptance.
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Operators', exact: true })
      .getByRole('row', { name: new RegExp(supportName) }),
  ).toContainText('support');
  await nav(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeFocused();
  const log = page.getByRole('table');
  await expect(log.getByRole('row', { name: new RegExp(`${adminName} operator.invited`) })).toBeVisible();
  await expect(log.getByRole('row', { name: new RegExp(`${supportName} operator.joined`) })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'audit-log');

  // A page at a time: the admin's own entries one by one, the older ones a link away.
  await page.goto(adminUrl(`/audit?operator=${adminName}&limit=1`));
  const pages = page.getByRole('status').filter({ hasText: /entr/ });
  await expect(pages).toHaveText(/^\d+ entries, page 1 of (\d+)\.$/);
  await expect(log.getByRole('row')).toHaveCount(2);
  await page
    .getByRole('navigation', { name: 'Audit log pages' })
    .getByRole('link', { name: 'Older entries' })
    .click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(pages).toHaveText(/^\d+ entries, page 2 of \d+\.$/);
  await expect(log.getByRole('row', { name: new RegExp(adminName) })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Newer entries' })).toBeVisible();

  await page.getByLabel('Operator name').fill(supportName);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`operator=${supportName}`));
  await expect(log.getByRole('row', { name: /operator\.joined/ })).toHaveCount(1);
  await expect(log.getByRole('row', { name: new RegExp(adminName) })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /entr/ })).toHaveText('1 entry, page 1 of 1.');

  const exported = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await exported;
  expect(download.suggestedFilename()).toMatch(/^drawhouse-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readDownload(await download.path());
  const lines = csv.trim().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('operator.joined');
  expect(lines[1]).toContain(supportName);
});

test('an admin changes another operator’s roles, disables and enables them and ends their sessions; their own admin role is refused with the API’s reason', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const chief = await joinedOperator('chief', 'admin');
  await signInToBackOffice(page, chief);
  const adminName = chief.name;
  const other = await operatorBrowser(browser, await joinedOperator('other', 'support'));
  const otherName = other.name;

  await nav(page).getByRole('link', { name: 'Operators' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operators' })).toBeFocused();
  const row = page.getByRole('region', { name: 'Operators', exact: true }).getByRole('row', {
    name: new RegExp(otherName),
  });
  await expect(row).toContainText('support');
  await row.getByText(`Change ${otherName}`).click();
  await row.getByRole('checkbox', { name: /^finance/ }).check();
  await row.getByRole('button', { name: 'Save roles' }).click();
  await expect(row.getByRole('status')).toHaveText(`${otherName} now has the roles finance, support.`);
  await expect(row.getByRole('cell', { name: 'finance, support', exact: true })).toBeVisible();
  await expectAccessible(page);

  // A change of roles ends the operator's sessions: their next page asks them to sign in.
  await other.page.reload();
  await expect(other.page).toHaveURL(adminUrl('/sign-in'));
  await other.context.close();

  await row.getByRole('button', { name: `Disable ${otherName}` }).click();
  await expect(row.getByRole('status')).toHaveText(`${otherName} is disabled.`);
  await expect(row).toContainText('disabled');
  await row.getByRole('button', { name: `Enable ${otherName}` }).click();
  await expect(row.getByRole('status')).toHaveText(`${otherName} is enabled.`);
  await expect(row).toContainText('active');
  await row.getByRole('button', { name: `End ${otherName}'s sessions` }).click();
  await expect(row.getByRole('status')).toHaveText(/^\d+ sessions? ended\.$/);

  // Your own admin role stays: the API refuses, and the page says why.
  const mine = page.getByRole('region', { name: 'Operators', exact: true }).getByRole('row', {
    name: new RegExp(`${adminName} \\(you\\)`),
  });
  await mine.getByText(`Change ${adminName}`).click();
  await mine.getByRole('checkbox', { name: /^admin/ }).uncheck();
  await mine.getByRole('button', { name: 'Save roles' }).click();
  await expect(mine.getByRole('alert')).toBeFocused();
  await expect(mine.getByRole('alert')).not.toBeEmpty();
  await expect(mine).toContainText('admin');

  // The audit log has each change, by the admin, on the other operator.
  await page.goto(adminUrl(`/audit?operator=${adminName}&action=operator.updated`));
  await expect(page.getByRole('table').getByRole('row', { name: /operator\.updated/ })).toHaveCount(3);
});

test('the back office is served under its security headers, with nothing inline for the policy to allow', async ({
  request,
}) => {
  const res = await request.get(adminUrl('/operators'));
  expect(res.status()).toBe(200);
  const headers = res.headers();
  expect(headers['content-security-policy']).toBe(
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['cache-control']).toBe('no-store');
  const html = await res.text();
  // Every script is a file of the build and there is no <style> or style attribute.
  expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/);
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/<style|\sstyle=/);
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
  const asset = await request.get(adminUrl(script));
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // The API is reached through the back office's own origin.
  const session = await request.get(adminUrl('/admin/session'));
  expect(session.status()).toBe(401);
  expect((await session.json()).error.code).toBe('unauthorised');
});

test('an answer the page does not understand shows as the page’s error, naming the call, never as wrong data', async ({
  page,
}) => {
  const admin = await joinedOperator('mismatch', 'admin');
  await signInToBackOffice(page, admin);
  // The API as a newer or older release might answer: the queues under another name.
  await page.route(adminUrl('/admin/jobs'), (route) =>
    route.fulfill({ json: { result: { queue_list: [], failed: 'none' }, messages: [] } }),
  );
  await page.goto(adminUrl('/jobs'));
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    /^The API answered something this page does not understand \(GET \/admin\/jobs\)\./,
  );
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page);
});
