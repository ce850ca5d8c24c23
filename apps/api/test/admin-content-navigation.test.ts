/**
 * The shop's navigation in the back office: a content operator reads it with its hidden items; an edit
 * is checked item by item (a refused one changes nothing, in the back office or the shop), and a saved
 * one is what the shop's navigation answers (hidden items left out), written with its audit row
 * (before and after) in its transaction. The saving edits run in a transaction rolled back at the end,
 * so other tests keep the demo's navigation.
 */
import type { AdminNavigation } from '@drawhouse/contract';
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

async function navigationShown(): Promise<AdminNavigation> {
  const shown = await asOperator(app, content, 'GET', '/admin/content');
  expect(shown.statusCode, shown.body).toBe(200);
  return shown.json().result.navigation;
}

async function shopNavigation(): Promise<unknown> {
  const answer = await app.inject({ method: 'GET', url: '/cms/navigation' });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

describe('the navigation in the back office', () => {
  it('shows the shop navigation, and refuses a wrong edit item by item, changing nothing', async () => {
    const before = await navigationShown();
    expect(before.primary.slice(0, 2)).toEqual([
      { type: 'lotto', label: 'Lotto', url: '/lotto-tickets', hidden: false },
      { type: 'raffle', label: 'Raffles', url: '/charity-tickets', hidden: false },
    ]);
    const shopBefore = await shopNavigation();

    const refusedEdits = [
      [
        [
          { type: 'lotto', label: '', url: '/lotto-tickets' },
          { type: 'internal', label: 'x'.repeat(41), url: 'javascript:alert(1)' },
          { type: 'internal', label: 'Help', url: '/lotto-tickets' },
        ],
        ['primary.0.label', 'primary.1.label', 'primary.1.url', 'primary.2.url'],
      ],
      [[{ type: 'internal', label: 'Help', url: '/about/faq', hidden: true }], ['primary']],
      [[], ['primary']],
    ] as const;
    for (const [primary, fields] of refusedEdits) {
      const refused = await asOperator(app, content, 'PATCH', '/admin/content/navigation', { primary });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.code).toBe('invalid_content');
      expect(Object.keys(refused.json().errors).sort()).toEqual([...fields]);
    }
    const malformed = await asOperator(app, content, 'PATCH', '/admin/content/navigation', {
      primary: [{ type: 'menu', label: 'Help', url: '/about/faq' }],
    });
    expect(malformed.statusCode).toBe(400);

    expect(await navigationShown()).toEqual(before);
    expect(await shopNavigation()).toEqual(shopBefore);
    const refusals = await db.select().from(auditLog).where(eq(auditLog.operatorId, content.id));
    expect(refusals.filter((r) => r.action === 'navigation.updated')).toEqual([]);
  });

  it('is edited by the content role only', async () => {
    const support = await backOfficeOperator(app, ['support']);
    const primary = (await navigationShown()).primary;
    const answer = await asOperator(app, support, 'PATCH', '/admin/content/navigation', { primary });
    expect(answer.statusCode).toBe(403);
  });

  it('saved as it was, answers it back and writes its audit row', async () => {
    const operator = await backOfficeOperator(app, ['content']);
    const before = await navigationShown();
    const saved = await asOperator(app, operator, 'PATCH', '/admin/content/navigation', before);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result).toEqual(before);
    const rows = (await db.select().from(auditLog).where(eq(auditLog.operatorId, operator.id))).filter(
      (r) => r.action === 'navigation.updated',
    );
    expect(rows.map((r) => [r.action, r.targetType, r.targetId, r.via])).toEqual([
      ['navigation.updated', 'navigation', 'primary', 'back_office'],
    ]);
    expect(rows[0]?.before).toEqual(before);
    expect(rows[0]?.after).toEqual(before);
  });

  it('a saved navigation (renamed, reordered, hidden, added) is what the shop answers, with its audit row', async () => {
    const actor = contentActor(content);
    const before = await navigationShown();
    await rolledBack(db, async (tx) => {
      let changed = 0;
      const admin = createContentAdmin({ db: tx, now: () => new Date(), changed: () => changed++ });
      const shop = createContentService(createContentRepository(tx));
      const saved = await admin.saveNavigation(actor, {
        primary: [
          { type: 'raffle', label: ' Charity raffles ', url: '/charity-tickets', hidden: false },
          { type: 'lotto', label: 'Lotto', url: '/lotto-tickets', hidden: false },
          { type: 'social_play', label: 'Syndicates', url: '/syndicates', hidden: true },
          { type: 'internal', label: 'Our blog', url: ' https://blog.example.org.au ', hidden: false },
          { type: 'external', label: 'Help', url: '/about/faq', hidden: false },
        ],
      });
      expect(saved.primary).toEqual([
        { type: 'raffle', label: 'Charity raffles', url: '/charity-tickets', hidden: false },
        { type: 'lotto', label: 'Lotto', url: '/lotto-tickets', hidden: false },
        { type: 'social_play', label: 'Syndicates', url: '/syndicates', hidden: true },
        { type: 'external', label: 'Our blog', url: 'https://blog.example.org.au', hidden: false },
        { type: 'internal', label: 'Help', url: '/about/faq', hidden: false },
      ]);
      expect((await admin.show()).navigation).toEqual(saved);
      expect(await shop.navigation()).toEqual({
        primary: [
          { type: 'raffle', label: 'Charity raffles', url: '/charity-tickets' },
          { type: 'lotto', label: 'Lotto', url: '/lotto-tickets' },
          { type: 'external', label: 'Our blog', url: 'https://blog.example.org.au' },
          { type: 'internal', label: 'Help', url: '/about/faq' },
        ],
      });
      expect((await shop.siteConfig()).sitewideBanner).not.toBeNull();
      expect(changed).toBe(1);

      const rows = await tx.select().from(auditLog).where(eq(auditLog.operatorId, actor.operator.id));
      const mine = rows.filter((r) => r.action === 'navigation.updated');
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ targetType: 'navigation', targetId: 'primary', before, after: saved });
    });
    expect(await navigationShown()).toEqual(before);
  });
});
