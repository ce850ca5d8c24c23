import { expect, type Page, test } from './fixtures.ts';

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
