import { randomUUID } from 'node:crypto';
import { productOffers } from './api.ts';
import { expect, test } from './back-office-helpers.ts';
import { joinedOperator, operatorBrowser } from './back-office-queues-helpers.ts';
import { expectAccessible } from './fixtures.ts';

const RAFFLE = 'bush-rescue-car-raffle';

test('support records a free postal entry: it gets a ticket number, shows in the draw, and a repeat is refused with that number', async ({
  browser,
}) => {
  const raffle = (await productOffers()).find((o) => o.key === RAFFLE);
  const drawNo = raffle?.draws.find((d) => d.purchase_status === 'open')?.draw_no;
  if (!drawNo) throw new Error('the raffle has no open draw');
  const { context, page } = await operatorBrowser(browser, await joinedOperator('postal', 'support'), '/');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Postal entries' })
    .click();
  await page.getByLabel('Raffle (shop address or key)').fill(`/${RAFFLE}`);
  await page.getByLabel('Draw number').fill(String(drawNo));
  await page.getByRole('button', { name: 'Show the draw' }).click();
  await expect(page.getByRole('heading', { level: 2 })).toContainText(`draw ${drawNo}`);
  await expect(page.getByText('Takes free postal entries now.')).toBeVisible();
  await expectAccessible(page);

  const email = `postal-${randomUUID().slice(0, 8)}@example.com`;
  const form = page.getByRole('form', { name: 'Record a postal entry' });
  await form.getByLabel('Name').fill('Jo Citizen');
  await form.getByLabel('Postal address').fill('1 George St\nSydney NSW 2000');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Record the entry' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Entered Jo Citizen with ticket number' });
  await expect(notice).toBeVisible();
  const number = (await notice.textContent())?.match(/ticket number (\d+)/)?.[1];
  expect(number).toBeTruthy();
  await expect(page.getByTestId('postal-entries')).toContainText(email);

  await form.getByLabel('Name').fill('Jo Citizen');
  await form.getByLabel('Postal address').fill('1 George St, Sydney NSW 2000');
  await form.getByLabel('Email').fill(email.toUpperCase());
  await form.getByRole('button', { name: 'Record the entry' }).click();
  await expect(page.getByText(`Already entered with ticket number ${number}.`)).toBeVisible();
  await expectAccessible(page);
  await context.close();
});
