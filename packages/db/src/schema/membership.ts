/**
 * Daily Winners, the membership programme: each customer's membership, the paid premium periods
 * behind the tier, the giveaways with their provably fair seed, free members' unlocks, the entries
 * counted when a giveaway closes and its winners (each prize paid once through the ledger).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { bytea } from './draw-engine.ts';

/** A customer's membership. No row: a non-member who never joined. */
export const memberships = pgTable(
  'memberships',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** member, non-member (left) or pending-deposit (joined from the deposit page, no deposit yet). */
    status: text('status').$type<'member' | 'non-member' | 'pending-deposit'>().notNull(),
    /** The end of the last paid premium period (the tier is premium while it is in the future). */
    premiumUntil: timestamp('premium_until', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** When the customer last opened the programme's page (the header's dot for non-members). */
    visitedAt: timestamp('visited_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('memberships_status_check', sql`${t.status} in ('member', 'non-member', 'pending-deposit')`)],
);

/**
 * A paid premium period: bought by a membership order (`source` `order:{orderId}`) or a renewal
 * (`source` `recurring:{attemptId}`). `source` is unique: a payment extends the tier once.
 */
export const membershipPeriods = pgTable(
  'membership_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    source: text('source').notNull(),
    /** monthly, quarterly, biannually or annually. */
    period: text('period').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('membership_periods_source_key').on(t.source),
    index('membership_periods_customer_idx').on(t.customerId, t.endsAt),
    check('membership_periods_order_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const GIVEAWAY_STATUSES = ['open', 'closed', 'drawn', 'paid'] as const;
export type GiveawayStatus = (typeof GIVEAWAY_STATUSES)[number];

/**
 * A giveaway draw. Its secret seed is made at creation and its commitment (hex SHA-256 of the seed)
 * published from then on; the seed is shown only once it is drawn. `number` counts giveaways of a
 * type (the page is `/daily-winners/giveaways/{type}/{number}`).
 */
export const giveaways = pgTable(
  'giveaways',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').$type<'daily' | 'major' | 'monthly' | 'preview' | 'special'>().notNull(),
    number: integer('number').notNull(),
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    pill: text('pill'),
    permits: text('permits'),
    availability: text('availability').$type<'available' | 'unavailable'>().notNull().default('available'),
    images: jsonb('images').$type<{ url: string; alt: string }[]>().notNull().default([]),
    details: jsonb('details')
      .$type<{ title: string; transferToken: string | null; url: string | null }>()
      .notNull(),
    /** Prizes in order: `{title, amountCents, kind: cash | credit}`. */
    prizes: jsonb('prizes')
      .$type<{ title: string; amountCents: number; kind: 'cash' | 'credit' }[]>()
      .notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    status: text('status').$type<GiveawayStatus>().notNull().default('open'),
    seed: bytea('seed').notNull(),
    commitment: text('commitment').notNull(),
    algorithm: text('algorithm').notNull().default('hmac-sha256-rejection'),
    version: integer('version').notNull().default(1),
    /** Entries counted at the close (numbered 1..entries in `giveaway_entries`). */
    entries: integer('entries'),
    winningEntries: integer('winning_entries').array(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('giveaways_type_number_key').on(t.type, t.number),
    uniqueIndex('giveaways_external_id_key').on(t.externalId),
    index('giveaways_closes_at_idx').on(t.status, t.closesAt),
    check('giveaways_type_check', sql`${t.type} in ('daily', 'major', 'monthly', 'preview', 'special')`),
    check('giveaways_status_check', sql`${t.status} in ('open', 'closed', 'drawn', 'paid')`),
    check('giveaways_window_check', sql`${t.closesAt} > ${t.opensAt}`),
  ],
);

/** A free member's unlock of a premium giveaway: pending until a qualifying activity, then resolved. */
export const giveawayUnlocks = pgTable(
  'giveaway_unlocks',
  {
    giveawayId: uuid('giveaway_id')
      .notNull()
      .references(() => giveaways.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    state: text('state').$type<'pending' | 'resolved'>().notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.giveawayId, t.customerId] }),
    index('giveaway_unlocks_customer_idx').on(t.customerId, t.state),
    check('giveaway_unlocks_state_check', sql`${t.state} in ('pending', 'resolved')`),
  ],
);

/** The entries in a giveaway's draw, counted when it closed: numbered 1..entries. */
export const giveawayEntries = pgTable(
  'giveaway_entries',
  {
    giveawayId: uuid('giveaway_id')
      .notNull()
      .references(() => giveaways.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    entryNumber: integer('entry_number').notNull(),
    /** unlocked or guaranteed, as it stood at the close. */
    entryStatus: text('entry_status').$type<'unlocked' | 'guaranteed'>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.giveawayId, t.customerId] }),
    uniqueIndex('giveaway_entries_number_key').on(t.giveawayId, t.entryNumber),
    index('giveaway_entries_customer_idx').on(t.customerId),
  ],
);

/** A giveaway's prize won by an entry; `paidAt` once its ledger transfer is written (once). */
export const giveawayWinners = pgTable(
  'giveaway_winners',
  {
    giveawayId: uuid('giveaway_id')
      .notNull()
      .references(() => giveaways.id, { onDelete: 'cascade' }),
    prizeIndex: integer('prize_index').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    entryNumber: integer('entry_number').notNull(),
    title: text('title').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    kind: text('kind').$type<'cash' | 'credit'>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.giveawayId, t.prizeIndex] }),
    index('giveaway_winners_customer_idx').on(t.customerId),
    check('giveaway_winners_amount_check', sql`${t.amountCents} >= 0`),
    check('giveaway_winners_kind_check', sql`${t.kind} in ('cash', 'credit')`),
  ],
);
