import { randomBytes } from 'node:crypto';
import { AT_ONCE, contentCalls, untilShopShows } from './back-office-content-helpers.ts';
import { expect, keepScreenshot, test } from './back-office-helpers.ts';
import { auditOf, joinedOperator, secondBrowser, signInToBackOffice } from './back-office-queues-helpers.ts';
import { expectAccessible } from './fixtures.ts';

/*
 * This journey changes the shop's navigation and a CMS page every visitor sees, so it runs in the
 * `draws` project, after every other journey (playwright.config.ts), and puts both back as they were
 * at the end, whatever happened, so the journeys run after it see the demo's content.
 */

type ShownPage = { slug: string; title: string; meta_description: string; blocks: unknown[] };

test('a content operator saves a CMS page and edits the navigation, and the shop shows both; the audit log has them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const call = await contentCalls();
  const before = await call('GET', '');
  const contact = (before.pages as ShownPage[]).find((p) => p.slug === 'contact-us');
  if (!contact) throw new Error('the demo has no contact-us page');
  const suffix = randomBytes(3).toString('hex');
  const who = await joinedOperator('navigation', 'content');
  const { context, page: ops } = await secondBrowser(browser);
  try {
    await signInToBackOffice(ops, who, '/content');
    await expect(ops.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
    await expectAccessible(ops);

    // The shop as a visitor saw it before the saves: what it answered is kept, here and in the API.
    await page.goto('/about/contact-us');
    await expect(page.getByTestId('cms-page-contact-us').getByRole('heading', { level: 1 })).toHaveText(
      contact.title,
    );
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help', exact: true }),
    ).toBeVisible();

    // A CMS page saved, and the shop shows it.
    const title = `Contact the Drawhouse team ${suffix}`;
    await ops.getByLabel('Page to edit').selectOption({ label: 'Contact us' });
    await ops.getByLabel('Title', { exact: true }).fill(title);
    await ops.getByLabel('Page text').fill(`# Call us\n\nWe answer every call by the third ring ${suffix}.`);
    await ops.getByRole('button', { name: 'Save the page' }).click();
    await expect(ops.getByRole('status').filter({ hasText: 'The page contact-us is saved.' })).toBeVisible();
    // The shop shows it within seconds to a visitor who reloads (no ?clear_cache: ADR 064).
    const shopPage = page.getByTestId('cms-page-contact-us');
    await untilShopShows(page, '/about/contact-us', Date.now(), () =>
      expect(shopPage.getByRole('heading', { level: 1 })).toHaveText(title, AT_ONCE),
    );
    await expect(shopPage.getByRole('heading', { level: 2, name: 'Call us' })).toBeVisible();
    await expect(shopPage).toContainText(`by the third ring ${suffix}`);

    // The navigation: Help renamed and moved up before Results, Syndicates hidden, an item added (a
    // link another item has is refused beside its field first), all in the preview before saving.
    const nav = ops.getByRole('region', { name: 'Navigation' });
    const preview = ops.getByTestId('navigation-preview');
    await expect(preview.getByRole('listitem')).toHaveText([
      'Lotto',
      'Raffles',
      'Syndicates',
      'Results',
      'Help',
    ]);
    const help = `Help centre ${suffix}`;
    const added = `Contact ${suffix}`;
    await nav.getByRole('group', { name: 'Item 5: Help' }).getByLabel('Label').fill(help);
    const moveUp = nav.getByRole('button', { name: `Move up ${help}` });
    await moveUp.focus();
    await ops.keyboard.press('Enter');
    await expect(nav.getByRole('group', { name: `Item 4: ${help}` })).toBeVisible();
    await expect(moveUp).toBeFocused();
    // An item added and removed again: focus goes back to the Add button.
    await nav.getByRole('button', { name: 'Add an item' }).click();
    await nav.getByRole('button', { name: 'Remove', exact: true }).last().press('Enter');
    await expect(nav.getByRole('group', { name: /^Item 6/ })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Add an item' })).toBeFocused();
    // Syndicates hidden: the preview and then the shop leave it out.
    await nav.getByRole('group', { name: 'Item 3: Syndicates' }).getByLabel('Shown in the shop').uncheck();
    await expect(preview.getByRole('listitem')).toHaveText(['Lotto', 'Raffles', help, 'Results']);
    await nav.getByRole('button', { name: 'Add an item' }).click();
    const fresh = nav.getByRole('group', { name: 'Item 6: new item' });
    await expect(fresh.getByLabel('Label')).toBeFocused();
    await ops.keyboard.type(added);
    await nav
      .getByRole('group', { name: `Item 6: ${added}` })
      .getByLabel('Link')
      .fill('/charity-tickets');
    await expect(preview.getByRole('listitem')).toHaveText(['Lotto', 'Raffles', help, 'Results', added]);
    await nav.getByRole('button', { name: 'Save the navigation' }).click();
    await expect(nav.getByRole('alert')).toHaveText('Check the highlighted fields.');
    const addedLink = nav.getByRole('group', { name: `Item 6: ${added}` }).getByLabel('Link');
    await expect(addedLink).toHaveAttribute('aria-invalid', 'true');
    await expect(nav.getByText('Another item already links here.')).toBeVisible();
    await expectAccessible(ops);
    await addedLink.fill('/about/contact-us');
    await nav.getByRole('button', { name: 'Save the navigation' }).click();
    await expect(nav.getByRole('status').filter({ hasText: 'The navigation is saved' })).toBeVisible();
    const savedAt = Date.now();

    // The shop's header, within seconds, to a visitor who reloads (no ?clear_cache).
    const header = page.getByRole('navigation', { name: 'Main' });
    await untilShopShows(page, '/', savedAt, () =>
      expect(header.getByRole('link', { name: help })).toHaveAttribute('href', '/about/faq', AT_ONCE),
    );
    await expect(header.getByRole('link', { name: added })).toHaveAttribute('href', '/about/contact-us');
    await expect(header.getByRole('link', { name: 'Syndicates', exact: true })).toHaveCount(0);
    const labels = await header.getByRole('listitem').allTextContents();
    expect(labels.indexOf(help)).toBeLessThan(labels.indexOf('Results'));
    expect(labels.indexOf('Results')).toBeLessThan(labels.indexOf(added));

    const navigationAudit = (await auditOf('navigation', 'primary')).filter(
      (a) => a.operator_name === who.name,
    );
    expect(navigationAudit).toHaveLength(1);
    expect(navigationAudit[0]).toMatchObject({
      action: 'navigation.updated',
      via: 'back_office',
      before: { primary: expect.arrayContaining([expect.objectContaining({ label: 'Help' })]) },
      after: { primary: expect.arrayContaining([expect.objectContaining({ label: added })]) },
    });
    await expectAccessible(ops);
    await keepScreenshot(ops, 'content-navigation');
    const pageAudit = (await auditOf('page', 'contact-us')).filter((a) => a.operator_name === who.name);
    expect(pageAudit).toMatchObject([
      { action: 'page.updated', before: { title: 'Contact us' }, after: { title } },
    ]);
  } finally {
    await call('PATCH', '/navigation', before.navigation);
    await call('PATCH', '/pages/contact-us', {
      title: contact.title,
      meta_description: contact.meta_description,
      blocks: contact.blocks,
    });
    await context.close();
    // The journeys after this one see the demo's content again.
    const restoredAt = Date.now();
    await untilShopShows(page, '/about/contact-us', restoredAt, () =>
      expect(page.getByTestId('cms-page-contact-us').getByRole('heading', { level: 1 })).toHaveText(
        contact.title,
        AT_ONCE,
      ),
    );
    await untilShopShows(page, '/', restoredAt, () =>
      expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help', exact: true }),
      ).toBeVisible(AT_ONCE),
    );
  }
});
