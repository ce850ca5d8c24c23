import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { join } from './account-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';
import { newOperator, operator } from './wallet-helpers.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => path.join(FIXTURES, name);

/** The customer's pending submission in the operators' queue (found by their email). */
async function pendingSubmissionOf(email: string) {
  const queue = await operator('verification:list');
  const id = queue
    .split('\n')
    .find((line) => line.includes(email.toLowerCase()))
    ?.split('\t')[0];
  if (!id) throw new Error(`no pending submission of ${email} in:\n${queue}`);
  return id;
}

async function approveSubmissionOf(email: string) {
  const id = await pendingSubmissionOf(email);
  const { token } = await newOperator('e2e-review');
  return operator('verification:approve', id, '--token', token);
}

async function openManualVerification(page: Page) {
  await page.goto('/my-account/verify-account');
  const card = page.getByTestId('manual-verification-card');
  await expect(card).toBeVisible();
  await card.getByTestId('manual-verification-link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify with your documents' })).toBeVisible();
}

test('a customer uploads photos of their licence and a selfie: a file too large and one that is not an image are refused under their fields, then the photos wait for review and an operator verifies them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `photo-${randomUUID()}@example.com`;
  await join(page, email, 'Ada', undefined, '/login', 'Photographed');
  await expect(page.getByTestId('account-button')).toBeVisible();
  await openManualVerification(page);
  const form = page.getByTestId('photo-id-form');
  await expect(form.getByLabel('Driver’s licence')).toBeChecked();
  await expectAccessible(page);

  // A 30 MB file is refused before anything is sent.
  const front = form.getByLabel('Front of your ID');
  const selfie = form.getByLabel('Selfie holding your ID');
  await front.setInputFiles(fixture('licence-front.jpg'));
  await form.getByLabel('Back of your ID').setInputFiles(fixture('licence-back.png'));
  await selfie.setInputFiles({
    name: 'selfie.jpg',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(30 * 1024 * 1024, 1),
  });
  await form.getByTestId('photo-id-submit').click();
  await expect(selfie).toHaveAccessibleDescription(/larger than 10 MB/);
  await expect(selfie).toBeFocused();

  // A text file named .jpg is sent as it is and refused by the server under its field.
  await selfie.setInputFiles(fixture('selfie.jpg'));
  await front.setInputFiles(fixture('not-an-image.jpg'));
  await form.getByTestId('photo-id-submit').click();
  await expect(front).toHaveAccessibleDescription(/not a JPEG or PNG photo/);
  await expect(front).toBeFocused();
  await expectAccessible(page);

  // Real photos, JPEG and PNG, compressed in the browser: sent, then waiting for review.
  await front.setInputFiles(fixture('licence-front.jpg'));
  await form.getByTestId('photo-id-submit').click();
  const sent = page.getByTestId('manual-sent');
  await expect(sent).toContainText('we have your documents');
  await expect(sent).toBeFocused();
  await expect(page.getByTestId('manual-pending')).toContainText('waiting for our review');
  await expect(page.getByTestId('photo-id-form')).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/my-account/verify-account');
  await expect(page.getByTestId('manual-verification-pending')).toBeVisible();
  await expect(page.getByTestId('verification-method-photo_id_upload')).toContainText(
    'Waiting for our review',
  );

  expect(await approveSubmissionOf(email)).toContain('is verified');
  await page.reload();
  await expect(page.getByTestId('verified')).toBeVisible();
  await expect(page.getByTestId('manual-verification-card')).toHaveCount(0);
});

test('a customer downloads the paper form filled with their details and uploads it signed; the operator rejects it and the customer is told why and may send it again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `paper-${randomUUID()}@example.com`;
  await join(page, email, 'Ada', undefined, '/login', 'Paperform');
  await expect(page.getByTestId('account-button')).toBeVisible();
  await openManualVerification(page);
  const form = page.getByTestId('paper-form');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    form.getByTestId('form-pdf-link').click(),
  ]);
  expect(download.suggestedFilename()).toBe('drawhouse-verification-form.pdf');
  const saved = test.info().outputPath('signed-form.pdf');
  await download.saveAs(saved);

  await form.getByLabel('Signed verification form').setInputFiles(saved);
  await form.getByTestId('paper-form-submit').click();
  await expect(page.getByTestId('manual-sent')).toContainText('we have your signed form');
  await expect(page.getByTestId('manual-pending')).toContainText('Certified paper form');
  await expectAccessible(page);

  const reason = 'The witness did not write their qualification';
  const { token } = await newOperator('e2e-review');
  await operator(
    'verification:reject',
    await pendingSubmissionOf(email),
    '--reason',
    reason,
    '--token',
    token,
  );
  await page.goto('/my-account/notifications');
  await expect(page.getByText(reason)).toBeVisible();
  await page.goto('/my-account/manual-verification');
  await expect(page.getByTestId('manual-pending')).toHaveCount(0);
  await expect(page.getByTestId('manual-rejected')).toContainText(reason);
  await expect(page.getByTestId('paper-form')).toBeVisible();
  await expectAccessible(page);
});
