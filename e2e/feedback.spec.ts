import { randomUUID } from 'node:crypto';
import { join } from './account-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';

async function openFeedback(page: Page) {
  const footer = page.getByTestId('footer-feedback');
  await footer.getByRole('button', { name: 'Give Feedback' }).click();
  const modal = page.getByRole('dialog', { name: 'Give Feedback' });
  await expect(modal).toBeVisible();
  return modal;
}

test('a guest rates the website from the footer, with an email; Escape closes and resets the modal', async ({
  page,
}) => {
  await page.goto('/about');
  let modal = await openFeedback(page);
  await expect(modal).toContainText('How would you rate your experience with our website?');
  const send = modal.getByRole('button', { name: 'Send Feedback' });
  await expect(send).toBeDisabled();
  await expect(modal.getByPlaceholder('Email (optional)')).toBeVisible();
  await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
  await expectAccessible(page);

  // Escape closes it and what was typed is gone on the next opening.
  await modal.getByRole('radio', { name: 'Not satisfied' }).check();
  await expect(modal.getByTestId('feedback-question')).toHaveText('Oh no! What went wrong?');
  await modal.getByPlaceholder('Any Feedback - we are all ears! (optional)').fill('draft');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('feedback-open')).toBeFocused();
  modal = await openFeedback(page);
  await expect(modal.getByRole('radio', { name: 'Not satisfied' })).not.toBeChecked();
  await expect(modal.getByRole('button', { name: 'Send Feedback' })).toBeDisabled();

  // Focus stays inside the modal.
  for (let i = 0; i < 8; i += 1) await page.keyboard.press('Tab');
  await expect(modal.locator(':focus')).toHaveCount(1);

  await modal.getByRole('radio', { name: 'Satisfied', exact: true }).check();
  await expect(modal.getByTestId('feedback-question')).toHaveText('Yay! What did you like most?');
  const comment = `Easy to find the draws ${randomUUID().slice(0, 8)}`;
  await modal.getByPlaceholder('Any Feedback - we are all ears! (optional)').fill(comment);
  await modal.getByPlaceholder('Email (optional)').fill('guest@example.com');
  const sent = page.waitForRequest(
    (r) => new URL(r.url()).pathname.startsWith('/feedback') && r.method() === 'POST',
  );
  await modal.getByRole('button', { name: 'Send Feedback' }).click();
  const body = new URLSearchParams((await sent).postData() ?? '');
  expect(Object.fromEntries(body)).toMatchObject({
    rating: 'satisfied',
    comment,
    email: 'guest@example.com',
    source: '/about',
  });
  expect(body.get('timezone')).toBeTruthy();
  expect(body.get('locale')).toBeTruthy();
  await expect(modal.getByTestId('feedback-complete')).toContainText('Thank you for your feedback!');
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(modal).toBeHidden();
});

test('a customer sends feedback without an email field, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await join(page, `feedback-${randomUUID().slice(0, 8)}@example.com`, 'Fen');
  await expect(page.getByTestId('account-button')).toBeVisible();
  await page.goto('/');
  const modal = await openFeedback(page);
  await expect(modal.getByPlaceholder('Email (optional)')).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Send Feedback' })).toBeDisabled();
  await modal.getByRole('radio', { name: 'Neutral' }).check();
  await expect(modal.getByTestId('feedback-question')).toHaveText('Anything we can do better?');
  await modal.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(modal.getByTestId('feedback-complete')).toBeVisible();
  await expectAccessible(page);
});
