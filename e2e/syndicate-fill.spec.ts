import { SYNDICATE_FILL_RULE, syndicateSharesNeeded } from '@drawhouse/domain';
import { expect, expectAccessible, test } from './fixtures.ts';

for (const key of ['powerball-syndicate', 'oz-lotto-syndicate']) {
  test(`${key} states what happens to an unfilled syndicate before anyone buys`, async ({ page }) => {
    await page.goto(`/${key}`);
    const buy = page.getByTestId('syndicate-buy');
    const rule = buy.getByTestId('syndicate-fill-rule');
    await expect(rule).toContainText('If fewer than half the shares are sold by the close');
    await expect(rule).toContainText(SYNDICATE_FILL_RULE);
    // The rule comes before the button that adds shares to the cart.
    const ruleBox = await rule.boundingBox();
    const addBox = await buy.getByTestId('add-to-cart').boundingBox();
    expect(ruleBox && addBox && ruleBox.y < addBox.y).toBe(true);

    // How far this draw is from going ahead: the shares sold of those it needs.
    const left = Number(await buy.getByTestId('syndicate-shares').getAttribute('max'));
    const total = Number((await rule.textContent())?.match(/ of (\d+) sold for this draw/)?.[1]);
    expect(total).toBeGreaterThanOrEqual(left);
    await expect(rule).toContainText(`${total - left} `);
    await expect(rule).toContainText(`it goes ahead with ${syndicateSharesNeeded(total)}.`);
    await expectAccessible(page);
  });
}

test("a lottery's syndicates play screen opens the syndicate riding it", async ({ page }) => {
  await page.goto('/powerball/syndicates');
  await expect(page).toHaveURL(/\/powerball-syndicate$/);
  await expect(page.getByTestId('syndicate-fill-rule')).toBeVisible();
  await page.goto('/oz-lotto-syndicate/syndicates');
  await expect(page).toHaveURL(/\/oz-lotto-syndicate$/);
  const missing = await page.goto('/lotto-strike/syndicates');
  expect(missing?.status()).toBe(404);
});
