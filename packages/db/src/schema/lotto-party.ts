/**
 * Lotto party: private groups of customers who play together. A group has members (its owner first)
 * and invite links; a session is the group's entry in one lottery draw, sold as shares at a price the
 * creator set. Members buy shares through the cart and checkout until the draw closes; then the
 * session's pot buys as many quick-picked games of the draw as it can (the entry), what it cannot
 * spend is refunded by shares, and any prize of the entry is split by shares into members' wallets.
 *
 * `shares_sold <= total_shares` is a check: two checkouts can never oversell a session.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { draws } from './draws.ts';
import { orders } from './orders.ts';

export const GROUP_PUBLICITY_STATUSES = ['private', 'promoted', 'public'] as const;
export type GroupPublicityStatus = (typeof GROUP_PUBLICITY_STATUSES)[number];

export const SESSION_STATUSES = ['open', 'closed', 'paid', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const AUTOSESSION_STATUSES = ['on', 'paused', 'off'] as const;
export type AutosessionStatus = (typeof AUTOSESSION_STATUSES)[number];

export const lottoPartyGroups = pgTable(
  'lotto_party_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The name folded for uniqueness: trimmed, inner spaces collapsed, lower case. */
    nameKey: text('name_key').notNull(),
    publicityStatus: text('publicity_status').$type<GroupPublicityStatus>().notNull().default('private'),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lotto_party_groups_name_key').on(t.nameKey),
    check(
      'lotto_party_groups_publicity_check',
      sql`${t.publicityStatus} in ('private', 'promoted', 'public')`,
    ),
  ],
);

export const lottoPartyMembers = pgTable(
  'lotto_party_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => lottoPartyGroups.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    role: text('role').$type<'owner' | 'member'>().notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.customerId] }),
    index('lotto_party_members_customer_idx').on(t.customerId, t.joinedAt),
    check('lotto_party_members_role_check', sql`${t.role} in ('owner', 'member')`),
  ],
);

/**
 * An invite link's token. Only its SHA-256 is kept; a token is spent when the owner replaces it
 * (`revoked_at`) or when it expires.
 */
export const lottoPartyInvites = pgTable(
  'lotto_party_invites',
  {
    tokenHash: text('token_hash').primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => lottoPartyGroups.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('lotto_party_invites_group_idx').on(t.groupId, t.createdAt)],
);

export const lottoPartySessions = pgTable(
  'lotto_party_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => lottoPartyGroups.id, { onDelete: 'restrict' }),
    /** The lottery draw the session enters. */
    drawId: uuid('draw_id')
      .notNull()
      .references(() => draws.id, { onDelete: 'restrict' }),
    productOfferKey: text('product_offer_key').notNull(),
    /** The game offer the pot buys games of (the offer's standard one). */
    gameOffer: text('game_offer').notNull(),
    sharePriceCents: bigint('share_price_cents', { mode: 'number' }).notNull(),
    totalShares: integer('total_shares').notNull(),
    sharesSold: integer('shares_sold').notNull().default(0),
    status: text('status').$type<SessionStatus>().notNull().default('open'),
    autosessionStatus: text('autosession_status').$type<AutosessionStatus>().notNull().default('off'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** The entry bought at the close: quick-picked games, as tickets.games. */
    games: jsonb('games').$type<Record<string, number[]>[] | null>(),
    /** What the pot paid for the games, and what it could not spend (refunded by shares). */
    spentCents: bigint('spent_cents', { mode: 'number' }),
    refundedCents: bigint('refunded_cents', { mode: 'number' }),
    /** The entry's whole prize once scored (before the split). */
    prizeCents: bigint('prize_cents', { mode: 'number' }),
    /** A prize over the approval threshold waits (the session `closed`) until an operator releases it. */
    held: boolean('held').notNull().default(false),
    approvedBy: text('approved_by'),
    /** The session opened by autosession after this one (at most one). */
    nextSessionId: uuid('next_session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('lotto_party_sessions_group_idx').on(t.groupId, t.createdAt),
    index('lotto_party_sessions_draw_idx').on(t.drawId, t.status),
    // One open session per group and draw.
    uniqueIndex('lotto_party_sessions_group_draw')
      .on(t.groupId, t.drawId)
      .where(sql`${t.status} <> 'cancelled'`),
    check('lotto_party_sessions_status_check', sql`${t.status} in ('open', 'closed', 'paid', 'cancelled')`),
    check('lotto_party_sessions_autosession_check', sql`${t.autosessionStatus} in ('on', 'paused', 'off')`),
    check('lotto_party_sessions_price_check', sql`${t.sharePriceCents} > 0`),
    check(
      'lotto_party_sessions_shares_check',
      sql`${t.totalShares} > 0 and ${t.sharesSold} >= 0 and ${t.sharesSold} <= ${t.totalShares}`,
    ),
  ],
);

/**
 * The shares a member bought in a session: one row per checkout line (the order carries the
 * session as `social_syndicate_id`). Refunds and prize parts are paid against these rows.
 */
export const lottoPartyShares = pgTable(
  'lotto_party_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => lottoPartySessions.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    shares: integer('shares').notNull(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull(),
    /** The part of `paid_cents` paid with promotional credit: refunds give it back there first. */
    paidPromoCents: bigint('paid_promo_cents', { mode: 'number' }).notNull().default(0),
    /** The part of the unspent pot refunded, and of the prize credited (truncated to the cent). */
    refundCents: bigint('refund_cents', { mode: 'number' }),
    prizeCents: bigint('prize_cents', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lotto_party_shares_order').on(t.orderId),
    index('lotto_party_shares_session_idx').on(t.sessionId, t.customerId),
    index('lotto_party_shares_customer_idx').on(t.customerId, t.createdAt),
    check('lotto_party_shares_count_check', sql`${t.shares} > 0`),
  ],
);
