import { productOffers } from './api.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';

const POSTAL_RAFFLE = 'bush-rescue-car-raffle';

/** The open draw of the raffle that takes free postal entries, from the catalogue itself. */
async function openRaffleDraw(): Promise<number> {
  const raffle = (await productOffers()).find((o) => o.key === POSTAL_RAFFLE);
  const open = raffle?.draws.find((d) => d.purchase_status === 'open');
  if (!open) throw new Error('the postal raffle has no open draw');
  return open.draw_no;
}

async function hydrated(page: Page) {
  await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
}

test('a visitor finds what is on sale at /buy and buys a Powerball Quick Pick from it, at 1280 and 390 px', async ({
  page,
}) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await page.getByTestId('footer').getByRole('link', { name: 'Buy tickets' }).click();
    await expect(page).toHaveURL(/\/buy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buy tickets');
    const row = page.getByTestId('buy-row-powerball');
    await expect(row).toContainText('From $');
    await expect(row).toContainText('a game');
    await expect(page.getByTestId(`buy-row-${POSTAL_RAFFLE}`)).toContainText('for 1 ticket');
    await expectAccessible(page);
  }
  await page.getByRole('link', { name: 'Buy Powerball', exact: true }).click();
  await expect(page).toHaveURL(/\/powerball\/random$/);
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Quick Pick' })).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('random-games').selectOption('3');
  const shown = await page.getByTestId('entry-price').textContent();
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByRole('dialog', { name: 'Added to your cart' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByTestId('go-to-cart').click();
  await expect(page.getByTestId('cart-page')).toContainText('Quick Pick');
  await expect(page.getByTestId('cart-total')).toHaveText(shown ?? 'missing');
  await expectAccessible(page);

  // A raffle's Buy goes to its open draw's ticket books; an unknown offer is the 404 page.
  const drawNo = await openRaffleDraw();
  await page.goto(`/${POSTAL_RAFFLE}/buy`);
  await expect(page).toHaveURL(new RegExp(`/${POSTAL_RAFFLE}/draw/${drawNo}/buy$`));
  expect((await page.goto('/no-such-offer/buy'))?.status()).toBe(404);
});

test('an offer and a raffle draw have their terms; the draw says how to enter without buying', async ({
  page,
}) => {
  const drawNo = await openRaffleDraw();
  await page.goto('/powerball');
  await page.getByTestId('offer-terms-link').click();
  await expect(page).toHaveURL(/\/powerball\/terms-and-conditions$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Powerball: terms and conditions');
  await expectAccessible(page);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/${POSTAL_RAFFLE}/draw/${drawNo}`);
    const postal = page.getByTestId('postal-entry');
    await expect(postal.getByRole('heading', { name: 'Enter without buying' })).toBeVisible();
    await expect(postal).toContainText('Reply Paid 86025');
    await expect(postal).toContainText(`Bush Rescue Dream Car Raffle, draw ${drawNo}`);
    await expectAccessible(page);
  }
  await page.getByRole('link', { name: `Terms and conditions of draw ${drawNo}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${POSTAL_RAFFLE}/terms-and-conditions/${drawNo}$`));
  const terms = page.getByTestId('offer-terms');
  for (const heading of ['Permits', 'Prizes', 'The draw', 'How winners are told', 'Free entry by post']) {
    await expect(terms.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(terms).toContainText('NSW permit LTPS/26/05120');
  await expect(terms).toContainText('Ford Ranger Raptor');
  await expectAccessible(page);

  // The ticket books page of the draw shows the postal entry too; a raffle without it does not.
  await page.goto(`/${POSTAL_RAFFLE}/draw/${drawNo}/buy`);
  await expect(page.getByTestId('postal-entry')).toBeVisible();
  await page.goto('/coastal-prize-home/buy');
  await expect(page).toHaveURL(/\/coastal-prize-home\/draw\/\d+\/buy$/);
  await expect(page.getByTestId('postal-entry')).toHaveCount(0);

  for (const path of [
    `/${POSTAL_RAFFLE}/terms-and-conditions/99999999`,
    '/powerball/terms-and-conditions/1',
    '/no-such-offer/terms-and-conditions',
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(404);
  }
});
