/**
 * The draw engine's records: results as entered by operators (two matching entries publish them),
 * the raffle seeds behind provably fair draws, every winning game, each ticket's payout, the
 * remainders of prizes split by shares, and the notifications feed.
 */
import type { OperatorRole } from '@drawhouse/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
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
import { tickets } from './orders.ts';

/** A bytea column read and written as a Buffer (secret seeds). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** `mismatched` is kept for entries made before a mismatch voided both entries (`void`). */
export const RESULT_ENTRY_STATUSES = ['pending', 'published', 'mismatched', 'void'] as const;
export type ResultEntryStatus = (typeof RESULT_ENTRY_STATUSES)[number];

/** What an entry gives: a draw's results (with any prizes known), or later the prizes alone. */
export const RESULT_ENTRY_KINDS = ['results', 'prizes'] as const;
export type ResultEntryKind = (typeof RESULT_ENTRY_KINDS)[number];

/**
 * One operator's entry of a draw's results (or, later, of its prizes). Entries are blind: no
 * operator is shown another's. The first entry waits; a second entry by another operator publishes
 * both when every field matches, and voids both otherwise (a fresh pair is needed, begun by an
 * operator whose entry was not voided). In demo mode the engine's own CSPRNG draw is one entry by
 * the operator `demo` and is published at once.
 */
export const drawResultEntries = pgTable(
  'draw_result_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    drawId: uuid('draw_id')
      .notNull()
      .references(() => draws.id, { onDelete: 'cascade' }),
    operator: text('operator').notNull(),
    kind: text('kind').$type<ResultEntryKind>().notNull().default('results'),
    /** By number-set name, in the order drawn, as draw_results.numbers (`{}` for a prizes entry). */
    numbers: jsonb('numbers').$type<Record<string, number[]>>().notNull(),
    supplementary: jsonb('supplementary').$type<number[]>().notNull().default([]),
    /** Prize per winning game by division ("1" -> cents), as announced by the lottery. */
    prizes: jsonb('prizes').$type<Record<string, number>>().notNull().default({}),
    status: text('status').$type<ResultEntryStatus>().notNull().default('pending'),
    /** The fields that differ from the entry it was checked against (mismatched entries). */
    differences: jsonb('differences').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('draw_result_entries_draw_idx').on(t.drawId, t.createdAt),
    // One live entry per operator, draw and kind: a second entry must come from someone else.
    uniqueIndex('draw_result_entries_operator_kind_key')
      .on(t.drawId, t.kind, t.operator)
      .where(sql`${t.status} in ('pending', 'published')`),
    check(
      'draw_result_entries_status_check',
      sql`${t.status} in ('pending', 'published', 'mismatched', 'void')`,
    ),
    check('draw_result_entries_kind_check', sql`${t.kind} in ('results', 'prizes')`),
  ],
);

/**
 * A raffle draw's secret seed and its published commitment (lowercase hex SHA-256 of the seed).
 * The seed is never shown before the draw is drawn; then the proof carries it with the tickets sold
 * and the winning ticket numbers in prize order.
 */
export const raffleDrawSeeds = pgTable('raffle_draw_seeds', {
  drawId: uuid('draw_id')
    .primaryKey()
    .references(() => draws.id, { onDelete: 'cascade' }),
  seed: bytea('seed').notNull(),
  commitment: text('commitment').notNull(),
  algorithm: text('algorithm').notNull().default('hmac-sha256-rejection'),
  version: integer('version').notNull().default(1),
  ticketsSold: integer('tickets_sold'),
  winningTickets: integer('winning_tickets').array(),
  drawnAt: timestamp('drawn_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A winning line of a ticket. Lottery tickets: `gameIndex` is the game of the ticket, `division` the
 * division won and `combos` how many of a system entry's combinations won it. Raffle tickets:
 * `gameIndex` is the winning ticket number and `division` the prize rank.
 */
export const ticketWins = pgTable(
  'ticket_wins',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'restrict' }),
    gameIndex: integer('game_index').notNull(),
    division: integer('division').notNull(),
    drawId: uuid('draw_id')
      .notNull()
      .references(() => draws.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    combos: integer('combos').notNull().default(1),
    /** The prize of this line (combos x the division's prize, or the ticket's part of it); null until priced. */
    prizeCents: bigint('prize_cents', { mode: 'number' }),
    /** A prize that is not money (a raffle's car): its name. */
    prizeName: text('prize_name'),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.gameIndex, t.division] }),
    index('ticket_wins_draw_idx').on(t.drawId),
    index('ticket_wins_customer_idx').on(t.customerId),
    check('ticket_wins_combos_check', sql`${t.combos} >= 1`),
    check('ticket_wins_prize_check', sql`${t.prizeCents} is null or ${t.prizeCents} >= 0`),
  ],
);

