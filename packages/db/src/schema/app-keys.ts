import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Client applications allowed to call the API (X-App-Key). The secret is kept readable because the
 * request signature is a hash over it (docs/architecture.md, API conventions).
 */
export const appKeys = pgTable('app_keys', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  secret: text('secret').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
