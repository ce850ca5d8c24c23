import { formatCount, formatOdds } from '@drawhouse/domain';
import { productOffers } from './api.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

type WireRaffle = { draws: { draw_no: number }[]; raffle: { tickets_sold: number } | null };

async function nextRaffleDraw(): Promise<{ drawNo: number; sold: number }> {
  const offers = (await productOffers()) as unknown as (WireRaffle & { key: string })[];
  const raffle = offers.find((o) => o.key === 'coastal-prize-home');
  const drawNo = raffle?.draws[0]?.draw_no;
  if (drawNo === undefined || !raffle?.raffle) throw new Error('the raffle has no upcoming draw');
  return { drawNo, sold: raffle.raffle.tickets_sold };
}

test('a visitor buys a raffle book for a chosen draw from its buy page', async ({ page }) => {
  const { drawNo, sold } = await nextRaffleDraw();
  await page.goto(`/coastal-prize-home/draw/${drawNo}/buy`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Coastal Prize Home Raffle: draw ${drawNo}`,
  );
  const panel = page.getByTestId('raffle-buy');
  await expect(panel.getByTestId('raffle-cause')).toContainText('Your tickets support');
  await panel.getByTestId('raffle-book-3').check();
  await expect(panel.getByTestId('raffle-odds')).toContainText(
    `With 3 tickets of the ${formatCount(sold + 3)} sold so far: first prize ${formatOdds((sold + 3) / 3)}`,
  );
  await expectAccessible(page);
  await panel.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.goto('/cart');
  const cart = page.getByTestId('cart-page');
  await expect(cart).toContainText('book of 3 tickets');
  await expect(cart).toContainText(`Draw ${drawNo}`);
});

test('an earlier draw of a raffle says it has closed, and an unknown one is not found', async ({ page }) => {
  const { drawNo } = await nextRaffleDraw();
  await page.goto(`/coastal-prize-home/draw/${drawNo - 1}/buy`);
  await expect(page.getByTestId('raffle-draw-closed')).toContainText(
    `Entries for draw ${drawNo - 1} have closed.`,
  );
  await expect(page.getByTestId('raffle-buy')).toHaveCount(0);
  await expectAccessible(page);

  const unknown = await page.goto(`/coastal-prize-home/draw/${drawNo + 100000}/buy`);
  expect(unknown?.status()).toBe(404);
  const notRaffle = await page.goto(`/powerball/draw/${drawNo}/buy`);
  expect(notRaffle?.status()).toBe(404);
});
