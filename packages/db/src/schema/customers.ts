import type { CustomerStatus } from '@drawhouse/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** `locked`: by support, until they unlock it (the customer cannot sign in meanwhile). */
export { CUSTOMER_STATUSES, type CustomerStatus } from '@drawhouse/contract';

export const TWO_FACTOR_METHODS = ['authenticator', 'email'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

export const ONE_TIME_TOKEN_PURPOSES = [
  'confirm_email',
  'confirm_address',
  'password_reset',
  'autologin',
  'unsubscribe',
  'email_2fa',
] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/** Channels a customer can be contacted on (push notifications are not one of them). */
export type CommunicationPreferences = { email: boolean; phone: boolean; sms: boolean; directmail: boolean };

/** Where the customer came from at sign-up (free-form keys from the client, kept for marketing). */
export type Attribution = Record<string, string>;

/**
 * A customer account. The email is stored lower-cased and unique whatever its case. Closing an
 * account keeps the row (status `closed`) so orders and ledger entries keep their owner.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** argon2id, PHC string format. */
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * False for an account that joined through Apple or Google and has not set a password yet (its
     * hash is of a random one nobody knows): it signs in by the provider only.
     */
    passwordSet: boolean('password_set').notNull().default(true),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    addressLine2: text('address_line_2'),
    suburb: text('suburb').notNull(),
    /** ACT, NSW, NT, QLD, SA, TAS, VIC, WA or OTHER. */
    state: text('state').notNull(),
    postcode: text('postcode').notNull(),
    country: text('country').notNull(),
    emailOptIn: boolean('email_opt_in').notNull().default(false),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    addressConfirmationRequired: boolean('address_confirmation_required').notNull().default(false),
    forcePasswordChange: boolean('force_password_change').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    pricingId: text('pricing_id').notNull().default('default'),
    segmentName: text('segment_name').notNull().default('default'),
    /**
     * Favourite number sets `{lottery, numbers, powerball?}`, one per lottery. Rows from before the
     * sets may hold plain numbers: read through the domain's `parseFavouriteNumbers`.
     */
    favouriteNumbers: jsonb('favourite_numbers').$type<unknown[]>().notNull().default([]),
    communicationPreferences: jsonb('communication_preferences')
      .$type<CommunicationPreferences>()
      .notNull()
      .default({ email: false, phone: false, sms: false, directmail: false }),
    attribution: jsonb('attribution').$type<Attribution>().notNull().default({}),
    signupPlatform: text('signup_platform'),
    status: text('status').$type<CustomerStatus>().notNull().default('active'),
    /** Identity verified (by an operator for now): until then deposits are capped and withdrawals refused. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** What winners lists may show of this customer: nothing unless they agree to first name and suburb. */
    /** How recurring purchases are paid: `wallet`, or the id of a saved card (a fund). */
    recurringPurchaseMethodKey: text('recurring_purchase_method_key').notNull().default('wallet'),
    winnerPublicity: text('winner_publicity').$type<'none' | 'first_name_suburb'>().notNull().default('none'),
    /** When the customer last completed the account upgrade (confirmed the details the shop needs). */
    accountUpgradedAt: timestamp('account_upgraded_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closeReason: text('close_reason'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockReason: text('lock_reason'),
    /** Wrong second-factor codes in a row; at 5 the account's second factor locks until `twoFactorLockedUntil`. */
    twoFactorFailedCount: integer('two_factor_failed_count').notNull().default(0),
    twoFactorLockedUntil: timestamp('two_factor_locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_email_key').on(sql`lower(${t.email})`),
    check('customers_status_check', sql`${t.status} in ('active', 'locked', 'closed')`),
    check(
      'customers_state_check',
      sql`${t.state} in ('ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA', 'OTHER')`,
    ),
    check('customers_two_factor_failed_count_check', sql`${t.twoFactorFailedCount} >= 0`),
    check('customers_winner_publicity_check', sql`${t.winnerPublicity} in ('none', 'first_name_suburb')`),
  ],
);

