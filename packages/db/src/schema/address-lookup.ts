import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The address lookup sandbox's addresses: Australian street addresses in every state and territory
 * (seeded, real suburbs with their post codes), which the local address provider suggests from, as a
 * maps service would. `search` is the address in lower case, words separated by single spaces.
 */
export const sandboxAddresses = pgTable(
  'sandbox_addresses',
  {
    id: text('id').primaryKey(),
    addressLine: text('address_line').notNull(),
    suburb: text('suburb').notNull(),
    state: text('state').notNull(),
    postcode: text('postcode').notNull(),
    search: text('search').notNull(),
  },
  (t) => [index('sandbox_addresses_suburb_idx').on(t.state, t.suburb)],
);
