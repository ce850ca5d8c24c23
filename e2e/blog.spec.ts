import { expect, expectAccessible, type Page, test } from './fixtures.ts';

/** The page's JSON-LD blocks, parsed. */
async function structuredData(page: Page): Promise<{ '@type': string }[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text));
}

test('a visitor reads the news: list, category and post, each with its search tags, at 1280 and 390 px', async ({
  page,
  baseURL,
}) => {
  // Three pages at two widths, each checked by axe.
  test.setTimeout(90_000);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    // The seeded site config picks layout A of the home hero.
    await expect(page.getByTestId('home-hero')).toHaveAttribute('data-variant', 'A');
    await page.getByTestId('footer').getByRole('link', { name: 'News' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('News');
    const cards = page.getByTestId('blog-post-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(8);
    await expect(page).toHaveTitle('News | Drawhouse');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/blog`);
    expect((await structuredData(page)).map((d) => d['@type'])).toEqual(['Blog', 'BreadcrumbList']);
    await expectAccessible(page);

    await page
      .getByRole('navigation', { name: 'News categories' })
      .getByRole('link', { name: 'Winners' })
      .click();
    await expect(page).toHaveURL(/\/blog\/category\/winners$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Winners');
    await expect(page.getByTestId('blog-post-card')).toHaveCount(3);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${baseURL}/blog/category/winners`,
    );
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Melbourne syndicate shares a division 1 prize' }).click();
    await expect(page).toHaveURL(/\/blog\/melbourne-syndicate-shares-division-1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Melbourne syndicate shares a division 1 prize',
    );
    await expect(page.getByTestId('blog-post-body')).toContainText('each member holding one share');
    // The latest-news block: four of the newest posts, never the one being read.
    const latest = page.getByTestId('latest-news').getByTestId('blog-post-card');
    await expect(latest).toHaveCount(4);
    await expect(latest.filter({ hasText: 'Melbourne syndicate shares a division 1 prize' })).toHaveCount(0);
    await expect(page).toHaveTitle('Melbourne syndicate shares a division 1 prize | Drawhouse');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Twenty members/);
    const data = await structuredData(page);
    expect(data.map((d) => d['@type'])).toEqual(['BlogPosting', 'BreadcrumbList']);
    expect(data[0]).toMatchObject({
      headline: 'Melbourne syndicate shares a division 1 prize',
      author: { '@type': 'Person', name: 'Priya Patel' },
    });
    await expectAccessible(page);
  }
});

test('page 1 of a category has no number; a page past the last, an unknown category or post is the 404 page', async ({
  page,
}) => {
  const first = await page.goto('/blog/category/draw-news/1');
  expect(first?.status()).toBe(200);
  await expect(page).toHaveURL(/\/blog\/category\/draw-news$/);
  for (const path of [
    '/blog/category/draw-news/2',
    '/blog/category/nope',
    '/blog/no-such-post',
    '/blog/category/draw-news/0',
  ]) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
    await expect(page.getByText("It's looking like you may have taken a wrong turn.")).toBeVisible();
  }
});

test('the blog is in the sitemap, and a pricing without the blog capability answers the 404 page', async ({
  page,
  context,
  baseURL,
}) => {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  expect(xml).toContain(`${baseURL}/blog</loc>`);
  expect(xml).toContain(`${baseURL}/blog/category/good-causes</loc>`);
  expect(xml).toContain(`${baseURL}/blog/new-spend-limit-tools</loc>`);

  await context.addCookies([{ name: 'pricing', value: 'lite', url: baseURL ?? '' }]);
  for (const path of ['/blog', '/blog/category/winners', '/blog/new-spend-limit-tools']) {
    expect((await page.goto(path))?.status(), path).toBe(404);
  }
  await expect(page.getByTestId('footer').getByRole('link', { name: 'News' })).toHaveCount(0);
});
