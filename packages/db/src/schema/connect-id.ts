/**
 * ConnectID sign-ins under way: each time a customer is sent to their identity provider, the
 * `state` and `nonce` the provider's answer must carry and the PKCE code verifier the code is
 * exchanged with, bound to that customer. A request is used once (`used_at`) and expires after a
 * few minutes; the browser never sees the nonce or the verifier.
 */
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

export const connectIdRequests = pgTable(
  'connect_id_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the provider's answer with this state was accepted: never again. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('connect_id_requests_state').on(t.state),
    index('connect_id_requests_customer_idx').on(t.customerId, t.createdAt),
  ],
);
