import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** How a partner's purchase pages look: its own name, colours and line, without the shop's shell. */
export type PartnerBranding = {
  /** Hex colour of the partner's header and buttons. */
  primaryColor: string;
  /** Text colour on `primaryColor`. */
  onPrimaryColor: string;
  tagline: string;
};

/**
 * A partner selling Drawhouse offers on its own purchase pages (/purchase/{slug}). `key` is what a
 * purchase names as `partner_key`; a purchase's `channel_key` must be one of `channels`; only
 * `allowed_offers` (product offer keys) can be bought through it. A failed autologin link goes to
 * `autologin_failure_path`.
 */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    channels: text('channels').array().notNull().default(sql`'{}'::text[]`),
    allowedOffers: text('allowed_offers').array().notNull().default(sql`'{}'::text[]`),
    branding: jsonb('branding').$type<PartnerBranding>().notNull(),
    autologinFailurePath: text('autologin_failure_path').notNull().default('/login'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partners_slug_key').on(t.slug), uniqueIndex('partners_key_key').on(t.key)],
);
