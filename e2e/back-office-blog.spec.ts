import { randomBytes } from 'node:crypto';
import { AT_ONCE, askPreviewLink, untilShopShows } from './back-office-content-helpers.ts';
import { expect, test } from './back-office-helpers.ts';
import { auditOf, joinedOperator, operatorBrowser } from './back-office-queues-helpers.ts';
import { expectAccessible } from './fixtures.ts';

test('a content operator writes a blog post as a draft, previews it, then publishes an edit the shop shows', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const who = await joinedOperator('blog', 'content');
  const { context, page: ops } = await operatorBrowser(browser, who, '/blog');
  await expect(ops.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(
    ops.getByRole('link', { name: 'Melbourne syndicate shares a division 1 prize' }),
  ).toBeVisible();
  await expectAccessible(ops);

  await ops.getByRole('link', { name: 'New post' }).click();
  await expect(ops.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible();
  const slug = `prize-home-open-day-${randomBytes(3).toString('hex')}`;
  await ops.getByLabel('Title', { exact: true }).fill('Prize home open day');
  await ops.getByLabel('Slug').fill('Prize Home!');
  await ops.getByLabel('Good causes').check();
  await ops.getByLabel('Excerpt').fill('Walk through the prize home before the raffle is drawn.');
  await ops
    .getByLabel('Post text')
    .fill('# Open day\n\nThe prize home opens on Saturday.\n\n- 10am to 4pm\n- Free entry');
  await ops.getByLabel('Publish date', { exact: true }).fill('2026-01-15T10:00');
  await ops.getByRole('button', { name: 'Create the post' }).click();
  await expect(ops.getByRole('alert')).toHaveText('Check the highlighted fields.');
  await expect(ops.getByLabel('Slug')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(ops);
  await ops.getByLabel('Slug').fill(slug);
  await ops.getByRole('button', { name: 'Create the post' }).click();
  await expect(ops.getByRole('heading', { level: 1, name: 'Post: Prize home open day' })).toBeVisible();
  await expect(ops.getByText(`Draft, by ${who.name}`)).toBeVisible();
  // A draft: the shop answers its address with the 404 page (asked outside the page).
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);

  await page.goto(
    await askPreviewLink(
      ops.getByTestId('post-shop-preview'),
      'Preview the saved post in the shop',
      /\/preview\?token=/,
    ),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prize home open day');
  await expect(page.getByRole('link', { name: 'Edit in back office' })).toHaveAttribute(
    'href',
    new RegExp(`/blog/${slug}$`),
  );

  await ops.getByLabel('Title', { exact: true }).fill('Prize home open day this Saturday');
  await ops.getByLabel('Published: the shop shows it from the publish date').check();
  await ops.getByRole('button', { name: 'Save the post' }).click();
  await expect(ops.getByRole('status')).toContainText('The post is saved');
  const savedAt = Date.now();
  await expectAccessible(ops);
  await context.close();

  await untilShopShows(page, `/blog/${slug}`, savedAt, async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Prize home open day this Saturday',
      AT_ONCE,
    );
  });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prize home open day this Saturday');
    await expect(page.getByTestId('blog-post-body').getByRole('listitem')).toHaveText([
      '10am to 4pm',
      'Free entry',
    ]);
    await expectAccessible(page);
  }
  // The category's list is its own answer, reused as long: it follows within the same bound.
  await untilShopShows(page, '/blog/category/good-causes', Date.now(), async () => {
    await expect(page.getByRole('link', { name: 'Prize home open day this Saturday' })).toBeVisible(AT_ONCE);
  });

  const audit = await auditOf('blog_post', slug);
  expect(audit.map((a) => [a.action, a.operator_name])).toEqual([
    ['blog_post.created', who.name],
    ['preview.issued', who.name],
    ['blog_post.updated', who.name],
  ]);
});
