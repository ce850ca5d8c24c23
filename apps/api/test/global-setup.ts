import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, migrateDatabase, seed } from '@drawhouse/db';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '@drawhouse/db/embedded';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../../scripts/lib.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One database per Vitest worker: the first migrated and seeded, the others copied from it. */
    databaseUrls: string[];
  }
}

/**
 * One throwaway PostgreSQL for the integration run (or DATABASE_URL when set), migrated and seeded once,
 * then copied for each further Vitest worker, so test files run side by side without sharing rows.
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
  const base = url;
  const urls = workerUrls(
    base,
    Math.max(project.config.maxWorkers ?? project.vitest.config.maxWorkers ?? 1, 1),
  );
  const copies = urls.slice(1);
  const teardown = async () => {
    if (!database) await dropDatabases(base, copies);
    await database?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateDatabase(url);
    const handle = createDb(url);
    await seed(handle.db, { now: new Date() });
    await handle.close();
    await dropDatabases(url, copies);
    // A template copy is a file copy inside PostgreSQL: far quicker than migrating and seeding again.
    // The template may have no connection open meanwhile, so the copies are made from another database.
    const postgres = createDb(withDatabase(url, 'postgres'), { max: 1 });
    try {
      for (const copy of copies) {
        await postgres.pool.query(`create database "${nameOf(copy)}" template "${nameOf(url)}"`);
      }
    } finally {
      await postgres.close();
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('databaseUrls', urls);
  return teardown;
}

const nameOf = (url: string) => new URL(url).pathname.slice(1);

function withDatabase(url: string, name: string): string {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

/** The run's database for the first worker, a copy of it named after each further one. */
function workerUrls(url: string, workers: number): string[] {
  return Array.from({ length: workers }, (_, i) =>
    i === 0 ? url : withDatabase(url, `${nameOf(url)}_worker_${i + 1}`),
  );
}

async function dropDatabases(url: string, copies: string[]) {
  if (copies.length === 0) return;
  const admin = createDb(url, { max: 1 });
  try {
    for (const copy of copies)
      await admin.pool.query(`drop database if exists "${nameOf(copy)}" with (force)`);
  } finally {
    await admin.close();
  }
}
