import { productOffers } from './api.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const RAFFLE = 'coastal-prize-home';

test('a visitor verifies a past raffle draw in the browser, by keyboard', async ({ page }) => {
  await page.goto(`/${RAFFLE}/results`);
  const latest = page.getByTestId(new RegExp(`^draw-card-${RAFFLE}-`)).first();
  await expect(latest.getByTestId('raffle-winning-tickets')).toBeVisible();
  await latest.getByTestId('full-result-link').click();
  await expect(page).toHaveURL(new RegExp(`/${RAFFLE}/results/draw/\\d+$`));

  const proof = page.getByTestId('raffle-proof');
  await expect(proof.getByTestId('proof-commitment')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(proof.getByTestId('proof-seed')).toHaveText(/^[0-9a-f]{64}$/);
  const tickets = await page
    .getByTestId('raffle-prizes-table')
    .getByTestId('winning-ticket')
    .allTextContents();
  expect(tickets.length).toBeGreaterThan(0);

  const verify = page.getByTestId('verify-draw');
  await verify.focus();
  await page.keyboard.press('Enter');
  const result = page.getByTestId('verify-result');
  await expect(result).toHaveAttribute('aria-live', 'polite');
  await expect(result).toHaveAttribute('data-outcome', 'match');
  await expect(result).toHaveText(
    `This draw checks out: the seed matches the commitment published before the draw, and drawing again from it gives the same winning tickets (${tickets.join(', ')}).`,
  );
  await expectAccessible(page);

  // The method in plain words, linked from the proof.
  await proof.getByRole('link', { name: 'How our fair draws work' }).click();
  await expect(page).toHaveURL(/\/fair-draws$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How our raffle draws are fair');
  await expectAccessible(page);
});

test('an open raffle draw shows its commitment on the raffle page and its prizes screen, and a past draw its prizes and winners', async ({
  page,
}) => {
  await page.goto(`/${RAFFLE}`);
  const commitment = page.getByTestId('fair-draw-commitment');
  await expect(commitment.getByTestId('fair-draw-commitment-hex')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(commitment.getByRole('link')).toHaveAttribute('href', '/fair-draws');
  const hex = await commitment.getByTestId('fair-draw-commitment-hex').textContent();

  // The open draw's prizes screen: the same commitment, and the way to buy.
  const open = (await productOffers()).find((o) => o.key === RAFFLE)?.draws[0]?.draw_no;
  await page.goto(`/${RAFFLE}/draw/${open}`);
  await expect(page.getByTestId('draw-pending')).toContainText('is drawn');
  await expect(page.getByTestId('fair-draw-commitment-hex')).toHaveText(hex ?? '');
  await expect(page.getByRole('link', { name: `Buy tickets for draw ${open}` })).toHaveAttribute(
    'href',
    `/${RAFFLE}/draw/${open}/buy`,
  );
  await expectAccessible(page);

  await page.goto(`/${RAFFLE}/results`);
  const card = page.getByTestId(new RegExp(`^draw-card-${RAFFLE}-`)).first();
  const drawNo = (await card.getAttribute('data-testid'))?.replace(`draw-card-${RAFFLE}-`, '');
  await page.goto(`/${RAFFLE}/draw/${drawNo}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Coastal Prize Home Raffle draw ${drawNo}`,
  );
  await expect(page.getByTestId('raffle-prizes-table').locator('tbody tr')).toHaveCount(5);
  const winnersTab = page
    .getByRole('navigation', { name: `Draw ${drawNo}` })
    .getByRole('link', { name: 'Winners' });
  await winnersTab.click();
  await expect(page).toHaveURL(new RegExp(`/${RAFFLE}/draw/${drawNo}\\?tab=winners$`));
  await expect(winnersTab).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('winners-table').or(page.getByTestId('no-winners'))).toBeVisible();
  await expectAccessible(page);
});
