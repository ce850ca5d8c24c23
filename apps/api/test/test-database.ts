import { inject } from 'vitest';

/**
 * This worker's database. Each Vitest worker has its own copy of the migrated and seeded database
 * (global-setup.ts), so test files running side by side never see each other's rows; within a
 * worker, files run one after another as they always did.
 */
export function testDatabaseUrl(): string {
  const urls = inject('databaseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(worker - 1) % urls.length];
  if (!url) throw new Error('The integration run has no database.');
  return url;
}
