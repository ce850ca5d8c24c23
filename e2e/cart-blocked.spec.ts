import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { postCartItem } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const PERTH = { address: '1 Hay Street', suburb: 'Perth', state: 'WA', postcode: '6000' };

test('a customer in WA finds Super 66 blocked in the cart until it is removed', async ({ page }) => {
  await join(page, `${randomUUID()}@example.com`, 'Wes', PERTH);
  await expect(page).toHaveURL(/\/my-account/);

  const item = {
    lottery: 'super-66',
    game_type: 'sequential',
    game_offer: 'super-66-sequential',
    games: [{ numbers: [4, 0, 4, 0, 4, 0] }],
    num_draws: 1,
  };
  await postCartItem(page, item);

  await page.goto('/cart');
  const banner = page.getByTestId('cart-blocked-licensingRestriction:super-66');
  await expect(banner).toContainText('Super 66 cannot be sold to residents of WA or SA.');
  await expect(page.getByTestId('cart-checkout')).toHaveCount(0);
  await expect(page.getByTestId('cart-checkout-blocked')).toBeVisible();
  await expectAccessible(page);

  await page
    .getByRole('button', { name: /remove/i })
    .first()
    .click();
  await expect(page.getByTestId('cart-blocked-licensingRestriction:super-66')).toHaveCount(0);
  await expect(page.getByTestId('cart-checkout-blocked')).toHaveCount(0);
});