/** `prize_pending`: a line won a division whose prize is not known yet; nothing is paid until it is. */
export const PAYOUT_STATUSES = ['prize_pending', 'pending', 'held', 'paid'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * What one winning ticket is paid: the sum of its wins, credited to the wallet by one ledger transfer
 * (its id derived from the ticket, so it is paid once). A prize over the approval threshold is `held`
 * until an operator releases it. `notifiedAt` is set when the win email and the feed entry are out.
 */
export const ticketPayouts = pgTable(
  'ticket_payouts',
  {
    ticketId: uuid('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'restrict' }),
    drawId: uuid('draw_id')
      .notNull()
      .references(() => draws.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    prizeCents: bigint('prize_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    transferId: uuid('transfer_id'),
    approvedBy: text('approved_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_payouts_draw_idx').on(t.drawId, t.status),
    index('ticket_payouts_customer_idx').on(t.customerId),
    check('ticket_payouts_status_check', sql`${t.status} in ('prize_pending', 'pending', 'held', 'paid')`),
    check('ticket_payouts_prize_check', sql`${t.prizeCents} >= 0`),
    check('ticket_payouts_paid_check', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
  ],
);

/**
 * A prize split by shares (a syndicate's entry): the parts are truncated to the cent, and what the
 * truncation leaves is recorded here, so prize = sum of the parts + remainder, always.
 */
export const prizeRemainders = pgTable(
  'prize_remainders',
  {
    drawId: uuid('draw_id')
      .notNull()
      .references(() => draws.id, { onDelete: 'restrict' }),
    /** What was split: the syndicate offer key, or a lotto party session id. */
    entryKey: text('entry_key').notNull(),
    prizeCents: bigint('prize_cents', { mode: 'number' }).notNull(),
    distributedCents: bigint('distributed_cents', { mode: 'number' }).notNull(),
    remainderCents: bigint('remainder_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.drawId, t.entryKey] }),
    check(
      'prize_remainders_sum_check',
      sql`${t.distributedCents} + ${t.remainderCents} = ${t.prizeCents} and ${t.remainderCents} >= 0`,
    ),
  ],
);

export type NotificationAction = { id: string; text: string; link: string | null; deepLink: string | null };

/**
 * The notifications feed (spec Notification entity). `sourceKey` makes each event announced once
 * (a win: `win:{ticketId}`), however often its job runs.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    sourceKey: text('source_key').notNull(),
    title: text('title').notNull(),
    icon: text('icon').notNull(),
    message: text('message').notNull(),
    isAutoDismissed: boolean('is_auto_dismissed').notNull().default(false),
    actions: jsonb('actions').$type<NotificationAction[]>().notNull().default([]),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_source_key').on(t.customerId, t.sourceKey),
    index('notifications_customer_idx').on(t.customerId, t.createdAt),
  ],
);

/** What an operator may do; each /admin route names the role it needs. */
export { OPERATOR_ROLES, type OperatorRole } from '@drawhouse/contract';

/**
 * The people who run the shop: through the back office (email, password and authenticator code),
 * `npm run operator` or the `/admin` API with a token. The API token is shown once when the operator
 * is made; only its argon2id hash is kept. A token reads `{id}.{secret}`, so the row is found by id
 * and the secret checked against the hash. Wrong passwords and codes are counted here and lock the
 * operator for a while (`locked_until`).
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Lower-case; null for an operator who only uses the command line. */
    email: text('email'),
    passwordHash: text('password_hash'),
    /** The authenticator's secret, encrypted (aes-256-gcm under the API's secret). */
    totpSecret: text('totp_secret'),
    roles: text('roles').array().$type<OperatorRole[]>().notNull().default(sql`'{}'::text[]`),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The last authenticator time step used: a code is never taken twice. */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operators_name_key').on(t.name),
    uniqueIndex('operators_email_key').on(t.email),
    check('operators_name_check', sql`${t.name} ~ '^[a-z0-9][a-z0-9._-]{0,39}$'`),
    check(
      'operators_roles_check',
      sql`${t.roles} <@ array['results','finance','support','content','admin']::text[]`,
    ),
  ],
);

/**
 * A syndicate draw's own entry: quick-picked by the engine when the syndicate's draw closes, from the
 * offer's `syndicate_tickets` (`numGames` system entries covering `numStandardGames` games). Its
 * prize is split among the draw's share tickets by shares.
 */
export const syndicateEntries = pgTable('syndicate_entries', {
  drawId: uuid('draw_id')
    .primaryKey()
    .references(() => draws.id, { onDelete: 'restrict' }),
  gameType: text('game_type').notNull(),
  /** As tickets.games: `{numbers, powerball?}` per game. */
  games: jsonb('games').$type<{ numbers: number[]; powerball?: number[] }[]>().notNull(),
  /** The entry's whole prize once scored and priced (before the split). */
  prizeCents: bigint('prize_cents', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What scoring a draw counted, written in the scoring transaction: `draw:check` proves games sold
 * (counted again from the tickets) equal games scored, and the prizes against the payouts.
 */
export const drawTallies = pgTable('draw_tallies', {
  drawId: uuid('draw_id')
    .primaryKey()
    .references(() => draws.id, { onDelete: 'restrict' }),
  ticketsScored: integer('tickets_scored').notNull(),
  /** Entries scored (a system entry counts once), or raffle numbers sold. */
  gamesScored: integer('games_scored').notNull(),
  winningLines: integer('winning_lines').notNull(),
  prizeCents: bigint('prize_cents', { mode: 'number' }).notNull(),
  scoredAt: timestamp('scored_at', { withTimezone: true }).notNull().defaultNow(),
});
