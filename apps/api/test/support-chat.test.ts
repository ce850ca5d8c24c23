/**
 * "Chat Online" follows the chat team: the site config answers `chat_available` true only while an
 * operator has chat switched on and the time in the site's time zone is within the chat hours. The
 * switch is flipped in a transaction rolled back at the end, so other tests keep the demo's settings.
 */
import { eq, siteConfig } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import { createCatalogueRepository } from '../src/modules/catalogue/catalogue.repository.ts';
import { createCatalogueService } from '../src/modules/catalogue/catalogue.service.ts';
import { rolledBack } from './content-admin-helpers.ts';
import { getTestApp } from './helpers.ts';

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
});
