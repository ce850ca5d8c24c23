import { GAMES } from '@drawhouse/domain';
import { productOffers } from './api.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const powerball = GAMES.powerball;
const mainSet = powerball.numberSets[0];

test('a visitor pages through the latest results and opens a Powerball draw with its divisions', async ({
  page,
}) => {
  await page.goto('/lotto-results');
  await expect(page).toHaveTitle(/^Latest results \|/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Latest results');
  const cards = page.getByTestId(/^draw-card-/);
  await expect(cards).toHaveCount(5);
  await expectAccessible(page);

  await page.getByTestId('pager-next').click();
  await expect(page).toHaveURL(/\/lotto-results\/2$/);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(cards.first()).toBeVisible();
  await page.getByRole('link', { name: 'Lotteries', exact: true }).click();
  await expect(page).toHaveURL(/\/lotto-results\/lotteries$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Latest lottery results');

  await page.goto('/powerball/results');
  const latest = page.getByTestId(/^draw-card-powerball-/).first();
  const drawNo = (await latest.getAttribute('data-testid'))?.replace('draw-card-powerball-', '');
  await latest.getByTestId('full-result-link').click();
  await expect(page).toHaveURL(new RegExp(`/powerball/results/draw/${drawNo}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Powerball draw ${drawNo}`);
  await expect(page.getByTestId('balls-main').getByTestId('ball')).toHaveCount(powerball.drawn.main);
  await expect(page.getByTestId('balls-powerball').getByTestId('ball')).toHaveCount(1);
  const divisions = page.getByTestId('divisions-table');
  await expect(divisions.locator('tbody tr')).toHaveCount(powerball.divisions.length);
  await expect(page.getByTestId('division-1')).toContainText('7 numbers + Powerball');
  await expectAccessible(page);
});

test('the Powerball statistics show a frequency chart with its text alternative', async ({ page }) => {
  await page.goto('/powerball/statistics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Powerball statistics');
  const chart = page.getByRole('img', { name: 'How often each main number was drawn' });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/drawn most often .*; least often /);
  await expect(page.getByTestId('frequency-chart-numbers').locator('rect')).toHaveCount(
    (mainSet?.last ?? 0) - (mainSet?.first ?? 0) + 1,
  );
  await expect(page.getByTestId('hot-numbers').getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('img', { name: 'How often each Powerball was drawn' })).toBeVisible();

  // The counts as a table, opened from the keyboard.
  const table = page.getByTestId('frequency-table-numbers');
  await expect(table).toBeHidden();
  await page.getByText('Counts of every main number, as a table').focus();
  await page.keyboard.press('Enter');
  await expect(table.locator('tbody tr')).toHaveCount(mainSet?.last ?? 0);
  await expectAccessible(page);
});

test('an offer’s results by month and its winners are pages of their own', async ({ page }) => {
  await page.goto('/powerball/results');
  await expect(page.getByTestId(/^draw-card-powerball-/)).toHaveCount(5);
  await expectAccessible(page);
  const months = page.getByTestId('archive-months').getByRole('link');
  const month = await months.last().textContent();
  await months.last().click();
  await expect(page).toHaveURL(/\/powerball\/results\/\d{4}-\d{2}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Powerball results: ${month}`);
  await expect(page.getByTestId(/^draw-card-powerball-/).first()).toBeVisible();
  await expectAccessible(page);

  await page
    .getByRole('navigation', { name: 'Powerball results pages' })
    .getByRole('link', { name: 'Winners' })
    .click();
  await expect(page).toHaveURL(/\/powerball\/winners$/);
  await expect(page.getByTestId('winners-table').or(page.getByTestId('no-winners'))).toBeVisible();
  await expectAccessible(page);
});

test('a draw without results says when it is drawn, and an unknown draw or page is not found', async ({
  page,
}) => {
  const next = (await productOffers()).find((o) => o.key === 'powerball')?.draws[0];
  expect(next, 'Powerball has an upcoming draw').toBeTruthy();
  await page.goto(`/powerball/results/draw/${next?.draw_no}`);
  await expect(page.getByTestId('draw-pending')).toContainText(`is drawn`);
  await expect(page.getByTestId('divisions-table')).toHaveCount(0);

  for (const path of [
    '/powerball/results/draw/99999999',
    '/powerball/results?page=999',
    '/powerball/results/2026-13',
    '/no-such-game/results',
    '/lotto-results/0',
  ]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(404);
  }
});
