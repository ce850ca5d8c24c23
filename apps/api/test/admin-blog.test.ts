/**
 * The blog in the back office: a content operator lists every post (drafts included), makes and edits
 * one; a wrong post is refused field by field (a taken slug is a 409) and changes nothing; a saved one
 * is what the shop's blog answers, written with its audit row in its transaction. Other roles are
 * refused. Posts made over HTTP are drafts dated years ahead, so the shop never lists them; the
 * publishing edits run in a transaction rolled back at the end, so other tests keep the demo's blog.
 */
import { randomUUID } from 'node:crypto';
import { auditLog, eq } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createBlogService } from '../src/modules/content/blog.service.ts';
import { createBlogAdmin } from '../src/modules/content/blog-admin.service.ts';
import { createContentRepository } from '../src/modules/content/content.repository.ts';
import { contentActor, rolledBack } from './content-admin-helpers.ts';
import { getTestApp } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = app.deps;
const content = await backOfficeOperator(app, ['content']);

const draft = (slug: string) => ({
  title: 'Summer jackpots',
  slug,
  categories: ['draw-news'],
  excerpt: 'Three jackpots climb at once.',
  body: [{ type: 'paragraph', text: 'Powerball, Oz Lotto and Set for Life all jackpot this week.' }],
  seo_title: '',
  seo_description: '',
  status: 'draft',
  published_at: '2099-01-01T00:00:00.000Z',
});

describe('the blog in the back office', () => {
  it('lists every post with the categories, and only the content role may', async () => {
    const listed = await asOperator(app, content, 'GET', '/admin/content/blog');
    expect(listed.statusCode, listed.body).toBe(200);
    const { posts, categories } = listed.json().result;
    expect(categories.map((c: { slug: string }) => c.slug)).toEqual(['draw-news', 'winners', 'good-causes']);
    expect(posts.length).toBeGreaterThanOrEqual(8);
    expect(posts[0]).toMatchObject({ status: 'published' });
    expect(posts[0]).not.toHaveProperty('body');
    const one = await asOperator(app, content, 'GET', `/admin/content/blog/${posts[0].id}`);
    expect(one.json().result.post.body.length).toBeGreaterThan(0);

    for (const role of ['support', 'finance', 'results'] as const) {
      const other = await backOfficeOperator(app, [role]);
      expect((await asOperator(app, other, 'GET', '/admin/content/blog')).statusCode).toBe(403);
      const made = await asOperator(app, other, 'POST', '/admin/content/blog', draft(`no-${role}`));
      expect(made.statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/admin/content/blog' })).statusCode).toBe(401);
  });

  it('makes and edits a post; a wrong one is refused field by field and a taken slug is a 409', async () => {
    const slug = `summer-${randomUUID().slice(0, 8)}`;
    const bad = await asOperator(app, content, 'POST', '/admin/content/blog', {
      ...draft('Summer Jackpots!'),
      title: 'S',
      categories: ['no-such-category'],
      excerpt: '',
      body: [],
      seo_title: 'x'.repeat(71),
      published_at: 'soon',
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'body',
      'categories',
      'excerpt',
      'published_at',
      'seo_title',
      'slug',
      'title',
    ]);

    const made = await asOperator(app, content, 'POST', '/admin/content/blog', draft(slug));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().result).toMatchObject({
      id: slug,
      slug,
      status: 'draft',
      author: content.name,
      seo_title: 'Summer jackpots',
      seo_description: 'Three jackpots climb at once.',
    });
    const again = await asOperator(app, content, 'POST', '/admin/content/blog', draft(slug));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.slug[0].code).toBe('slug_taken');
    const seeded = await asOperator(app, content, 'PATCH', `/admin/content/blog/${slug}`, {
      ...draft('new-spend-limit-tools'),
    });
    expect(seeded.statusCode).toBe(409);

    const edited = await asOperator(app, content, 'PATCH', `/admin/content/blog/${slug}`, {
      ...draft(`${slug}-b`),
      title: 'Summer jackpots, all three',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result).toMatchObject({
      id: slug,
      slug: `${slug}-b`,
      title: 'Summer jackpots, all three',
    });
    // Still a draft: the shop does not show it.
    expect((await app.inject({ method: 'GET', url: `/cms/blog/posts/${slug}-b` })).statusCode).toBe(404);

    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, slug)).orderBy(auditLog.id);
    expect(audit.map((r) => [r.action, r.operatorId])).toEqual([
      ['blog_post.created', content.id],
      ['blog_post.updated', content.id],
    ]);
    expect(audit[1]?.before).toMatchObject({ title: 'Summer jackpots', slug });
    expect(audit[1]?.after).toMatchObject({ title: 'Summer jackpots, all three', slug: `${slug}-b` });

    expect((await asOperator(app, content, 'GET', '/admin/content/blog/no-such-post')).statusCode).toBe(404);
    expect(
      (await asOperator(app, content, 'PATCH', '/admin/content/blog/no-such-post', draft('whatever')))
        .statusCode,
    ).toBe(404);
    expect((await asOperator(app, content, 'GET', '/admin/content/blog/a%00b')).statusCode).toBe(400);
  });

  it('a published post is what the shop answers; a draft or a later date hides it again', async () => {
    const actor = contentActor(content);
    await rolledBack(db, async (tx) => {
      let changed = 0;
      let now = new Date('2030-01-01T00:00:00.000Z');
      const admin = createBlogAdmin({ db: tx, now: () => now, changed: () => changed++ });
      const shop = createBlogService(createContentRepository(tx), () => now);
      const slug = 'autumn-raffles';
      await admin.create(actor, {
        title: 'Autumn raffles',
        slug,
        categories: ['good-causes', 'draw-news'],
        excerpt: 'Two prize homes open.',
        body: [{ type: 'paragraph', text: 'Two prize home raffles open today.' }],
        seoTitle: 'Autumn prize homes',
        seoDescription: '',
        status: 'published',
        publishedAt: '2029-12-31T00:00:00.000Z',
      });
      expect(await shop.post(slug)).toMatchObject({
        title: 'Autumn raffles',
        seoTitle: 'Autumn prize homes',
      });
      expect((await shop.posts({ page: 1, limit: 12 })).items[0]?.slug).toBe(slug);

      const body = {
        title: 'Autumn raffles',
        slug,
        categories: ['good-causes'],
        excerpt: 'Two prize homes open.',
        body: [{ type: 'paragraph' as const, text: 'Two prize home raffles open today.' }],
        seoTitle: '',
        seoDescription: '',
        status: 'published' as const,
        publishedAt: '2030-02-01T00:00:00.000Z',
      };
      await admin.save(actor, slug, body);
      await expect(shop.post(slug)).rejects.toMatchObject({ status: 404 });
      now = new Date('2030-02-02T00:00:00.000Z');
      expect(await shop.post(slug)).toMatchObject({ categories: ['good-causes'] });
      await admin.save(actor, slug, { ...body, status: 'draft' });
      await expect(shop.post(slug)).rejects.toMatchObject({ status: 404 });
      expect(await shop.post(slug, true)).toMatchObject({ title: 'Autumn raffles' });
      expect(changed).toBe(3);
    });
  });
});
