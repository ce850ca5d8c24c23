import { describe, expect, it } from 'vitest';
import {
  accountUpgradeRequired,
  type LegacyAccountState,
  migrationBlocksMoney,
  migrationDismissible,
  migrationPromptShown,
  migrationStatus,
} from './account-migration.ts';

const now = new Date('2026-11-28T10:00:00Z');
const past = new Date('2026-11-01T00:00:00Z');
const future = new Date('2026-12-31T00:00:00Z');
const legacy = (over: Partial<LegacyAccountState> = {}): LegacyAccountState => ({
  mustMigrateBy: null,
  migrationState: null,
  ...over,
});

describe('migrationStatus', () => {
  it('is ineligible without an older account', () => {
    expect(migrationStatus(undefined, now)).toBe('ineligible');
  });

  it('is soft before the deadline (or without one) and hard from it', () => {
    expect(migrationStatus(legacy(), now)).toBe('eligible_soft');
    expect(migrationStatus(legacy({ mustMigrateBy: future }), now)).toBe('eligible_soft');
    expect(migrationStatus(legacy({ mustMigrateBy: past }), now)).toBe('eligible_hard');
    expect(migrationStatus(legacy({ mustMigrateBy: now }), now)).toBe('eligible_hard');
  });

  it('follows a started move, and a failed one is eligible again (retry)', () => {
    expect(migrationStatus(legacy({ migrationState: 'in_progress', mustMigrateBy: past }), now)).toBe(
      'in_progress',
    );
    expect(migrationStatus(legacy({ migrationState: 'migrated', mustMigrateBy: past }), now)).toBe(
      'migrated',
    );
    expect(migrationStatus(legacy({ migrationState: 'failed' }), now)).toBe('eligible_soft');
    expect(migrationStatus(legacy({ migrationState: 'failed', mustMigrateBy: past }), now)).toBe(
      'eligible_hard',
    );
  });
});

describe('migrationBlocksMoney', () => {
  it('blocks only an unmigrated account past its deadline', () => {
    expect(migrationBlocksMoney(undefined, now)).toBe(false);
    expect(migrationBlocksMoney(legacy(), now)).toBe(false);
    expect(migrationBlocksMoney(legacy({ mustMigrateBy: future }), now)).toBe(false);
    expect(migrationBlocksMoney(legacy({ mustMigrateBy: past }), now)).toBe(true);
    expect(migrationBlocksMoney(legacy({ mustMigrateBy: past, migrationState: 'in_progress' }), now)).toBe(
      true,
    );
    expect(migrationBlocksMoney(legacy({ mustMigrateBy: past, migrationState: 'failed' }), now)).toBe(true);
    expect(migrationBlocksMoney(legacy({ mustMigrateBy: past, migrationState: 'migrated' }), now)).toBe(
      false,
    );
  });
});

describe('the prompt', () => {
  it('opens for eligible customers with the capability, a dismissal only holding off the soft one', () => {
    const shown = (
      status: Parameters<typeof migrationPromptShown>[0]['status'],
      dismissed = false,
      capabilityOn = true,
    ) => migrationPromptShown({ capabilityOn, status, dismissed });
    expect(shown('eligible_soft')).toBe(true);
    expect(shown('eligible_soft', true)).toBe(false);
    expect(shown('eligible_hard', true)).toBe(true);
    expect(shown('eligible_hard', false, false)).toBe(false);
    expect(shown('ineligible')).toBe(false);
    expect(shown('in_progress')).toBe(false);
    expect(shown('migrated')).toBe(false);
    expect(shown(undefined)).toBe(false);
  });

  it('can be dismissed only when migrating is optional', () => {
    expect(migrationDismissible('eligible_soft')).toBe(true);
    expect(migrationDismissible('eligible_hard')).toBe(false);
  });
});

describe('accountUpgradeRequired', () => {
  it('asks a migrated customer to upgrade until they have done so since', () => {
    expect(accountUpgradeRequired({ migratedAt: null, upgradedAt: null })).toBe(false);
    expect(accountUpgradeRequired({ migratedAt: past, upgradedAt: null })).toBe(true);
    expect(accountUpgradeRequired({ migratedAt: now, upgradedAt: past })).toBe(true);
    expect(accountUpgradeRequired({ migratedAt: past, upgradedAt: now })).toBe(false);
  });
});
