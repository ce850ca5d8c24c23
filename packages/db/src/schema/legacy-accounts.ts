import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
