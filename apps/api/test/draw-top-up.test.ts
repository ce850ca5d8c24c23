import { randomBytes } from 'node:crypto';
import { createDb, draws, gt, migrateDatabase, seed, topUpDraws } from '@drawhouse/db';
import { afterAll, describe, expect, inject, it } from 'vitest';

/** A database of its own: this test moves time forward, which the shared seeded catalogue must not see. */
async function freshDatabase(): Promise<string> {
  const url = new URL(inject('databaseUrl'));
  const name = `drawhouse_topup_${randomBytes(4).toString('hex')}`;
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

describe('draw top-up', () => {
  it('adds the draws that a later date needs, once', async () => {
    const url = await freshDatabase();
    await migrateDatabase(url);
    const handle = createDb(url, { max: 2 });
    afterAll(() => handle.close());
    const start = new Date();
    await seed(handle.db, { now: start });

    const later = new Date(start.getTime() + 21 * 24 * 60 * 60 * 1000);
    const ahead = async () =>
      (await handle.db.select({ id: draws.id }).from(draws).where(gt(draws.drawAt, later))).length;
    const before = await ahead();
    const created = await topUpDraws(handle.db, later);
    expect(created).toBeGreaterThan(0);
    expect(await ahead()).toBe(before + created);
    expect(await topUpDraws(handle.db, later)).toBe(0);
  });
});
