/**
 * The CMS rows the back office edits: the site config's banner reference, banners, pages and blog posts,
 * locked for an edit.
 */
import { and, cmsItems, type DbOrTx, eq, ne, or, sql } from '@drawhouse/db';
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

    /**
     * Whether an item other than `exceptId` answers to `slug`, by its slug or its id (the shop finds an
     * item by either).
     */
    async slugTaken(collection: string, slug: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: cmsItems.id })
        .from(cmsItems)
        .where(
          and(
            eq(cmsItems.collection, collection),
            or(eq(cmsItems.slug, slug), eq(cmsItems.id, slug)),
            exceptId === undefined ? undefined : ne(cmsItems.id, exceptId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Adds an item and answers it as stored; undefined when its id or slug is already taken. */
    async insert(
      collection: string,
      id: string,
      slug: string,
      data: Record<string, unknown>,
      at: Date,
    ): Promise<CmsItemRow | undefined> {
      const [row] = await db
        .insert(cmsItems)
        .values({ collection, id, slug, data, updatedAt: at })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /**
     * Writes an item's data, and its slug when given (a new item's slug is otherwise its id, none for
     * the site config).
     */
    async save(
      collection: string,
      id: string,
      data: Record<string, unknown>,
      at: Date,
      slug?: string,
    ): Promise<void> {
      await db
        .insert(cmsItems)
        .values({
          collection,
          id,
          slug: slug ?? (collection === 'site_config' ? null : id),
          data,
          updatedAt: at,
        })
        .onConflictDoUpdate({
          target: [cmsItems.collection, cmsItems.id],
          set: { data: sql`excluded.data`, updatedAt: at, ...(slug === undefined ? {} : { slug }) },
        });
    },
  };
}