/**
 * A customer's second factor. `secret` (authenticator) is encrypted at rest (AES-256-GCM); a
 * `pendingSecret` is one being set up and becomes `secret` once the customer confirms a code.
 */
export const customerTwoFactor = pgTable(
  'customer_two_factor',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    method: text('method').$type<TwoFactorMethod>(),
    secret: text('secret'),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    pendingSecret: text('pending_secret'),
    pendingCreatedAt: timestamp('pending_created_at', { withTimezone: true }),
    /** The time step of the last accepted authenticator code: a code is accepted once. */
    lastTimeStep: integer('last_time_step'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('customer_two_factor_method_check', sql`${t.method} in ('authenticator', 'email')`)],
);

/**
 * Devices a customer has signed in from. The fingerprint is an opaque value the API issues, kept as
 * a SHA-256 hash; an unseen one means a new-device mail.
 */
export const customerDevices = pgTable(
  'customer_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    fingerprintHash: text('fingerprint_hash').notNull(),
    deviceUuid: uuid('device_uuid').notNull().defaultRandom(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last time the second factor was passed on this device (for "remember this device"). */
    twoFactorPassedAt: timestamp('two_factor_passed_at', { withTimezone: true }),
  },
  (t) => [unique('customer_devices_customer_fingerprint_key').on(t.customerId, t.fingerprintHash)],
);

/** A signed-in session: one per login, ended by logout, reuse of a refresh token or account closure. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    deviceUuid: uuid('device_uuid').notNull(),
    fingerprintHash: text('fingerprint_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end, whatever the refreshes. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The last step-up (second factor passed for a sensitive action). */
    elevatedAt: timestamp('elevated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    /**
     * The first session of the family this one joined through a transfer token (null: its own
     * family). Signing out or a refresh token's reuse ends every session of the family.
     */
    familySessionId: uuid('family_session_id'),
  },
  (t) => [
    index('auth_sessions_customer_idx').on(t.customerId),
    index('auth_sessions_family_idx').on(t.familySessionId),
  ],
);

/**
 * Refresh tokens, kept as SHA-256 hashes. Each use marks the token used and issues a child in the
 * same family; a used token presented again revokes the family and its session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    parentId: uuid('parent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/**
 * Single-use tokens sent by mail or handed to a client (email confirmation, password reset,
 * autologin, unsubscribe links, email second-factor codes), kept as hashes with an expiry.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<OneTimeTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** A transfer token: the session it was minted in (the new session joins its family). */
    sessionId: uuid('session_id'),
  },
  (t) => [
    index('one_time_tokens_purpose_hash_idx').on(t.purpose, t.tokenHash),
    index('one_time_tokens_customer_purpose_idx').on(t.customerId, t.purpose),
    check(
      'one_time_tokens_purpose_check',
      sql`${t.purpose} in ('confirm_email', 'confirm_address', 'password_reset', 'autologin', 'unsubscribe', 'email_2fa')`,
    ),
  ],
);

/**
 * A sign-in that proved the password (or a link) and waits for its one-time code. The client holds
 * the challenge id, never the password again; only its SHA-256 hash is kept. It is bound to the
 * customer and to the device the sign-in named (a hash of the `X-Device-Id` and the fingerprint),
 * lives 10 minutes and is used once. A throttled sign-in whose password was wrong gets one too,
 * naming no customer, so the throttled answer never tells a right password from a wrong one.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeHash: text('challenge_hash').notNull(),
    /** Null for the challenge of a throttled sign-in with a wrong password: no code ever passes it. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    /** Started while the account's sign-in was throttled: every refusal is the throttle's 429. */
    throttled: boolean('throttled').notNull().default(false),
    /** A transfer token's sign-in: the session family the new session joins. */
    familySessionId: uuid('family_session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    unique('sign_in_challenges_challenge_hash_key').on(t.challengeHash),
    index('sign_in_challenges_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Failure counters shared by every API process (login failures per account): `key` names what is
 * counted, e.g. `login:<email>`. A key blocked until a time answers 429 until then, never longer.
 */
export const authThrottles = pgTable('auth_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});
