/**
 * Content in the back office: a content operator reads the sitewide banner and the CMS pages; an edit
 * is checked field by field (a refused one changes nothing), and a saved one is what the shop's content
 * answers, written with its audit row in its transaction. The saving edits run in a transaction rolled
 * back at the end, so other tests keep the demo's banner and pages.
 */
import { auditLog, eq } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createContentRepository } from '../src/modules/content/content.repository.ts';
import { createContentService } from '../src/modules/content/content.service.ts';
import { createContentAdmin } from '../src/modules/content/content-admin.service.ts';
import { contentActor, rolledBack } from './content-admin-helpers.ts';
import { getTestApp } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = app.deps;
const content = await backOfficeOperator(app, ['content']);

describe('content in the back office', () => {
  it('shows the banner and the pages, and refuses a wrong edit field by field, changing nothing', async () => {
    const shown = await asOperator(app, content, 'GET', '/admin/content');
    expect(shown.statusCode, shown.body).toBe(200);
    const before = shown.json().result;
    expect(before.banner).toMatchObject({ shown: true, link: '/coastal-prize-home' });
    expect(before.pages.map((p: { slug: string }) => p.slug)).toContain('about');

    const badBanner = await asOperator(app, content, 'PATCH', '/admin/content/banner', {
      text: '',
      link: 'javascript:alert(1)',
      shown: true,
    });
    expect(badBanner.statusCode, badBanner.body).toBe(400);
    expect(Object.keys(badBanner.json().errors).sort()).toEqual(['link', 'text']);
    const badPage = await asOperator(app, content, 'PATCH', '/admin/content/pages/about', {
      title: 'A',
      meta_description: '',
      blocks: [],
    });
    expect(badPage.statusCode, badPage.body).toBe(400);
    expect(Object.keys(badPage.json().errors).sort()).toEqual(['blocks', 'title']);
    const missing = await asOperator(app, content, 'PATCH', '/admin/content/pages/no-such-page', {
      title: 'About',
      blocks: [{ type: 'paragraph', text: 'Hello' }],
    });
    expect(missing.statusCode).toBe(404);
    expect((await asOperator(app, content, 'GET', '/admin/content')).json().result).toEqual(before);
    const support = await backOfficeOperator(app, ['support']);
    expect((await asOperator(app, support, 'GET', '/admin/content')).statusCode).toBe(403);
  });

  it('a saved banner and page are what the shop answers, each with its audit row', async () => {
    const actor = contentActor(content);
    await rolledBack(db, async (tx) => {
      let changed = 0;
      const admin = createContentAdmin({ db: tx, now: () => new Date(), changed: () => changed++ });
      const shop = createContentService(createContentRepository(tx));
      const banner = await admin.saveBanner(actor, {
        text: ' Raffle closes Sunday ',
        link: '/raffles',
        shown: true,
      });
      expect(banner).toEqual({ text: 'Raffle closes Sunday', link: '/raffles', shown: true });
      expect((await shop.siteConfig()).sitewideBanner).toEqual({
        id: 'sitewide',
        text: 'Raffle closes Sunday',
        link: '/raffles',
      });
      await admin.saveBanner(actor, { text: 'Raffle closes Sunday', link: null, shown: false });
      expect((await shop.siteConfig()).sitewideBanner).toBeNull();

      const page = await admin.savePage(actor, 'about', {
        title: 'About us',
        metaDescription: 'Who we are.',
        blocks: [
          { type: 'heading', text: 'Hello' },
          { type: 'list', items: ['one', 'two'] },
        ],
      });
      expect(page).toMatchObject({ slug: 'about', title: 'About us' });
      expect(await shop.item('pages', 'about')).toMatchObject({
        title: 'About us',
        metaDescription: 'Who we are.',
      });
      expect(changed).toBe(3);

      const rows = await tx
        .select()
        .from(auditLog)
        .where(eq(auditLog.operatorId, actor.operator.id))
        .orderBy(auditLog.id);
      const mine = rows.filter((r) => ['banner.updated', 'page.updated'].includes(r.action));
      expect(mine.map((r) => [r.action, r.targetId])).toEqual([
        ['banner.updated', 'sitewide'],
        ['banner.updated', 'sitewide'],
        ['page.updated', 'about'],
      ]);
      expect(mine[0]?.before).toMatchObject({ shown: true, link: '/coastal-prize-home' });
      expect(mine[2]?.after).toMatchObject({ title: 'About us' });
    });
  });
});
