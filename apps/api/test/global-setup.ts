import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, migrateDatabase, seed } from '@drawhouse/db';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '@drawhouse/db/embedded';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../../scripts/lib.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One throwaway PostgreSQL for the integration run (or DATABASE_URL when set), migrated and seeded once.
 * Tests that change data create their own rows; the seeded catalogue is read-only to them.
 */
export default async function setup(project: TestProject) {
  let database: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'drawhouse-it-'));
    database = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
    url = database.url;
  }
  const teardown = async () => {
    await database?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateDatabase(url);
    const handle = createDb(url);
    await seed(handle.db, { now: new Date() });
    await handle.close();
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('databaseUrl', url);
  return teardown;
}
