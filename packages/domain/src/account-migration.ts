/**
 * Moving an account of the older shop into Drawhouse: where a customer stands (the overview's
 * `migrationStatus`), whether the older account blocks money moving, and whether the customer must
 * upgrade the account (confirm the details Drawhouse needs) before going on.
 */

export const MIGRATION_STATUSES = [
  'ineligible',
  'eligible_soft',
  'eligible_hard',
  'in_progress',
  'migrated',
] as const;
export type MigrationStatus = (typeof MIGRATION_STATUSES)[number];

/** The older shop's account as Drawhouse keeps it (none: the customer never had one). */
export type LegacyAccountState = {
  /** Past this moment the customer must migrate before spending; null: whenever they like. */
  mustMigrateBy: Date | null;
  /** null: never started; `failed`: the last attempt failed and may be retried. */
  migrationState: 'in_progress' | 'failed' | 'migrated' | null;
};

/** Poll of a started migration: every 3 s, at most 5 tries, then the failure step. */
export const MIGRATION_POLL_MS = 3000;
export const MIGRATION_POLL_TRIES = 5;
/** A customer who dismisses the (soft) migration prompt is not asked again for 7 days. */
export const MIGRATION_DISMISSED_DAYS = 7;
export const MIGRATION_DISMISSED_COOKIE = 'migration_dismissed';

function mustMigrateNow(legacy: LegacyAccountState, now: Date): boolean {
  return legacy.mustMigrateBy !== null && legacy.mustMigrateBy.getTime() <= now.getTime();
}

export function migrationStatus(legacy: LegacyAccountState | undefined, now: Date): MigrationStatus {
  if (!legacy) return 'ineligible';
  if (legacy.migrationState === 'migrated') return 'migrated';
  if (legacy.migrationState === 'in_progress') return 'in_progress';
  return mustMigrateNow(legacy, now) ? 'eligible_hard' : 'eligible_soft';
}

/**
 * An older account past its deadline blocks purchases, deposits and withdrawals until its move is
 * done (while it runs, and after a failed attempt, too).
 */
export function migrationBlocksMoney(legacy: LegacyAccountState | undefined, now: Date): boolean {
  return legacy !== undefined && legacy.migrationState !== 'migrated' && mustMigrateNow(legacy, now);
}

/** The prompt may be closed only while migrating is the customer's choice. */
export function migrationDismissible(status: MigrationStatus): boolean {
  return status === 'eligible_soft';
}

/** The modal opens by itself for a signed-in customer when these hold. */
export function migrationPromptShown(input: {
  capabilityOn: boolean;
  status: MigrationStatus | undefined;
  dismissed: boolean;
}): boolean {
  if (!input.capabilityOn || !input.status) return false;
  if (input.status === 'eligible_hard') return true;
  return input.status === 'eligible_soft' && !input.dismissed;
}

/**
 * A customer must upgrade the account (the overview's `accountUpgrade`) when an older account moved
 * in after their last upgrade: the older shop kept no verified date of birth or address, so the
 * customer confirms them, and accepts Drawhouse's terms, before going on.
 */
export function accountUpgradeRequired(input: { migratedAt: Date | null; upgradedAt: Date | null }): boolean {
  if (input.migratedAt === null) return false;
  return input.upgradedAt === null || input.upgradedAt.getTime() < input.migratedAt.getTime();
}
