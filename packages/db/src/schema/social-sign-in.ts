/**
 * Apple and Google sign-in. `social_identities`: an account at a provider linked to a customer, one
 * customer per (provider, subject). `social_sign_in_requests`: each time a visitor is sent to a
 * provider, the `state` and `nonce` its answer must carry and the PKCE verifier the code is exchanged
 * with (the browser never sees the nonce or the verifier), used once; for a link, the customer who
 * started it. An answer that names nobody yet (a join, or an email that belongs to an account) is
 * kept on the request, behind a one-time token, until the sign-up or the password sign-in follows.
 */
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

export const socialIdentities = pgTable(
  'social_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** apple or google. */
    provider: text('provider').notNull(),
    /** The provider's `sub`: stable for the account at the provider (and, at Apple, for this shop). */
    subject: text('subject').notNull(),
    /** The email the provider shared when linked (Apple's may be a private relay address). */
    email: text('email'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_identities_provider_subject').on(t.provider, t.subject),
    uniqueIndex('social_identities_customer_provider').on(t.customerId, t.provider),
  ],
);

/** What a provider's answer shared, kept for the sign-up or the password sign-in that follows. */
export type SocialProfile = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  isPrivateEmail: boolean;
  firstname: string | null;
  lastname: string | null;
};

export const socialSignInRequests = pgTable(
  'social_sign_in_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    /** sign_in (sign in or join) or link (the signed-in customer links an account). */
    intent: text('intent').notNull(),
    /** The customer linking; null for a sign-in. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the provider's answer with this state was accepted: never again. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** A join or a link after the password: sha-256 of the token the client sends back, and what it carries. */
    pendingTokenHash: text('pending_token_hash'),
    pendingProfile: jsonb('pending_profile').$type<SocialProfile>(),
    pendingUntil: timestamp('pending_until', { withTimezone: true }),
    /** When the sign-up or the link used the pending answer. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('social_sign_in_requests_state').on(t.state),
    uniqueIndex('social_sign_in_requests_pending').on(t.pendingTokenHash),
    index('social_sign_in_requests_expires_idx').on(t.expiresAt),
  ],
);
