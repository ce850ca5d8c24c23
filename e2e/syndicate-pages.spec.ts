import { formatOdds, syndicateOdds } from '@drawhouse/domain';
import { expect, expectAccessible, test } from './fixtures.ts';

const SYNDICATES = [
  {
    key: 'powerball-syndicate',
    lottery: 'powerball',
    entry: '4 × System 10: 4 entries, 480 games',
    games: 480,
    entries: 4,
  },
  {
    key: 'oz-lotto-syndicate',
    lottery: 'oz-lotto',
    entry: '2 × System 10: 2 entries, 240 games',
    games: 240,
    entries: 2,
  },
] as const;

for (const s of SYNDICATES) {
  test(`${s.key} states its odds from its system entries and talks in shares and entries`, async ({
    page,
  }) => {
    const odds = syndicateOdds(s.lottery, { numGames: s.entries, numStandardGames: s.games });
    if (!odds?.anyPrize) throw new Error('the syndicate has known odds');
    await page.goto(`/${s.key}`);
    const buy = page.getByTestId('syndicate-buy');
    const oddsText = buy.getByTestId('syndicate-odds');
    await expect(oddsText).toContainText(`any prize ${formatOdds(odds.anyPrize.oneIn)}`);
    await expect(oddsText).toContainText(`first division ${formatOdds(odds.topDivision.oneIn)}`);
    await expect(oddsText).not.toContainText(/1 in 1\b(?![,.\d])/);
    await expect(oddsText).toContainText(`The syndicate's ${s.entries} entries`);

    const details = page.getByTestId(`syndicate-${s.key}`);
    await expect(details.getByTestId('syndicate-entry')).toHaveText(s.entry);
    const prices = details.getByTestId('syndicate-prices');
    await expect(prices.getByRole('columnheader').first()).toHaveText('Shares');
    await expect(page.getByText(/games per entry/)).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Games' })).toHaveCount(0);
    const left = await buy.getByTestId('syndicate-shares').getAttribute('max');
    await expect(buy).toContainText(`From 1 to ${left} shares`);
    await expect(details).toContainText(`Buy 1 to ${left} shares`);
    await expectAccessible(page);
  });
}

test('the pre-cart drawer names a syndicate item in shares of its entry', async ({ page }) => {
  await page.goto('/powerball-syndicate');
  const buy = page.getByTestId('syndicate-buy');
  await buy.getByLabel('Number of shares').fill('3');
  await buy.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('pre-cart-added')).toHaveText(
    /^Powerball Syndicate \(4 × System 10\): 3 of \d+ shares$/,
  );
});

test('a raffle counts tickets with thousands separators', async ({ page }) => {
  await page.goto('/coastal-prize-home');
  await expect(page.getByTestId('tickets-left-coastal-prize-home')).toContainText(
    /\d{1,3},\d{3} of 250,000 tickets left/,
  );
  const raffle = page.getByTestId('raffle-buy');
  await raffle.getByTestId('raffle-book-1').check();
  await expect(raffle.getByTestId('raffle-odds')).toContainText(
    /With 1 ticket of the \d{1,3},\d{3} sold so far/,
  );
});
