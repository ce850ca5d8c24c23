// npm run bench:recurring (also part of npm run bench): 100,000 active Powerball autoplays (one per
// verified customer, each wallet funded through the ledger) bought when a draw opens: the draw before
// it is closed through the draw engine, whose close queues one pg-boss `recurring-buy` job per due
// autoplay, and the jobs' four workers buy them a hundred at a time (lock, limits, wallet, checkout,
// order, ticket, transfer, attempt); timed until the last is bought. BENCH_RECURRING_MODE=inline
// times the engine buying them itself instead (the API's and the CLI's engine). Beside it,
// in the same run on the same server: the same number of plain one-row insert transactions at the
// same concurrency. Then the processor runs again, twice at once, and nothing may be bought twice.
// Setup is not timed. Prints figures; exits 1 when any autoplay is bought twice or not at all
// (target: all bought within 2 minutes on a 2-core machine).
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, migrateDatabase, seed } from '@drawhouse/db';
import { startEmbeddedPostgres } from '@drawhouse/db/embedded';
import PgBoss from 'pg-boss';
import { testConfig } from '../apps/api/src/config.ts';
import { drawFollowUps } from '../apps/api/src/jobs/draw-follow-ups.ts';
import { startOutbox } from '../apps/api/src/jobs/index.ts';
import { recurringQueueOf, startRecurringJobs } from '../apps/api/src/jobs/recurring-jobs.ts';
import { drawEngineOf } from '../apps/api/src/modules/draws/index.ts';
import { ledgerQueries } from '../apps/api/src/modules/ledger/index.ts';
import { createRecurringProcessor } from '../apps/api/src/modules/recurring/recurring.processor.ts';
import { freePort } from '../scripts/lib.mjs';

const AUTOPLAYS = Number(process.env.BENCH_RECURRING ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_RECURRING_CONCURRENCY ?? 4);
const MODE = process.env.BENCH_RECURRING_MODE === 'inline' ? 'inline' : 'jobs';
const PRICE_CENTS = 135;
const BATCH = 5_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const perSecond = (count: number, ms: number) =>
  `${Math.round((count * 1000) / ms).toLocaleString('en-AU')}/s`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'drawhouse-recurring-bench-'));
