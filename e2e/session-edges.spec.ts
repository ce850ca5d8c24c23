import { randomUUID } from 'node:crypto';
import { createSealer } from '../apps/web/app/lib/seal.server.ts';
import { join, signIn } from './account-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';

const sessionId = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'session_id')?.value;

/** A request seen after every request the page made before it: the heartbeat's pings are counted by then. */
async function settle(page: Page) {
  await page.evaluate(() => fetch('/blank.html?settle').then((r) => r.status));
}

test('the heartbeat pings every minute only while the visitor was active in the last 10 minutes', async ({
  page,
}) => {
  let pings = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/blank.html' && !r.url().includes('settle')) pings += 1;
  });
  await page.clock.install();
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.keyboard.press('Shift');
  await page.clock.fastForward('01:00');
  await expect.poll(() => pings).toBe(1);

  // 11 minutes without activity: the next minute's beat does not ping.
  await page.clock.fastForward('11:00');
  await settle(page);
  expect(pings).toBe(1);

  await page.keyboard.press('Shift');
  await page.clock.fastForward('01:00');
  await expect.poll(() => pings).toBe(2);
});

test('activity after 30 minutes without any starts a new session id; within 30 minutes it stays', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const first = await sessionId(page);
  expect(first).toBeTruthy();

  await page.clock.fastForward('29:00');
  await page.keyboard.press('Shift');
  await settle(page);
  expect(await sessionId(page)).toBe(first);

  await page.clock.fastForward('31:00');
  const renewed = page.waitForResponse((r) => r.url().endsWith('/session/visit'));
  await page.keyboard.press('Shift');
  expect((await renewed).status()).toBe(200);
  await expect.poll(() => sessionId(page)).not.toBe(first);
  const second = await sessionId(page);

  // The next page keeps the new id.
  await page.goto('/about/privacy');
  expect(await sessionId(page)).toBe(second);
});

const SESSION_COOKIE = 'dh_session';
const ENDED = 'Your session has ended. Please sign in again.';

test('a customer whose session ended elsewhere, or lost its refresh token, is signed out and told so on the sign-in page', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `edge-${randomUUID()}@example.com`;
  await join(page, email);
  await expect(page.getByTestId('account-button')).toBeVisible();

  // The same session signed out in another browser: the API refuses its tokens and their renewal.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await other.addCookies(await page.context().cookies());
  const otherPage = await other.newPage();
  await otherPage.goto('/my-account');
  await otherPage.getByTestId('account-button').click();
  await otherPage.getByTestId('logout-link').click();
  await expect(otherPage.getByTestId('login-link')).toBeVisible();
  await other.close();

  await page.goto('/my-account/my-details');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-account%2Fmy-details/);
  await expect(page.getByRole('alert').filter({ hasText: ENDED })).toBeVisible();
  await expect(page.getByTestId('login-link')).toBeVisible();
  await expectAccessible(page);

  // A session cookie that has lost its refresh token cannot be renewed: signed out at once, and told.
  await signIn(page, email);
  await expect(page.getByTestId('account-button')).toBeVisible();
  const sealer = createSealer(process.env.E2E_SESSION_SECRET ?? '', 'session');
  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie after signing in');
  const session = sealer.unseal<Record<string, unknown>>(decodeURIComponent(cookie.value));
  expect(session?.refreshToken).toEqual(expect.any(String));
  await page.context().addCookies([
    {
      ...cookie,
      name: SESSION_COOKIE,
      value: encodeURIComponent(sealer.seal({ ...session, refreshToken: '' })),
    },
  ]);
  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-account/);
  await expect(page.getByRole('alert').filter({ hasText: ENDED })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);
});
