import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** Site-wide settings by key: config, support, social_links, payment_logos, regulation_images, native_app, seed_version. */
export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Headless-CMS style items: singletons (theme, site_config) and lists (pages, faq, banners). */
export const cmsItems = pgTable(
  'cms_items',
  {
    collection: text('collection').notNull(),
    id: text('id').notNull(),
    slug: text('slug'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collection, t.id] }),
    unique('cms_items_collection_slug_key').on(t.collection, t.slug),
  ],
);

/** Files served at /cms/files/{id}: SVG logos and images kept as text. */
export const cmsFiles = pgTable('cms_files', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const translations = pgTable(
  'translations',
  {
    locale: text('locale').notNull(),
    id: text('id').notNull(),
    category: text('category').notNull(),
    type: text('type').notNull().default('text'),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locale, t.id] }),
    index('translations_locale_category_idx').on(t.locale, t.category),
  ],
);
