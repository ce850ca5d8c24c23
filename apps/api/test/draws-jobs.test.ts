/**
 * The draw engine on its real jobs (pg-boss, a database of its own): results published by the
 * second operator's `draw:results` queue the draw's next step, and the steps chain themselves until
 * the winner is paid and told, within seconds; the top-up job runs when the jobs start.
 */
import {
  createDb,
  draws,
  eq,
  migrateDatabase,
  raffleDrawSeeds,
  raffles,
  seed,
  ticketPayouts,
} from '@drawhouse/db';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { createMailDeps } from '../src/deps.ts';
import { startJobs } from '../src/jobs/index.ts';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { enterPowerball, insertTicket, ownDraw, twoOperators } from './draws-helpers.ts';
import { freshDatabase } from './fresh-database.ts';
import { until } from './wait-until.ts';

describe('the draw jobs', () => {
  it('chain the steps from the results to the announced win', async () => {
    const url = await freshDatabase('jobs');
    await migrateDatabase(url);
    const handle = createDb(url, { max: 4 });
    afterAll(() => handle.close());
    const { db } = handle;
    await seed(db, { now: new Date() });
    // A raffle draw made without a seed: the top-up at the jobs' start gives it one.
    await db.delete(raffleDrawSeeds);
    const config = testConfig();
    const mail = await createMailDeps(config);
    afterAll(() => mail.mailCatcher?.stop());
    const log = { info: () => {}, error: () => {} };
    const jobs = await startJobs(
      url,
      { db, config, webBaseUrl: 'http://shop.test', mailer: mail.mailer },
      log,
    );
    afterAll(() => jobs.stop());

    // One seed for the open draw of each seeded raffle.
    const raffleCount = (await db.select().from(raffles)).length;
    await until(
      'raffle seeds',
      () => db.select().from(raffleDrawSeeds),
      (rows) => rows.length === raffleCount,
    );

    const ops = await twoOperators(db);
    const draw = await ownDraw(db, 'powerball', { stopAt: new Date(Date.now() - 1_000) });
    const { ticket } = await insertTicket(db, draw, [{ numbers: [1, 2, 3, 4, 5, 20, 21], powerball: [9] }]);
    await drawEngineOf({ db, config }).step(draw.id);
    const entry = { numbers: '1,2,3,4,5,6,7', powerball: '9', prizes: '5=150' };
    expect((await enterPowerball(db, draw.drawNo, { ...entry, token: ops.a.token })).code).toBe(0);
    const published = Date.now();
    expect((await enterPowerball(db, draw.drawNo, { ...entry, token: ops.b.token })).code).toBe(0);

    const done = await until(
      'the draw',
      async () => (await db.select().from(draws).where(eq(draws.id, draw.id)))[0]?.status,
      (status) => status === 'DRAW_EMAILED',
    );
    expect(done).toBe('DRAW_EMAILED');
    expect(Date.now() - published).toBeLessThan(15_000);
    const [payout] = await db.select().from(ticketPayouts).where(eq(ticketPayouts.ticketId, ticket.id));
    expect(payout).toMatchObject({ prizeCents: 15_000, status: 'paid' });
    expect(payout?.notifiedAt).not.toBeNull();
  });
});
