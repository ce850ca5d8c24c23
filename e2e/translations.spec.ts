import { expect, expectAccessible, type Page, test } from './fixtures.ts';

/** The footer's payment heading, the support widget and the 404 page, in the visitor's locale. */
async function expectCopy(
  page: Page,
  copy: { lang: string; payment: string; supportHeading: string; phone: RegExp; notFound: string },
) {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', copy.lang);
  const footer = page.getByTestId('footer');
  await expect(footer.getByTestId('footer-payment-methods').getByRole('heading')).toHaveText(copy.payment);
  await expect(footer.getByTestId('support-widget').getByRole('heading')).toHaveText(copy.supportHeading);
  await expect(footer.getByTestId('support-phone')).toHaveText(copy.phone);
  await expectAccessible(page);

  const missing = await page.goto('/about/no-such-page-here');
  expect(missing?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', copy.lang);
  await expect(page.getByTestId('error-page-404')).toContainText(copy.notFound);
  await expectAccessible(page);
}

test("the shop's copy comes from the translations: en-AU as ever, en-GB with the uk pricing, at 1280 and 390 px", async ({
  page,
  context,
  baseURL,
}) => {
  // Four pages at two widths, each checked by axe.
  test.setTimeout(240_000);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await context.clearCookies({ name: 'pricing' });
    await expectCopy(page, {
      lang: 'en-AU',
      payment: 'We accept these payment methods:',
      supportHeading: "Got a question? We're here to help",
      phone: /^1300 000 000$/,
      notFound: "It's looking like you may have taken a wrong turn.",
    });

    await context.addCookies([{ name: 'pricing', value: 'uk', url: baseURL ?? '' }]);
    await expectCopy(page, {
      lang: 'en-GB',
      payment: 'We take payment by:',
      supportHeading: "Got a question? We're on hand to help",
      phone: /^0330 000 0000$/,
      notFound: 'It looks like you may have taken a wrong turning.',
    });
  }
});

test('the uk pricing prices a Powerball entry in pounds; the default pricing in dollars', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const quickPickedPrice = async () => {
    await page.goto('/powerball');
    await expect(page.getByTestId('number-picker')).toHaveAttribute('data-hydrated', 'true');
    await page.getByTestId('quick-pick-0').click();
    await expect(page.getByTestId('game-status-0')).toHaveText('Complete');
    return page.getByTestId('entry-price');
  };
  await expect(await quickPickedPrice()).toHaveText(/^\$\d+\.\d\d$/);

  await context.addCookies([{ name: 'pricing', value: 'uk', url: baseURL ?? '' }]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(await quickPickedPrice()).toHaveText(/^£\d+\.\d\d$/);
    await expectAccessible(page);
  }
});
