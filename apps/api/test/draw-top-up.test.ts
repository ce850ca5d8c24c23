import { createDb, draws, gt, migrateDatabase, seed, topUpDraws } from '@drawhouse/db';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './fresh-database';

describe('draw top-up', () => {
  it('adds the draws that a later date needs, once', async () => {
    const url = await freshDatabase('topup');
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
