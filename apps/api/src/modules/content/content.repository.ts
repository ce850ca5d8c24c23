/** The content service's reads. The only file of the module that touches Drizzle. */
import {
  and,
  asc,
  cmsFiles,
  cmsItems,
  type DbOrTx,
  eq,
  inArray,
  or,
  type SQL,
  sql,
  translations,
} from '@drawhouse/db';

export type CmsItemRow = typeof cmsItems.$inferSelect;
export type TranslationRow = typeof translations.$inferSelect;

export type TranslationFilter = { categories: string[]; ids: string[]; types: string[] };

/**
 * A version of the CMS content: a digest of every item's key and row version (`xmin`, the id of the
 * transaction that last wrote it), so it moves with every save, insert or delete of an item, whoever
 * made it (the back office, the seed, a fix in SQL) and whatever their clocks say. Cached answers
 * holding content go when it moves (ADR 064).
 */
export async function contentVersion(db: DbOrTx): Promise<string> {
  const rows = await db.execute<{ v: string }>(
    sql`select md5(coalesce(string_agg(collection || '/' || id || '@' || xmin::text, ',' order by collection, id), '')) as v
      from cms_items`,
  );
  return rows.rows[0]?.v ?? '';
}

export function createContentRepository(db: DbOrTx) {
  return {
    items(collection: string): Promise<CmsItemRow[]> {
      return db
        .select()
        .from(cmsItems)
        .where(eq(cmsItems.collection, collection))
        .orderBy(asc(cmsItems.sortOrder), asc(cmsItems.id));
    },

    /** An item by id, or by slug. */
    async item(collection: string, idOrSlug: string): Promise<CmsItemRow | undefined> {
      const rows = await db
        .select()
        .from(cmsItems)
        .where(
          and(
            eq(cmsItems.collection, collection),
            or(eq(cmsItems.id, idOrSlug), eq(cmsItems.slug, idOrSlug)),
          ),
        )
        .orderBy(asc(cmsItems.sortOrder))
        .limit(2);
      return rows.find((r) => r.id === idOrSlug) ?? rows[0];
    },

    async file(id: string) {
      const rows = await db
        .select({ contentType: cmsFiles.contentType, body: cmsFiles.body, updatedAt: cmsFiles.updatedAt })
        .from(cmsFiles)
        .where(eq(cmsFiles.id, id))
        .limit(1);
      return rows[0];
    },

    async hasLocale(locale: string): Promise<boolean> {
      const rows = await db
        .select({ id: translations.id })
        .from(translations)
        .where(eq(translations.locale, locale))
        .limit(1);
      return rows.length > 0;
    },

    translations(locale: string, filter: TranslationFilter): Promise<TranslationRow[]> {
      const conditions: SQL[] = [eq(translations.locale, locale)];
      if (filter.categories.length > 0) conditions.push(inArray(translations.category, filter.categories));
      if (filter.ids.length > 0) conditions.push(inArray(translations.id, filter.ids));
      if (filter.types.length > 0) conditions.push(inArray(translations.type, filter.types));
      return db
        .select()
        .from(translations)
        .where(and(...conditions))
        .orderBy(asc(translations.category), asc(translations.id));
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
