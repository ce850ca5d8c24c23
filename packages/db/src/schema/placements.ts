import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the placement service last learnt of a visitor's cart (`POST /v2/placement/cart/prime`): the
 * offers it held, kept by the visitor's segment identity (`user:<customer id>` or
 * `device:<device id>`), so that the next feature placement does not feature one of them.
 */
export const placementCartPrimes = pgTable('placement_cart_primes', {
  segmentKey: text('segment_key').primaryKey(),
  productOfferKeys: text('product_offer_keys').array().notNull(),
  primedAt: timestamp('primed_at', { withTimezone: true }).notNull().defaultNow(),
});
