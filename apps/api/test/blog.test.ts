import { BlogPostListSchema, BlogPostSchema } from '@drawhouse/contract';
import { cmsItems } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import { toCamel } from '../src/http/case.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app = await getTestApp();

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
}

describe('blog', () => {
  it('lists published posts newest first, twelve a page by default, with their categories', async () => {
    const { status, body } = await get('/cms/blog/posts');
    expect(status).toBe(200);
    expect(body.result).toHaveProperty('items.0.published_at');
    const list = BlogPostListSchema.parse(toCamel(body.result));
    expect(list.pageSize).toBe(12);
    expect(list.total).toBeGreaterThanOrEqual(8);
    const dates = list.items.map((p) => Date.parse(p.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(list.items[0]).not.toHaveProperty('body');

    const categories = await get('/cms/blog/categories');
    const slugs = categories.body.result.items.map((c: { slug: string }) => c.slug);
    expect(slugs).toEqual(['draw-news', 'winners', 'good-causes']);
    for (const post of list.items) expect(slugs).toEqual(expect.arrayContaining(post.categories));
  });

  it('pages through one category; a page past the last is empty', async () => {
    const first = BlogPostListSchema.parse(
      toCamel((await get('/cms/blog/posts?category=winners&limit=2')).body.result),
    );
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    for (const post of first.items) expect(post.categories).toContain('winners');
    const second = BlogPostListSchema.parse(
      toCamel((await get('/cms/blog/posts?category=winners&limit=2&page=2')).body.result),
    );
    expect(second.items).toHaveLength(1);
    expect(second.items[0]?.slug).not.toBe(first.items[0]?.slug);
    const past = await get('/cms/blog/posts?category=winners&limit=2&page=3');
    expect(past.body.result.items).toEqual([]);
  });

  it('answers field errors for a bad page, limit or category, and 404 for an unknown category', async () => {
    const bad = await get('/cms/blog/posts?page=0&limit=50&category=%3Cx%3E');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['category', 'limit', 'page']);
    const unknown = await get('/cms/blog/posts?category=nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('category_not_found');
  });

  it('answers one post with its body as text blocks, never HTML', async () => {
    const { status, body } = await get('/cms/blog/posts/powerball-jackpot-climbs-to-100-million');
    expect(status).toBe(200);
    const post = BlogPostSchema.parse(toCamel(body.result));
    expect(post.title).toBe('Powerball jackpot climbs to $100 million');
    expect(post.seoDescription.length).toBeGreaterThan(20);
    expect(post.heroImage?.src).toBe('/cms/files/blog-powerball-jackpot-climbs-to-100-million');
    expect(post.body.every((b) => ['heading', 'paragraph', 'list'].includes(b.type))).toBe(true);
    for (const slug of ['nope', '%3Cscript%3E', '..%2Fpages%2Fabout']) {
      const missing = await get(`/cms/blog/posts/${slug}`);
      expect(missing.status, slug).toBe(404);
      expect(missing.body.error.code).toBe('post_not_found');
    }
  });

  it('keeps a draft and a post dated in the future out of every list and 404 by slug', async () => {
    const { db } = getTestDb();
    const base = {
      title: 'Not yet',
      excerpt: 'Soon.',
      body: [{ type: 'paragraph', text: 'Soon.' }],
      heroImage: null,
      author: 'Drawhouse',
      categories: ['draw-news'],
      seoTitle: 'Not yet',
      seoDescription: 'Soon.',
    };
    await db
      .insert(cmsItems)
      .values([
        {
          collection: 'blog_posts',
          id: 'blog-test-draft',
          slug: 'blog-test-draft',
          data: { ...base, draft: true, publishedAt: new Date(Date.now() - 60_000).toISOString() },
        },
        {
          collection: 'blog_posts',
          id: 'blog-test-future',
          slug: 'blog-test-future',
          data: { ...base, publishedAt: new Date(Date.now() + 86_400_000).toISOString() },
        },
      ])
      .onConflictDoNothing();
    for (const slug of ['blog-test-draft', 'blog-test-future']) {
      expect((await get(`/cms/blog/posts/${slug}`)).status).toBe(404);
    }
    const all = await get('/cms/blog/posts?category=draw-news');
    const slugs = all.body.result.items.map((p: { slug: string }) => p.slug);
    expect(slugs).not.toContain('blog-test-draft');
    expect(slugs).not.toContain('blog-test-future');
  });

  it('is 404 blog_unavailable for a segment without the blog capability', async () => {
    for (const url of ['/cms/blog/posts', '/cms/blog/categories', '/cms/blog/posts/new-spend-limit-tools']) {
      const { status, body } = await get(url, { 'x-segment': 'lite' });
      expect(status, url).toBe(404);
      expect(body.error.code).toBe('blog_unavailable');
    }
  });
});
