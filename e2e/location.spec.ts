import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { postQuickPick } from './cart-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';
import { payWithNewCard } from './ticket-helpers.ts';

/** A public address the shop locates in the United States, where it may not sell. */
const UNITED_STATES = '8.8.8.8';

async function accessibleAtBothWidths(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
}

test('a customer travelling abroad is refused until they confirm where they buy from, then buys, at 1280 and 390 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await join(page, `travel-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();
  await expect(page.getByTestId('location-banner')).toHaveCount(0);

  // The same customer, now located in the United States.
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': UNITED_STATES });
  const refused = await page.request.post('/cart/add', {
    form: {
      item: JSON.stringify({
        lottery: 'powerball',
        game_type: 'standard',
        game_offer: 'powerball-standard',
        games: [{ numbers: [null, null, null, null, null, null, null], powerball: null }],
        quickpick: true,
        num_draws: 1,
      }),
    },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(JSON.stringify(await refused.json())).toContain('Australian resident');

  await page.goto('/');
  const banner = page.getByTestId('location-banner');
  await expect(banner.getByRole('heading', { name: 'Confirm where you are buying from' })).toBeVisible();
  await expect(banner).toContainText(
    'You appear to be in United States of America. I confirm that I am an Australian resident and that I am buying tickets for myself.',
  );
  await accessibleAtBothWidths(page);

  await banner.getByRole('button', { name: 'I confirm' }).click();
  await expect(page.getByTestId('notification').first()).toContainText(
    'you can buy tickets from where you are',
  );
  await expect(page.getByTestId('location-banner')).toHaveCount(0);
  await accessibleAtBothWidths(page);

  await postQuickPick(page);
  await payWithNewCard(page);
});
