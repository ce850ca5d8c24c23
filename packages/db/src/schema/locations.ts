import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** Countries where the shop may not sell (ISO 3166-1 alpha-2 codes). */
export const bannedCountries = pgTable('banned_countries', {
  countryCode: text('country_code').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A customer's word that, located abroad, they are an Australian resident buying for themselves:
 * the country they were located in, when, and from which address. The latest one counts.
 */
export const customerLocationConfirmations = pgTable(
  'customer_location_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    ipAddress: text('ip_address').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('customer_location_confirmations_customer_idx').on(t.customerId, t.confirmedAt)],
);
