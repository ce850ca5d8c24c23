/**
 * Content preview: a content operator asks for a signed preview token (audited); the shop's call
 * shows what it names, a draft blog post included; anyone else's token, an altered or an expired
 * one is 404, and other roles cannot ask.
 */
import { auditLog, cmsItems, eq } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signPreview } from '../src/modules/content/preview-token.ts';
import { getTestApp } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = app.deps;
const content = await backOfficeOperator(app, ['content']);
const support = await backOfficeOperator(app, ['support']);

async function show(token: string) {
  const res = await app.inject({ method: 'GET', url: `/cms/preview?token=${encodeURIComponent(token)}` });
  return { status: res.statusCode, body: res.json(), cacheControl: res.headers['cache-control'] };
}

describe('content preview', () => {
  it('gives a content operator a token for a page, audited, which shows the page; nobody else may ask', async () => {
    const asked = await asOperator(app, content, 'POST', '/admin/content/preview', {
      kind: 'page',
      id: 'about',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const ticket = asked.json().result;
    expect(ticket.url).toBe(`${app.deps.webBaseUrl}/preview?token=${encodeURIComponent(ticket.token)}`);
    expect(Date.parse(ticket.expires_at)).toBeGreaterThan(Date.now());

    const shown = await show(ticket.token);
    expect(shown.status).toBe(200);
    expect(shown.cacheControl).toBe('no-store');
    expect(shown.body.result).toMatchObject({
      kind: 'page',
      can_edit: true,
      edit_url: `${app.deps.config.adminBaseUrl}/content`,
      page: { slug: 'about', title: 'About Drawhouse' },
    });

    const audit = await db.select().from(auditLog).where(eq(auditLog.operatorId, content.id));
    expect(audit.filter((r) => r.action === 'preview.issued').map((r) => [r.targetType, r.targetId])).toEqual(
      [['page', 'about']],
    );

    const refused = await asOperator(app, support, 'POST', '/admin/content/preview', {
      kind: 'page',
      id: 'about',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('shows a draft blog post, which the public blog does not', async () => {
    await db
      .insert(cmsItems)
      .values({
        collection: 'blog_posts',
        id: 'preview-test-draft',
        slug: 'preview-test-draft',
        data: {
          title: 'Coming soon',
          excerpt: 'A draft.',
          body: [{ type: 'paragraph', text: 'Not yet published.' }],
          heroImage: null,
          author: 'Drawhouse',
          publishedAt: new Date().toISOString(),
          categories: ['draw-news'],
          seoTitle: 'Coming soon',
          seoDescription: 'A draft.',
          draft: true,
        },
      })
      .onConflictDoNothing();
    expect((await app.inject({ method: 'GET', url: '/cms/blog/posts/preview-test-draft' })).statusCode).toBe(
      404,
    );
    const asked = await asOperator(app, content, 'POST', '/admin/content/preview', {
      kind: 'blog_post',
      id: 'preview-test-draft',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const shown = await show(asked.json().result.token);
    expect(shown.body.result).toMatchObject({
      kind: 'blog_post',
      can_edit: true,
      edit_url: `${app.deps.config.adminBaseUrl}/blog/preview-test-draft`,
      post: { title: 'Coming soon' },
    });
    expect(shown.body.result.post).not.toHaveProperty('draft');
  });

  it('refuses bad input with field errors, an unknown target with 404, and shows nothing for a bad or expired token', async () => {
    const bad = await asOperator(app, content, 'POST', '/admin/content/preview', {
      kind: 'theme',
      id: '<x>',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['id', 'kind']);
    const unknown = await asOperator(app, content, 'POST', '/admin/content/preview', {
      kind: 'page',
      id: 'nope',
    });
    expect(unknown.statusCode).toBe(404);

    const expired = signPreview(
      app.deps.jwtSecret,
      { kind: 'page', id: 'about', operator: content.id },
      new Date(Date.now() - 24 * 60 * 60 * 1000),
    );
    const forged = signPreview(
      'not-the-api-secret-at-all-000000',
      { kind: 'page', id: 'about', operator: 'x' },
      new Date(),
    );
    for (const token of [expired.token, forged.token, 'nonsense', '']) {
      const { status, body } = await show(token);
      expect(status, token).toBe(404);
      expect(body.error.code).toBe('preview_not_found');
    }
  });
});