const database = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
const handle = createDb(database.url, { max: CONCURRENCY + 2 });
try {
  await migrateDatabase(database.url);
  const { db, pool } = handle;
  await seed(db, { now: new Date() });

  console.log(`Setting up ${AUTOPLAYS.toLocaleString('en-AU')} autoplays ...`);
  const now = Date.now();
  // The bench's draws come before every seeded one: its second draw is the one that opens.
  const [current, next] = (
    await pool.query(
      `insert into draws (product_offer_key, draw_no, type, status, stop_at, draw_at, prize_pool_cents, purchase_status)
       values ('powerball', $1, 'lottery_ticket_draw', 'DRAW_OPEN', $2, $3, 300000000, 'open'),
              ('powerball', $1 + 1, 'lottery_ticket_draw', 'DRAW_OPEN', $4, $5, 300000000, 'pre_order')
       returning id, draw_no`,
      [
        990_000_000 + randomInt(900_000),
        new Date(now + 60_000),
        new Date(now + 90_000),
        new Date(now + 3_600_000),
        new Date(now + 3_660_000),
      ],
    )
  ).rows as { id: string; draw_no: number }[];
  if (!current || !next) throw new Error('no draws');
  await pool.query(
    `update draws set status = 'DRAW_CLOSED', closed_at = now()
     where product_offer_key = 'powerball' and status = 'DRAW_OPEN' and id <> all($1::uuid[])`,
    [[current.id, next.id]],
  );
  const clearingId = await ledgerQueries(db).houseAccount('gateway_clearing', 'sandbox');
  const payload = {
    gameType: 'standard',
    gameOffer: 'powerball-standard',
    description: 'Powerball: 1 game',
    purchaseStatus: 'open',
    drawDate: new Date(now + 90_000).toISOString(),
    games: [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [8] }],
    quickpick: false,
    numGames: 1,
    day: null,
    causeKey: null,
  };
  for (let done = 0; done < AUTOPLAYS; done += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, AUTOPLAYS - done) }, () => randomUUID());
    await pool.query(
      `insert into customers (id, email, password_hash, firstname, lastname, date_of_birth, phone, address, suburb, state, postcode, country, verified_at)
       select id, id || '@bench.example', 'x', 'Bench', 'Customer', '1990-01-01', '0412345678', '1 George St', 'Sydney', 'NSW', '2000', 'AU', now()
       from unnest($1::uuid[]) as id`,
      [ids],
    );
    await pool.query(
      `insert into ledger_accounts (kind, customer_id, tracks_totals, debits_must_not_exceed_credits)
       select kind, id, true, true from unnest($1::uuid[]) as id, (values ('wallet'), ('promo')) as k(kind)`,
      [ids],
    );
    await pool.query(
      `insert into ledger_transfers (id, debit_account_id, credit_account_id, amount_cents, flag, code, customer_id, description)
       select gen_random_uuid(), $2, a.id, 10000, 'posted', 'deposit', a.customer_id, 'Bench funds'
       from ledger_accounts a where a.kind = 'wallet' and a.customer_id = any($1::uuid[])`,
      [ids, clearingId],
    );
    await pool.query(
      `insert into recurring_purchases (customer_id, type, product_type, product_offer_key, payload, unit_price_cents)
       select id, 'autoplay', 'lottery_ticket', 'powerball', $2::jsonb, $3 from unnest($1::uuid[]) as id`,
      [ids, JSON.stringify(payload), PRICE_CENTS],
    );
  }
  await pool.query('vacuum analyze');

  // Reference: the same number of one-row insert transactions at the same concurrency.
  await pool.query('create table bench_reference (id uuid primary key, at timestamptz not null)');
  const referenceStarted = performance.now();
  let inserted = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (inserted < AUTOPLAYS) {
        inserted += 1;
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query('insert into bench_reference values ($1, now())', [randomUUID()]);
          await client.query('commit');
        } finally {
          client.release();
        }
      }
    }),
  );
  const referenceMs = performance.now() - referenceStarted;

  const deps = { db, config: testConfig(), webBaseUrl: 'http://shop.test', mailer: { send: async () => {} } };
  const boss = new PgBoss({ connectionString: database.url, max: 2 });
  boss.on('error', (error) => console.error(error));
  await boss.start();
  const recurringQueue = MODE === 'jobs' ? recurringQueueOf(boss) : undefined;
  const engine = { ...drawEngineOf(deps), ...drawFollowUps(deps, { recurringQueue }) };
  if (MODE === 'jobs') await startRecurringJobs(boss, engine, { info: () => {} });
  // The close's followers (recurring purchases made due among them) run on the outbox, as in the jobs.
  const outbox = await startOutbox(
    database.url,
    deps,
    { info: () => {}, error: console.error },
    { recurringQueue },
  );
  const boughtSoFar = async () =>
    Number(
      (
        await pool.query(
          `select count(*) from recurring_purchase_attempts where period_key = $1 and status = 'purchased'`,
          [next.id],
        )
      ).rows[0].count,
    );
  console.log(`Closing draw ${current.draw_no}: draw ${next.draw_no} opens (${MODE}) ...`);
  const started = performance.now();
  await engine.closeEarly('powerball', current.draw_no);
  const queuedMs = performance.now() - started;
  let bought = await boughtSoFar();
  while (bought < AUTOPLAYS && performance.now() - started < 600_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    bought = await boughtSoFar();
  }
  const openMs = performance.now() - started;
  await outbox.drain(600_000);
  await outbox.stop();
  await boss.stop({ graceful: true, timeout: 10_000 });

  // Again, twice at once: nothing more may be bought.
  const again = createRecurringProcessor({ ...deps, now: () => new Date(), concurrency: CONCURRENCY });
  const againStarted = performance.now();
  await Promise.all([again.processDue({ offerKey: 'powerball' }), engine.processRecurring()]);
  const againMs = performance.now() - againStarted;
  const check = (
    await pool.query(
      `select
         (select count(*) from tickets where draw_id = $1::uuid)::int as tickets,
         (select count(*) from (select customer_id from tickets where draw_id = $1::uuid
            group by customer_id having count(*) > 1) twice)::int as twice,
         (select count(*) from recurring_purchase_attempts where period_key = $1::text and status = 'purchased')::int as attempts,
         (select count(*) from ledger_transfers where code = 'purchase')::int as transfers,
         (select coalesce(sum(amount_cents), 0) from ledger_transfers where code = 'purchase')::bigint as paid`,
      [next.id],
    )
  ).rows[0] as { tickets: number; twice: number; attempts: number; transfers: number; paid: string };

  console.log(
    `\nRecurring purchases: ${AUTOPLAYS.toLocaleString('en-AU')} Powerball autoplays, a draw opens`,
  );
  console.log('Reference, same server, same concurrency:');
  console.log(
    `  ${AUTOPLAYS.toLocaleString('en-AU')} one-row insert transactions`.padEnd(44),
    `${seconds(referenceMs)}  ${perSecond(AUTOPLAYS, referenceMs)}`,
  );
  console.log(
    MODE === 'jobs'
      ? `Processor (pg-boss recurring-buy jobs; the close queued them in ${seconds(queuedMs)}):`
      : `Processor (inline, ${CONCURRENCY} at a time):`,
  );
  console.log(
    `  draw opened, every autoplay bought`.padEnd(44),
    `${seconds(openMs)}  ${perSecond(bought, openMs)} (target under 120 s)`,
  );
  console.log(`  ${'that is, x the reference'.padEnd(42)} ${(openMs / referenceMs).toFixed(1)}`);
  console.log(`  ${'run again, twice at once'.padEnd(42)} ${seconds(againMs)}`);
  console.log(
    `  ${check.tickets.toLocaleString('en-AU')} tickets, ${check.attempts.toLocaleString('en-AU')} attempts bought, ${check.transfers.toLocaleString('en-AU')} purchase transfers (${(Number(check.paid) / 100).toLocaleString('en-AU')} dollars), ${check.twice} customers bought twice`,
  );
  const ok =
    check.twice === 0 &&
    check.tickets === AUTOPLAYS &&
    check.attempts === AUTOPLAYS &&
    Number(check.paid) === AUTOPLAYS * PRICE_CENTS;
  console.log(ok ? 'every autoplay bought once' : 'FAILED: an autoplay was bought twice or not at all');
  if (!ok) process.exitCode = 1;
} finally {
  await handle.close();
  await database.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
