import { randomUUID } from 'node:crypto';
import { join, stepUpByEmail } from './account-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

for (const width of [1280, 390]) {
  test(`a customer finds an address by typing part of it, picks it by keyboard and saves it (${width} px)`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const email = `address-${randomUUID()}@example.com`;
    await join(page, email);
    await expect(page.getByTestId('account-button')).toBeVisible();

    await page.goto('/my-account/my-details');
    const form = page.getByTestId('my-details-form');
    const find = form.getByRole('combobox', { name: 'Find your address' });
    await find.pressSequentially('ocean pa leich', { delay: 20 });
    const options = form.getByRole('listbox', { name: 'Addresses found' }).getByRole('option');
    await expect(options.first()).toContainText('Ocean Parade, Leichhardt NSW 2040');
    await expect(form.getByRole('status').filter({ hasText: /addresses? found/ })).toBeVisible();
    await expectAccessible(page);

    await find.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    const label = (await options.first().textContent()) ?? '';
    const street = label.split(',')[0] ?? '';
    await find.press('Enter');
    await expect(find).toHaveValue(label);
    await expect(form.getByLabel('Address', { exact: true })).toHaveValue(street);
    await expect(form.getByLabel('Suburb')).toHaveValue('Leichhardt');
    await expect(form.getByLabel('State')).toHaveValue('NSW');
    await expect(form.getByLabel('Postcode')).toHaveValue('2040');

    // A new address is a sensitive change: it asks for the emailed code first.
    await form.getByRole('button', { name: 'Save my details' }).click();
    await stepUpByEmail(page, email);
    await expect(page.getByText('Your details have been saved.').first()).toBeVisible();
    await page.reload();
    await expect(form.getByLabel('Address', { exact: true })).toHaveValue(street);
    await expect(form.getByLabel('Suburb')).toHaveValue('Leichhardt');
  });
}
