import { randomBytes } from 'node:crypto';
import { createDb } from '@drawhouse/db';
import { afterAll } from 'vitest';
import { testDatabaseUrl } from './test-database.ts';

/**
 * A database of its own, dropped after the file's tests: for tests that change what the shared
 * seeded catalogue must keep (moving time forward, rewriting seeded content).
 */
export async function freshDatabase(prefix: string): Promise<string> {
  const url = new URL(testDatabaseUrl());
  const name = `drawhouse_${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = createDb(url.toString(), { max: 1 });
  await admin.pool.query(`create database ${name}`);
  await admin.close();
  afterAll(async () => {
    const cleanup = createDb(url.toString(), { max: 1 });
    await cleanup.pool.query(`drop database if exists ${name} with (force)`);
    await cleanup.close();
  });
  url.pathname = `/${name}`;
  return url.toString();
}
