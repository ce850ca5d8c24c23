import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';

const NUMBERS = [3, 7, 11, 19, 23, 28, 35];
const POWERBALL = 5;

async function openPlay(page: Page, path = '/powerball') {
  await page.goto(path);
  await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
}

async function pickFavourites(page: Page) {
  const game = page.getByTestId('game-0');
  for (const n of NUMBERS) await game.getByTestId(`ball-numbers-${n}`).click();
  await game.getByTestId(`ball-powerball-${POWERBALL}`).click();
  await expect(page.getByTestId('game-status-0')).toHaveText('Complete');
}

async function expectFavourites(page: Page, index: number) {
  const game = page.getByTestId(`game-${index}`);
  await expect(page.getByTestId(`game-status-${index}`)).toHaveText('Complete');
  for (const n of NUMBERS)
    await expect(game.getByTestId(`ball-numbers-${n}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(game.getByTestId(`ball-powerball-${POWERBALL}`)).toHaveAttribute('aria-pressed', 'true');
}

test('a visitor saves a game as favourites and fills games with them, also from favourite_numbers=true', async ({
  page,
}) => {
  // Powerball starts with 18 games: a big page for axe and for the clicks.
  test.setTimeout(120_000);
  await openPlay(page);
  await expect(page.getByTestId('use-favourites-0')).toBeDisabled();
  await pickFavourites(page);
  await page.getByTestId('save-favourites-0').click();
  await expect(page.getByTestId('favourites-tooltip')).toContainText('Use my favourites');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Ok, got it' }).click();
  await expect(page.getByTestId('favourites-tooltip')).toHaveCount(0);

  // The copy lives in session storage: after a reload the picks are gone, the favourites are not.
  await openPlay(page);
  await expect(page.getByTestId('game-status-0')).not.toHaveText('Complete');
  await page.getByTestId('add-game').click();
  const last = (await page.locator('[data-testid^="game-status-"]').count()) - 1;
  await page.getByTestId(`use-favourites-${last}`).click();
  await expectFavourites(page, last);
  await page.getByTestId('use-favourites-0').click();
  await expectFavourites(page, 0);

  // The tooltip was dismissed for the session: saving again does not bring it back.
  await page.getByTestId('save-favourites-0').click();
  await expect(page.getByTestId('favourites-tooltip')).toHaveCount(0);

  await openPlay(page, '/powerball?favourite_numbers=true');
  await expectFavourites(page, 0);
  await expect(page.getByTestId('game-status-1')).not.toHaveText('Complete');
});

test("a customer's favourites are kept on the account: listed, changed and removed under my account", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await join(page, `favourites-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await openPlay(page);
  await pickFavourites(page);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/favourite-numbers') && r.request().method() === 'POST',
  );
  await page.getByTestId('save-favourites-0').click();
  expect((await saved).status()).toBe(200);

  await page.goto('/my-account/favourite-numbers');
  const set = page.getByTestId('favourite-set-powerball');
  await expect(page.getByTestId('favourite-numbers-powerball')).toHaveText(
    `${NUMBERS.join(', ')} · Powerball ${POWERBALL}`,
  );
  await expectAccessible(page);

  await set.getByLabel('Numbers').fill('1, 2, 2');
  await set.getByRole('button', { name: 'Save' }).click();
  await expect(set.getByText('A number cannot be added twice.')).toBeVisible();
  await set.getByLabel('Numbers').fill('1, 2, 3');
  await set.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('favourite-numbers-powerball')).toHaveText(
    `1, 2, 3 · Powerball ${POWERBALL}`,
  );

  // A new session of the play screen starts from the account's list.
  await page.evaluate('sessionStorage.clear()');
  await openPlay(page);
  await page.getByTestId('use-favourites-0').click();
  for (const n of [1, 2, 3]) {
    await expect(page.getByTestId('game-0').getByTestId(`ball-numbers-${n}`)).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }

  await page.goto('/my-account/favourite-numbers');
  await page.getByRole('button', { name: 'Remove Powerball' }).click();
  await expect(page.getByTestId('no-favourites')).toBeVisible();
});

test('favourites saved before joining go to the new account', async ({ page }) => {
  test.setTimeout(60_000);
  await openPlay(page);
  await pickFavourites(page);
  await page.getByTestId('save-favourites-0').click();
  await join(page, `favourites-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  const adopted = page.waitForResponse(
    (r) => r.url().includes('/favourite-numbers') && r.request().method() === 'POST',
  );
  await openPlay(page);
  expect((await adopted).status()).toBe(200);
  await page.goto('/my-account/favourite-numbers');
  await expect(page.getByTestId('favourite-numbers-powerball')).toHaveText(
    `${NUMBERS.join(', ')} · Powerball ${POWERBALL}`,
  );
});
