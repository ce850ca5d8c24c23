/**
 * "Chat Online" follows the chat team: the site config answers `chat_available` true only while an
 * operator has chat switched on (the back office's support role) and the time in the site's time zone
 * is within the chat hours. The switch is flipped in a transaction rolled back at the end, so other
 * tests keep the demo's settings.
 */
import { auditLog, eq, siteConfig } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import { createCatalogueRepository } from '../src/modules/catalogue/catalogue.repository.ts';
import { createCatalogueService } from '../src/modules/catalogue/catalogue.service.ts';
import { createSupportChat } from '../src/modules/catalogue/support-chat.service.ts';
import { rolledBack } from './content-admin-helpers.ts';
import { getTestApp } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';

const app = await getTestApp();
const { db } = app.deps;

// Monday 1 June 2026, 10am and 6pm in Sydney (UTC+10); Sunday 7 June, 11am.
const MONDAY_10AM = new Date('2026-06-01T00:00:00Z');
const MONDAY_6PM = new Date('2026-06-01T08:00:00Z');
const SUNDAY_11AM = new Date('2026-06-07T01:00:00Z');

describe('chat availability in the site config', () => {
  it('is off in the demo: nobody has switched chat on', async () => {
    const res = await app.inject({ method: 'GET', url: '/v2/config' });
    expect(res.json().result.support.chat_available).toBe(false);
  });

  it('is on only while switched on and within the chat hours', async () => {
    await rolledBack(db, async (tx) => {
      const [row] = await tx.select().from(siteConfig).where(eq(siteConfig.key, 'support'));
      const support = row?.value as Record<string, unknown>;
      expect(support.chatHours).toContainEqual({ day: 1, opens: '09:00', closes: '17:00' });
      const availableAt = async (at: Date) =>
        (await createCatalogueService(createCatalogueRepository(tx), () => at).config()).support
          .chatAvailable;

      expect(await availableAt(MONDAY_10AM)).toBe(false);
      await tx
        .update(siteConfig)
        .set({ value: { ...support, chatOn: true } })
        .where(eq(siteConfig.key, 'support'));
      expect(await availableAt(MONDAY_10AM)).toBe(true);
      expect(await availableAt(MONDAY_6PM)).toBe(false);
      expect(await availableAt(SUNDAY_11AM)).toBe(false);
    });
  });

  it('is switched by a support operator only, audited; the site config follows at once', async () => {
    const support = await backOfficeOperator(app, ['support']);
    const content = await backOfficeOperator(app, ['content']);
    const shown = await asOperator(app, support, 'GET', '/admin/support/chat');
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().result).toMatchObject({ chat_on: false, chat_available: false });
    expect(shown.json().result.chat_hours).toHaveLength(6);
    expect(
      (await asOperator(app, content, 'PATCH', '/admin/support/chat', { chat_on: true })).statusCode,
    ).toBe(403);
    expect(
      (await asOperator(app, support, 'PATCH', '/admin/support/chat', { chat_on: 'yes' })).statusCode,
    ).toBe(400);

    const actor = {
      operator: { id: support.id, name: support.name, roles: ['support' as const] },
      via: 'back_office' as const,
    };
    await rolledBack(db, async (tx) => {
      let changed = 0;
      const chat = createSupportChat({
        db: tx,
        now: () => MONDAY_10AM,
        changed: () => changed++,
      });
      expect(await chat.save(actor, { chatOn: true })).toMatchObject({ chatOn: true, chatAvailable: true });
      const config = await createCatalogueService(createCatalogueRepository(tx), () => MONDAY_10AM).config();
      expect(config.support.chatAvailable).toBe(true);
      expect(await chat.save(actor, { chatOn: false })).toMatchObject({
        chatOn: false,
        chatAvailable: false,
      });
      expect(changed).toBe(2);
      const rows = await tx
        .select()
        .from(auditLog)
        .where(eq(auditLog.operatorId, support.id))
        .orderBy(auditLog.id);
      const chatRows = rows.filter((r) => r.targetType === 'support');
      expect(chatRows.map((r) => r.action)).toEqual(['chat.switched_on', 'chat.switched_off']);
      expect(chatRows[0]?.before).toMatchObject({ chatOn: false });
      expect(chatRows[0]?.after).toMatchObject({ chatOn: true, chatAvailable: true });
    });
  });
});
