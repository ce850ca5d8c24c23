import { expect, expectAccessible, type Page, test } from './fixtures.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

type FocusCheck = { focused: string; coveredBy: string[]; inView: boolean } | null;

/**
 * Where the focused element is: the position:sticky and position:fixed elements whose box overlaps
 * its box (its own ancestors aside), and whether it is inside the viewport. A string: the e2e
 * TypeScript has no DOM types.
 */
const FOCUS_CHECK = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const name = (node) =>
    node.getAttribute('data-testid') || node.getAttribute('aria-label') ||
    (node.textContent || '').trim().slice(0, 40) || node.tagName;
  const r = el.getBoundingClientRect();
  const coveredBy = [];
  for (const other of document.querySelectorAll('body *')) {
    const position = getComputedStyle(other).position;
    if (position !== 'sticky' && position !== 'fixed') continue;
    if (other.contains(el) || el.contains(other)) continue;
    const o = other.getBoundingClientRect();
    const x = Math.min(r.right, o.right) - Math.max(r.left, o.left);
    const y = Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top);
    if (x > 0 && y > 0) coveredBy.push(name(other));
  }
  return { focused: name(el), coveredBy, inView: r.top >= 0 && r.bottom <= innerHeight };
})()`;

/** The data-testid of the focused element, or null. */
async function focusedTestId(page: Page): Promise<string | null> {
  return (await page.evaluate(`document.activeElement?.getAttribute('data-testid') ?? null`)) as
    | string
    | null;
}

async function openPlay(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
}

/** A problem with the focus where it stands, or null when it is visible and uncovered. */
async function focusProblem(page: Page, step: string): Promise<string | null> {
  const check = (await page.evaluate(FOCUS_CHECK)) as FocusCheck;
  if (!check) return null;
  if (check.coveredBy.length > 0) return `${step}: ${check.focused} under ${check.coveredBy.join(', ')}`;
  if (!check.inView) return `${step}: ${check.focused} outside the viewport`;
  return null;
}

for (const path of ['/powerball', '/monday-wednesday-lotto']) {
  test(`at 390x844, tabbing through ${path}'s play panel never puts focus under a sticky element`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    await openPlay(page, path);
    await page.getByTestId('quick-pick-0').click();
    const problems: string[] = [];
    await page.getByTestId('num-draws').focus();
    let stops = 0;
    // Tab from the top of the panel to the end of its games, and move a few rows inside each game.
    for (; stops < 150; stops++) {
      await page.keyboard.press('Tab');
      const problem = await focusProblem(page, `stop ${stops + 1}`);
      if (problem) problems.push(problem);
      const inGame = await page.evaluate(`!!document.activeElement?.closest('[data-testid^="game-"]')`);
      if (inGame) {
        for (let row = 0; row < 4; row++) {
          await page.keyboard.press('ArrowDown');
          const moved = await focusProblem(page, `stop ${stops + 1}, row ${row + 2}`);
          if (moved) problems.push(moved);
        }
      }
      const leftPanel = await page.evaluate(
        `!document.activeElement?.closest('[data-testid="number-picker"]')`,
      );
      if (leftPanel || (await focusedTestId(page)) === 'add-to-cart') break;
    }
    expect(stops, 'the tab walk reached the end of the panel').toBeLessThan(150);
    expect(problems).toEqual([]);
  });
}

test('each game is one tab stop: from the first game to Add to cart takes one Tab per game', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await openPlay(page, '/powerball');
  const games = await page.locator('[data-testid^="game-status-"]').count();
  expect(games).toBeGreaterThan(5);
  await page.getByTestId('quick-pick-all').click();
  await page.getByTestId('add-game').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('game-0').getByTestId('ball-numbers-1')).toBeFocused();
  let presses = 0;
  while (presses < 200 && (await focusedTestId(page)) !== 'add-to-cart') {
    await page.keyboard.press('Tab');
    presses++;
  }
  // One stop per game after the first, then the summary's own controls.
  expect(presses).toBeLessThanOrEqual(games + 2);

  // Shift+Tab comes back into the last game where it was left.
  await page.getByTestId('game-2').getByTestId('ball-numbers-1').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('game-2').getByTestId('ball-numbers-3')).toBeFocused();
});

test('arrow keys move through a whole game: its numbers, its Powerballs and its buttons', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize(DESKTOP);
  await openPlay(page, '/powerball');
  const game = page.getByTestId('game-0');
  await page.getByTestId('add-game').focus();
  await page.keyboard.press('Tab');
  await expect(game.getByTestId('ball-numbers-1')).toBeFocused();
  await page.keyboard.press('End');
  await expect(game.getByTestId('ball-numbers-35')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(game.getByTestId('ball-powerball-1')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(game.getByTestId('ball-numbers-35')).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(game.getByTestId('ball-numbers-31')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(game.getByTestId('ball-powerball-1')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(game.getByTestId('quick-pick-0')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(game.getByTestId('game-status-0')).toHaveText('Complete');
  await page.keyboard.press('ArrowRight');
  await expect(game.getByTestId('clear-0')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(game.getByTestId('ball-powerball-11')).toBeFocused();
  await expectAccessible(page);
});

test('a skip link jumps from the games to the price and Add to cart', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openPlay(page, '/powerball');
  await page.getByTestId('quick-pick-0').click();
  await page.getByTestId('quick-pick-all').focus();
  await page.keyboard.press('Shift+Tab');
  const skip = page.getByTestId('skip-to-summary');
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('entry-summary')).toBeFocused();
  expect(await focusProblem(page, 'summary')).toBeNull();
  let presses = 0;
  const add = page.getByTestId('add-to-cart');
  while (presses < 5 && (await focusedTestId(page)) !== 'add-to-cart') {
    await page.keyboard.press('Tab');
    presses++;
  }
  await expect(add).toBeFocused();
});

test('on a phone the sticky summary is short, and its odds open on demand', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openPlay(page, '/powerball');
  await page.getByTestId('quick-pick-0').click();
  const summary = page.getByTestId('entry-summary');
  const box = await summary.boundingBox();
  expect(box?.height ?? 999).toBeLessThanOrEqual(90);
  await expect(page.getByTestId('entry-odds')).toBeHidden();
  const toggle = page.getByTestId('entry-odds-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('entry-odds')).toBeVisible();

  await page.setViewportSize(DESKTOP);
  await expect(toggle).toBeHidden();
  await expect(page.getByTestId('entry-odds')).toBeVisible();
});

for (const size of [DESKTOP, PHONE]) {
  for (const path of ['/powerball', '/monday-wednesday-lotto']) {
    test(`${path} at ${size.width}x${size.height} with focus in the grid passes axe`, async ({ page }) => {
      // axe reads every ball of the eighteen games.
      test.setTimeout(60_000);
      await page.setViewportSize(size);
      await openPlay(page, path);
      await page.getByTestId('add-game').focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowDown');
      await expect(page.getByTestId('game-0').getByTestId('ball-numbers-11')).toBeFocused();
      await expectAccessible(page);
    });
  }
}
