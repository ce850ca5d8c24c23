import { expect, expectAccessible, type Page, test } from './fixtures.ts';

const FIRST = [3, 7, 11, 19, 23, 28, 35];

async function openPlay(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
}

/** True when the element with this test id is the topmost thing at its centre (a string: no DOM types here). */
const UNCOVERED = (testId: string) => `(() => {
  const el = document.querySelector('[data-testid="${testId}"]');
  const r = el.getBoundingClientRect();
  return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
})()`;

const cartLines = (page: Page) =>
  page.locator('[data-testid^="cart-item-"]:not([data-testid^="cart-item-total"])');

test('an entry in the cart is edited on the play screen: Update entry replaces it', async ({ page }) => {
  test.setTimeout(60_000);
  await openPlay(page, '/powerball');
  const game = page.getByTestId('game-0');
  for (const n of FIRST) await game.getByTestId(`ball-numbers-${n}`).click();
  await game.getByTestId('ball-powerball-5').click();
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.goto('/cart');
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page)).toContainText(FIRST.join(' '));
  await page.getByRole('link', { name: /^Edit/ }).click();
  await expect(page).toHaveURL(/\/powerball\?item=/);
  await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByTestId('game-status-0')).toHaveText('Complete');
  await expect(page.getByTestId('add-to-cart')).toHaveText('Update entry');
  await expectAccessible(page);

  // One number changed: 35 out, 34 in.
  await game.getByTestId('ball-numbers-35').click();
  await game.getByTestId('ball-numbers-34').click();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('add-to-cart').click();
  // One message, and nothing over it: no notification besides the line under the button.
  const back = page.getByTestId('back-to-cart');
  await expect(back).toBeVisible();
  await expect(back.locator('..')).toHaveText('Your entry is updated. Back to cart');
  await expect(page.getByTestId('notification')).toHaveCount(0);
  await back.scrollIntoViewIfNeeded();
  expect(await page.evaluate(UNCOVERED('back-to-cart'))).toBe(true);
  await back.click();

  await expect(cartLines(page)).toHaveCount(1);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(cartLines(page)).toContainText('3 7 11 19 23 28 34');
  await expect(cartLines(page)).not.toContainText('28 35');
  await page.locator('[data-testid^="cart-remove-"]').click();
  await expect(page.getByTestId('cart-empty')).toBeVisible();
});

test('an unknown item id shows the normal play screen', async ({ page }) => {
  await openPlay(page, '/powerball?item=00000000-0000-0000-0000-000000000000');
  await expect(page.getByTestId('add-to-cart')).toHaveText('Add to cart');
  await expect(page.getByTestId('game-status-0')).not.toHaveText('Complete');
});

test('Monday & Wednesday Lotto: Add waits for a draw day; the cart item says Wednesday', async ({ page }) => {
  await openPlay(page, '/monday-wednesday-lotto');
  await page.getByTestId('quick-pick-0').click();
  await expect(page.getByTestId('game-status-0')).toHaveText('Complete');
  await expect(page.getByTestId('add-to-cart')).toBeDisabled();
  const days = page.getByRole('group', { name: 'Draw day' });
  await expect(days.getByRole('radio')).toHaveCount(2);
  await expectAccessible(page);
  await days.getByRole('radio', { name: 'Wednesday' }).check();
  await expect(page.getByTestId('first-draw')).toContainText('Wed');
  await expect(page.getByTestId('add-to-cart')).toBeEnabled();
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/cart');
  await expect(cartLines(page)).toContainText('Wednesday');
});

test('?firstDrawNo= starts the entry with that draw; an unknown one falls back to the next draw', async ({
  page,
}) => {
  await openPlay(page, '/powerball');
  const next = page.getByTestId('first-draw');
  await expect(next).toContainText('the next draw');
  const rows = page.getByTestId('draws-powerball').locator('tbody tr');
  const second = await rows.nth(1).locator('td').first().textContent();
  const drawNo = /Draw (\d+)/.exec(second ?? '')?.[1];
  expect(drawNo).toBeTruthy();
  await openPlay(page, `/powerball?firstDrawNo=${drawNo}`);
  await expect(page.getByTestId('first-draw')).toContainText(`draw ${drawNo})`);
  await expect(page.getByTestId('first-draw')).not.toContainText('the next draw');
  await openPlay(page, '/powerball?firstDrawNo=1');
  await expect(page.getByTestId('first-draw')).toContainText('the next draw');
});
