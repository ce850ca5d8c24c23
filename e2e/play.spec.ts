import { formatMoney, moneyToCents } from '@drawhouse/domain';
import { productOffers } from './api.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';

type WireGameOffer = {
  key: string;
  prices: { games: number; price: { amount: number; currency: string } }[];
};
type WireGameType = { key: string; path_suffix: string; game_offers: WireGameOffer[] };

/** The formatted price of one game of Powerball's standard offer, from the catalogue itself. */
async function oneGamePrice(): Promise<string> {
  const offer = (await productOffers()).find((o) => o.key === 'powerball') as unknown as {
    game_types: WireGameType[];
  };
  const standard = offer.game_types.find((t) => t.key === 'standard');
  const row = standard?.game_offers[0]?.prices.find((p) => p.games === 1);
  expect(row, 'Powerball standard has a 1-game price').toBeTruthy();
  if (!row) throw new Error('no price');
  return formatMoney(moneyToCents(row.price), row.price.currency);
}

async function openPowerball(page: Page) {
  await page.goto('/powerball');
  await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
}

test('a visitor picks seven numbers and a Powerball, sees price and odds, then quick picks a second game', async ({
  page,
}) => {
  const price = await oneGamePrice();
  await openPowerball(page);
  await expect(page.getByTestId('playing-comes-later')).toHaveCount(0);
  const game = page.getByTestId('game-0');
  for (const n of [3, 7, 11, 19, 23, 28, 35]) await game.getByTestId(`ball-numbers-${n}`).click();
  // The set is full: the other numbers are unavailable until one is unpicked.
  await expect(game.getByTestId('ball-numbers-1')).toHaveAttribute('aria-disabled', 'true');
  await expect(game.getByTestId('ball-numbers-1')).toHaveAttribute('aria-pressed', 'false');
  await expect(game.getByRole('button', { name: 'Number 7' })).toHaveAttribute('aria-pressed', 'true');
  await game.getByTestId('ball-powerball-5').click();
  await expect(game.getByTestId('game-status-0')).toHaveText('Complete');
  await expect(page.getByTestId('entry-price')).toHaveText(price);
  await expect(page.getByTestId('entry-odds')).toContainText('1 in 134,490,400');

  // Unpicking frees the slot; picking again completes the game.
  await game.getByTestId('ball-numbers-7').click();
  await expect(game.getByTestId('game-status-0')).not.toHaveText('Complete');
  await game.getByTestId('ball-numbers-7').click();
  await expect(game.getByTestId('game-status-0')).toHaveText('Complete');

  await page.getByTestId('quick-pick-1').click();
  await expect(page.getByTestId('game-status-1')).toHaveText('Complete');
  await expect(page.getByTestId('game-1').locator('[aria-pressed="true"]')).toHaveCount(8);
  await expect(page.getByTestId('entry-price')).not.toHaveText(price);
  await expectAccessible(page);
});

test('the same pick by keyboard alone', async ({ page }) => {
  const price = await oneGamePrice();
  await openPowerball(page);
  await page.getByTestId('add-game').focus();
  await page.keyboard.press('Tab');
  const game = page.getByTestId('game-0');
  await expect(game.getByTestId('ball-numbers-1')).toBeFocused();
  await page.keyboard.press('Space');
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('ArrowDown');
  await expect(game.getByTestId('ball-numbers-17')).toBeFocused();
  // The game is one tab stop: down past the numbers goes on to the Powerballs.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(game.getByTestId('ball-powerball-7')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(game.getByTestId('ball-powerball-1')).toBeFocused();
  await page.keyboard.press('Space');
  for (const n of [1, 2, 3, 4, 5, 6, 7]) {
    await expect(game.getByTestId(`ball-numbers-${n}`)).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(game.getByTestId('game-status-0')).toHaveText('Complete');
  await expect(page.getByTestId('entry-price')).toHaveText(price);
  await expect(page.getByTestId('entry-odds')).toContainText('1 in 134,490,400');
  await expectAccessible(page);
});

test('Powerball systems offer a System N choice and PowerHit plays every Powerball', async ({ page }) => {
  await page.goto('/powerball/systems');
  await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByTestId('game-offer')).toBeVisible();
  await page.getByTestId('quick-pick-0').click();
  await expect(page.getByTestId('game-0').locator('[aria-pressed="true"]')).toHaveCount(9);
  await page.goto('/powerball/powerhit');
  await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByTestId('game-0').getByTestId('ball-powerball-1')).toHaveCount(0);
  await expectAccessible(page);
});

test('Lotto Strike shows the numbers in the order they were picked', async ({ page }) => {
  await page.goto('/lotto-strike');
  await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
  const game = page.getByTestId('game-0');
  for (const n of [9, 3, 27, 14]) await game.getByTestId(`ball-numbers-${n}`).click();
  const order = game.getByTestId('order-0');
  await expect(order.getByRole('button')).toHaveText(['1st9', '2nd3', '3rd27', '4th14']);
  await order.getByRole('button', { name: '2nd: 3, remove' }).click();
  await expect(game.getByTestId('ball-numbers-3')).toHaveAttribute('aria-pressed', 'false');
  await game.getByTestId('ball-numbers-5').click();
  await expect(order.getByRole('button')).toHaveText(['1st9', '2nd5', '3rd27', '4th14']);
  await expect(game.getByTestId('game-status-0')).toHaveText('Complete');
  await expectAccessible(page);
});

test('every lottery game type can be quick picked and priced', async ({ page }) => {
  test.setTimeout(120_000);
  const offers = (await productOffers()).filter((o) => o.type === 'lottery_ticket') as unknown as {
    key: string;
    availability: string;
    game_types: WireGameType[];
  }[];
  expect(offers.length).toBeGreaterThan(0);
  let played = 0;
  for (const offer of offers.filter((o) => o.availability === 'available')) {
    for (const type of offer.game_types) {
      await page.goto(`/${offer.key}${type.path_suffix}`);
      await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
      const all = page.getByTestId('quick-pick-all');
      if ((await all.count()) > 0) {
        await all.click();
        await expect(page.getByTestId('game-status-0'), `${offer.key} ${type.key}`).toHaveText('Complete');
      }
      await expect(page.getByTestId('entry-price'), `${offer.key} ${type.key}`).not.toHaveText('$0.00');
      played++;
    }
  }
  expect(played).toBeGreaterThanOrEqual(offers.length);
});

test('a picked entry goes into the cart at the price the panel showed', async ({ page }) => {
  await openPowerball(page);
  const game = page.getByTestId('game-0');
  for (const n of [2, 4, 8, 16, 24, 30, 33]) await game.getByTestId(`ball-numbers-${n}`).click();
  await game.getByTestId('ball-powerball-9').click();
  await page.getByTestId('quick-pick-1').click();
  await expect(page.getByTestId('game-status-1')).toHaveText('Complete');
  const shown = await page.getByTestId('entry-price').textContent();
  await page.getByTestId('add-to-cart').click();
  // One confirmation: the pre-cart drawer, without a notification besides it.
  await expect(page.getByRole('dialog', { name: 'Added to your cart' })).toBeVisible();
  await expect(page.getByTestId('notification')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.getByTestId('go-to-cart').click();
  await expect(page.getByTestId('cart-page')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(shown ?? 'missing');
  await expect(page.getByTestId('cart-page')).toContainText('2 4 8 16 24 30 33');
  await expect(page.getByTestId('cart-page')).toContainText('Powerball 9');
  await expectAccessible(page);
});
