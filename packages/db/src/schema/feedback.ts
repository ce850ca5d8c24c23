/**
 * Website-experience feedback sent from the shop's feedback modal (`POST /v2/event`): the rating,
 * the optional comment and email, where it was sent from and the client that sent it. Support reads
 * them in the back office.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

export const feedbackEvents = pgTable(
  'feedback_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The signed-in customer who sent it; null for a guest. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    rating: text('rating').notNull(),
    comment: text('comment').notNull(),
    /** A guest's optional address; customers are known by their account. */
    email: text('email'),
    /** The page's path when it was sent. */
    source: text('source').notNull(),
    /** The visitor's sub-variant. */
    variant: text('variant'),
    clientRelease: text('client_release').notNull(),
    clientName: text('client_name').notNull(),
    clientVersion: text('client_version').notNull(),
    timezone: text('timezone').notNull(),
    locale: text('locale').notNull(),
  },
  (t) => [
    check('feedback_events_rating_check', sql`${t.rating} in ('not_satisfied', 'neutral', 'satisfied')`),
    index('feedback_events_created_idx').on(t.createdAt),
    index('feedback_events_rating_idx').on(t.rating, t.createdAt),
  ],
);
