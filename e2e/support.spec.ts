import { expect, expectAccessible, test } from './fixtures.ts';

test('the footer’s support widget and Customer support link lead to the support page; an offer has its own', async ({
  page,
}) => {
  await page.goto('/');
  const widget = page.getByTestId('support-widget');
  await expect(widget.getByRole('heading')).toHaveText("Got a question? We're here to help");
  await expect(widget.getByTestId('support-phone')).toHaveAttribute('href', 'tel:1300000000');
  await expect(widget.getByRole('link', { name: 'Email us' })).toHaveAttribute(
    'href',
    'mailto:help@drawhouse.example',
  );
  // The demo site's chat is not available: no Chat Online anywhere.
  await expect(widget.getByRole('link', { name: 'Chat Online' })).toHaveCount(0);

  await page.getByTestId('footer').getByRole('link', { name: 'Customer support' }).click();
  await expect(page).toHaveURL(/\/your-support$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText("Got a question? We're here to help");
  await expect(main.getByTestId('support-page-phone')).toHaveText('1300 000 000');
  await expect(main.getByTestId('support-hours')).toContainText('Monday to Friday: 9am - 5pm');
  await expect(main.getByRole('link', { name: 'Email us' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Chat Online' })).toHaveCount(0);
  const faq = main.getByTestId('support-faq-list');
  await faq.getByText('When do entries close?').click();
  await expect(faq.getByText(/Entries close an hour before each draw/)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Read all FAQs' })).toHaveAttribute('href', '/about/faq');
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/powerball/your-support');
  await expect(page.getByTestId('support-offer')).toHaveText('Help with Powerball');
  await expect(page.getByRole('main').getByTestId('support-page-phone')).toBeVisible();
  await expectAccessible(page);

  expect((await page.request.get('/no-such-offer/your-support')).status()).toBe(404);
});
