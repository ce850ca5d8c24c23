/** The site config's support settings, read locked and written by the chat switch. */
import { type DbOrTx, eq, siteConfig } from '@drawhouse/db';
import { SYDNEY_TIME_ZONE } from '@drawhouse/domain';

export function supportChatRepository(db: DbOrTx) {
  return {
    async support(lock = false): Promise<Record<string, unknown>> {
      const query = db.select().from(siteConfig).where(eq(siteConfig.key, 'support')).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      const value = row?.value;
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    },

    async timezone(): Promise<string> {
      const [row] = await db.select().from(siteConfig).where(eq(siteConfig.key, 'config')).limit(1);
      const zone = (row?.value as { timezone?: unknown } | undefined)?.timezone;
      return typeof zone === 'string' ? zone : SYDNEY_TIME_ZONE;
    },

    async saveSupport(value: Record<string, unknown>, at: Date): Promise<void> {
      await db
        .insert(siteConfig)
        .values({ key: 'support', value, updatedAt: at })
        .onConflictDoUpdate({ target: siteConfig.key, set: { value, updatedAt: at } });
    },
  };
}
