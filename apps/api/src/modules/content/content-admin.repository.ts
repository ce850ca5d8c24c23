/** The CMS rows the back office edits: the site config's banner reference, banners and pages, locked for an edit. */
import { and, asc, cmsItems, type DbOrTx, eq, sql } from '@drawhouse/db';
import type { CmsItemRow } from './content.repository.ts';

export function contentAdminRepository(db: DbOrTx) {
  return {
    async item(collection: string, id: string, lock = false): Promise<CmsItemRow | undefined> {
      const query = db
        .select()
        .from(cmsItems)
        .where(and(eq(cmsItems.collection, collection), eq(cmsItems.id, id)))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    pages(): Promise<CmsItemRow[]> {
      return db
        .select()
        .from(cmsItems)
        .where(eq(cmsItems.collection, 'pages'))
        .orderBy(asc(cmsItems.sortOrder), asc(cmsItems.id));
    },

    async save(collection: string, id: string, data: Record<string, unknown>, at: Date): Promise<void> {
      await db
        .insert(cmsItems)
        .values({ collection, id, slug: collection === 'site_config' ? null : id, data, updatedAt: at })
        .onConflictDoUpdate({
          target: [cmsItems.collection, cmsItems.id],
          set: { data: sql`excluded.data`, updatedAt: at },
        });
    },
  };
}
