/**
 * Recurring purchases on their real jobs (pg-boss, a database of its own): a draw closing queues one
 * `recurring-buy` job per due autoplay for the draw that opens, the workers (four, a hundred jobs at a
 * time) buy each once, and queuing the due list again, the sweep or an inline pass buys nothing more.
 */
import { createDb, draws, eq, migrateDatabase, recurringPurchases, seed, sql, tickets } from '@drawhouse/db';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { createMailDeps } from '../src/deps.ts';
import { drawFollowUps } from '../src/jobs/draw-follow-ups.ts';
import { startJobs } from '../src/jobs/index.ts';
import { RECURRING_BUY_JOB, recurringQueueOf } from '../src/jobs/recurring-jobs.ts';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { lotteryPayload } from './cart-helpers.ts';
import { balancesOf, fundWallet } from './checkout-helpers.ts';
import { insertCustomer } from './customer-rows.ts';
import { ownDrawPairs } from './draws-helpers.ts';
import { freshDatabase } from './fresh-database.ts';
import { until } from './wait-until.ts';
import { markVerified } from './wallet-helpers.ts';

const PRICE = 135;
const CUSTOMERS = 30;

describe('the recurring-buy jobs', () => {
  it('buy each due autoplay once for the draw that opens, however often the list is queued', async () => {
    const url = await freshDatabase('recurring_jobs');
    await migrateDatabase(url);
    const handle = createDb(url, { max: 6 });
    afterAll(() => handle.close());
    const { db } = handle;
    await seed(db, { now: new Date() });
    const config = testConfig();
    const mail = await createMailDeps(config);
    afterAll(() => mail.mailCatcher?.stop());
    const deps = {
      db,
      config,
      webBaseUrl: 'http://shop.test',
      mailer: mail.mailer,
    };

    const { current, next } = await ownDrawPairs(db).twoDraws();
    const customers: string[] = [];
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const id = await insertCustomer(db);
      await markVerified(db, id);
      await fundWallet(db, id, 1_000);
      customers.push(id);
    }
    // Started for the draw on sale already: the draw that opens next is due.
    await db.insert(recurringPurchases).values(
      customers.map((customerId) => ({
        customerId,
        type: 'autoplay' as const,
        productType: 'lottery_ticket' as const,
        productOfferKey: 'powerball',
        payload: lotteryPayload(),
        unitPriceCents: PRICE,
      })),
    );
    const jobs = await startJobs(url, deps, { info: () => {}, error: () => {} });
    afterAll(() => jobs.stop());
    const engine = {
      ...drawEngineOf(deps),
      ...drawFollowUps(deps, { recurringQueue: recurringQueueOf(jobs.boss) }),
    };
    await db
      .update(draws)
      .set({ stopAt: new Date(Date.now() - 1_000) })
      .where(eq(draws.id, current.id));

    const jobRows = async () =>
      (
        await db.execute(
          sql`select state, count(*)::int as n from pgboss.job where name = ${RECURRING_BUY_JOB} group by state`,
        )
      ).rows as { state: string; n: number }[];
    const jobCount = async () => (await jobRows()).reduce((sum, r) => sum + r.n, 0);

    // The close's follower queues one job per autoplay (ids from the purchase, the draw and the last attempt).
    expect(await engine.step(current.id)).toMatchObject({ moved: true });
    await jobs.outbox.drain();
    expect(await jobCount()).toBe(CUSTOMERS);
    // Queued again while the workers buy: no job twice.
    await Promise.all([engine.recurringDue(), engine.recurringDue()]);
    expect(await jobCount()).toBe(CUSTOMERS);

    const ticketsInNext = () => db.select().from(tickets).where(eq(tickets.drawId, next.id));
    await until('tickets bought', ticketsInNext, (rows) => rows.length >= CUSTOMERS);
    await until('jobs worked', jobRows, (rows) => rows.every((r) => r.state === 'completed'));
    // The sweep after the workers: every autoplay is decided for the draw, nothing more is queued,
    // and an inline pass finds nothing to buy.
    await engine.recurringDue();
    expect(await jobCount()).toBe(CUSTOMERS);
    expect((await engine.processRecurring()).purchased).toBe(0);

    const bought = await ticketsInNext();
    expect(bought).toHaveLength(CUSTOMERS);
    expect(new Set(bought.map((t) => t.customerId))).toEqual(new Set(customers));
    for (const id of customers) expect((await balancesOf(db, id)).wallet).toBe(1_000 - PRICE);
  });
});
