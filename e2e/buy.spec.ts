import { formatMoney, moneyToCents } from '@drawhouse/domain';
import { productOffers } from './api.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

type WireMoney = { amount: number; currency: string };
type WireBuyable = {
  key: string;
  cost_per_share: WireMoney | null;
  raffle: { books: { num_tickets: number; price: WireMoney }[] } | null;
};

/** The price of the 3-ticket book of Coastal Prize Home and of one Powerball syndicate share, in cents. */
async function cataloguePrices(): Promise<{ bookCents: number; shareCents: number }> {
  const offers = (await productOffers()) as unknown as WireBuyable[];
  const raffle = offers.find((o) => o.key === 'coastal-prize-home');
  const book = raffle?.raffle?.books.find((b) => b.num_tickets === 3);
  const syndicate = offers.find((o) => o.key === 'powerball-syndicate');
  if (!book || !syndicate?.cost_per_share)
    throw new Error('the catalogue lacks the raffle book or share cost');
  return { bookCents: moneyToCents(book.price), shareCents: moneyToCents(syndicate.cost_per_share) };
}

test('a visitor buys a raffle book and syndicate shares, and the cart adds them up', async ({ page }) => {
  const { bookCents, shareCents } = await cataloguePrices();

  await page.goto('/coastal-prize-home');
  const raffle = page.getByTestId('raffle-buy');
  await expect(raffle).toBeVisible();
  await expect(page.getByTestId('playing-comes-later')).toHaveCount(0);
  await expect(page.getByTestId('raffle-books-coastal-prize-home')).toBeVisible();
  await expect(raffle.getByLabel(`3 tickets for ${formatMoney(bookCents)}`)).toBeVisible();
  await raffle.getByTestId('raffle-book-3').check();
  await expect(raffle.getByTestId('raffle-book-3')).toBeChecked();
  await expectAccessible(page);
  await raffle.getByTestId('add-to-cart').click();
  await expect(page.getByRole('dialog', { name: 'Added to your cart' })).toBeVisible();
  await expect(page.getByTestId('notification')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(raffle.getByTestId('go-to-cart')).toBeVisible();

  await page.goto('/powerball-syndicate');
  const syndicate = page.getByTestId('syndicate-buy');
  await expect(syndicate).toBeVisible();
  await expect(page.getByTestId('playing-comes-later')).toHaveCount(0);
  await expect(page.getByTestId('syndicate-powerball-syndicate')).toBeVisible();
  const shares = syndicate.getByLabel('Number of shares');
  await expect(shares).toHaveValue('1');
  await expect(syndicate.getByTestId('syndicate-cost')).toHaveText(formatMoney(shareCents));
  await shares.fill('2');
  await expect(syndicate.getByTestId('syndicate-cost')).toHaveText(formatMoney(shareCents * 2));
  await expect(syndicate.getByTestId('syndicate-odds')).toContainText(/first division 1 in [\d,]+/);
  await expect(syndicate.getByTestId('syndicate-odds')).toContainText(
    /Your 2 of \d+ shares take [\d.]+% of every prize/,
  );
  await expectAccessible(page);
  await syndicate.getByTestId('add-to-cart').click();
  await expect(page.getByRole('dialog', { name: 'Added to your cart' })).toBeVisible();
  await expect(page.getByTestId('notification')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  await syndicate.getByTestId('go-to-cart').click();
  const cart = page.getByTestId('cart-page');
  await expect(cart).toBeVisible();
  await expect(cart).toContainText('3 tickets');
  await expect(cart).toContainText(/Powerball Syndicate \(4 × System 10\): 2 of \d+ shares/);
  await expect(page.getByTestId('cart-total')).toHaveText(formatMoney(bookCents + shareCents * 2));
  await expectAccessible(page);
});
