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
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredGame } from './carts.ts';
import { customers } from './customers.ts';

/** Where a legacy account's move stands: not started (null), running, failed (retryable), done. */
export type LegacyMigrationState = 'in_progress' | 'failed' | 'migrated';

/**
 * An account the customer held at the older shop, keyed to their Drawhouse account. Its balances
 * move into the customer's wallet once (`account migration`); until then `must_migrate_by` (when set
 * and past) blocks spending. `held_reason`: the older shop still holds the account (an open dispute,
 * a pending payout), so a migration attempt fails until it is released.
 */
export const legacyAccounts = pgTable(
  'legacy_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .unique('legacy_accounts_customer_key')
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** The older shop's account number. */
    legacyRef: text('legacy_ref').notNull().unique('legacy_accounts_ref_key'),
    mustMigrateBy: timestamp('must_migrate_by', { withTimezone: true }),
    heldReason: text('held_reason'),
    migrationState: text('migration_state').$type<LegacyMigrationState>(),
    migrationAttempts: integer('migration_attempts').notNull().default(0),
    migrationError: text('migration_error'),
    migrationStartedAt: timestamp('migration_started_at', { withTimezone: true }),
    migratedAt: timestamp('migrated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'legacy_accounts_state_check',
      sql`${t.migrationState} is null or ${t.migrationState} in ('in_progress', 'failed', 'migrated')`,
    ),
    check(
      'legacy_accounts_migrated_check',
      sql`(${t.migrationState} = 'migrated') = (${t.migratedAt} is not null)`,
    ),
  ],
);

/** A legacy account's balance of one kind (`cash` or `promo`), in cents, as the older shop left it. */
export const legacyBalances = pgTable(
  'legacy_balances',
  {
    legacyAccountId: uuid('legacy_account_id')
      .notNull()
      .references(() => legacyAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'cash' | 'promo'>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.legacyAccountId, t.kind] }),
    check('legacy_balances_kind_check', sql`${t.kind} in ('cash', 'promo')`),
    check('legacy_balances_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/** What became of an older shop's ticket when its account moved: entered in the Drawhouse draw, or refunded. */
export type LegacyTicketOutcome = 'entered' | 'refunded';

/**
 * A lottery ticket the older shop sold for a draw still to come, waiting to move with its account:
 * the entry as sold (offer, game type and offer, games, draw number) and the price paid. The move
 * enters it in Drawhouse's draw of that number (`order_id`) or, when that draw no longer takes
 * entries, refunds the price to the wallet.
 */
export const legacyTickets = pgTable(
  'legacy_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    legacyAccountId: uuid('legacy_account_id')
      .notNull()
      .references(() => legacyAccounts.id, { onDelete: 'cascade' }),
    /** The older shop's ticket number. */
    legacyRef: text('legacy_ref').notNull().unique('legacy_tickets_ref_key'),
    productOfferKey: text('product_offer_key').notNull(),
    gameType: text('game_type').notNull(),
    gameOffer: text('game_offer').notNull(),
    games: jsonb('games').$type<StoredGame[]>().notNull(),
    drawNo: integer('draw_no').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    outcome: text('outcome').$type<LegacyTicketOutcome>(),
    orderId: uuid('order_id'),
    movedAt: timestamp('moved_at', { withTimezone: true }),
  },
  (t) => [
    index('legacy_tickets_account_idx').on(t.legacyAccountId),
    check('legacy_tickets_price_check', sql`${t.priceCents} >= 0`),
    check(
      'legacy_tickets_outcome_check',
      sql`${t.outcome} is null or ${t.outcome} in ('entered', 'refunded')`,
    ),
    check('legacy_tickets_entered_check', sql`(${t.outcome} = 'entered') = (${t.orderId} is not null)`),
  ],
);
