import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { depositWithNewCard } from './wallet-helpers.ts';

test('a card declined on its first deposit is not kept: not pre-selected, not listed, not offered again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await join(page, `declined-${randomUUID()}@example.com`);
  await expect(page.getByTestId('account-button')).toBeVisible();

  await depositWithNewCard(page, '20', '4000 0000 0000 0002');
  const form = page.getByTestId('deposit-form');
  await expect(form).toContainText('Your card was declined. Please try another card.');
  // The retry stays on a new card: the declined one is neither chosen nor among the saved cards.
  await expect(form.getByTestId('deposit-new-card')).toBeChecked();
  await expect(form.getByRole('radio', { name: /0002/ })).toHaveCount(0);
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByTestId('deposit-form').getByRole('radio', { name: /0002/ })).toHaveCount(0);
  await page.goto('/my-account/cards-and-accounts');
  // The saved cards only: the card form's list of test cards names 0002 too.
  await expect(page.getByText('You have no saved cards.')).toBeVisible();
  await expect(page.getByTestId('saved-cards')).not.toContainText('0002');

  // A card that pays is kept.
  await depositWithNewCard(page, '20');
  await expect(page.getByTestId('deposit-amount')).toHaveText('$20.00');
  await page.goto('/my-account/cards-and-accounts');
  await expect(page.getByTestId('saved-cards')).toContainText('4242');
});
