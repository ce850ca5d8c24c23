// npm run bench:draw (also part of npm run bench): a Powerball draw of 1,000,000 games stored in
// PostgreSQL (100,000 tickets of 10 games, 1,000 customers) taken through the draw engine: closed,
// results entered by two operators, every game scored, every winner paid through the ledger, the
// draw reconciled (draw:check's proofs). Beside it, in the same run on the same server: a plain
// count over the same tickets, and reading every game of them to the client. Setup is not timed;
// announcing (the outbox's followers: feed rows, mail requested and sent to a null mailer) is timed
// apart. Prints figures; gates
// nothing (target: end to end under 30 s on a 2-core machine).
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, demoAnnouncedPrizes, migrateDatabase, seed } from '@drawhouse/db';
import { startEmbeddedPostgres } from '@drawhouse/db/embedded';
import { formatMoney, randomResult } from '@drawhouse/domain';
import { testConfig } from '../apps/api/src/config.ts';
import { startOutbox } from '../apps/api/src/jobs/index.ts';
import { checkDraw, drawEngineOf } from '../apps/api/src/modules/draws/index.ts';
import { lottoPartyCheckLines } from '../apps/api/src/modules/lotto-party/index.ts';
import { cliActor, createOperator } from '../apps/api/src/modules/operators/index.ts';
import { freePort } from '../scripts/lib.mjs';

const TICKETS = Number(process.env.BENCH_DRAW_TICKETS ?? 100_000);
const GAMES_PER_TICKET = 10;
const CUSTOMERS = 1_000;
const BATCH = 2_000;

function randomGame() {
  const pool = Array.from({ length: 35 }, (_, i) => i + 1);
  for (let i = 0; i < 7; i++) {
    const j = i + randomInt(35 - i);
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return { numbers: pool.slice(0, 7), powerball: [1 + randomInt(20)] };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timed<T>(
  label: string,
  work: () => Promise<T>,
  lines: string[],
): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  lines.push(`  ${label.padEnd(34)} ${seconds(ms)}`);
  return { value, ms };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'drawhouse-draw-bench-'));
const database = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
const handle = createDb(database.url, { max: 4 });
try {
  await migrateDatabase(database.url);
  const { db, pool } = handle;
  await seed(db, { now: new Date() });

  console.log(`Setting up ${TICKETS.toLocaleString('en-AU')} tickets of ${GAMES_PER_TICKET} games ...`);
  const drawNo = 999_000_000 + randomInt(900_000);
  const now = Date.now();
  const draw = (
    await pool.query(
      `insert into draws (product_offer_key, draw_no, type, status, stop_at, draw_at, prize_pool_cents, purchase_status)
       values ('powerball', $1, 'lottery_ticket_draw', 'DRAW_OPEN', $2, $3, 300000000, 'open') returning id`,
      [drawNo, new Date(now + 3_600_000), new Date(now + 7_200_000)],
    )
  ).rows[0] as { id: string };
  const customers = Array.from({ length: CUSTOMERS }, () => randomUUID());
  await pool.query(
    `insert into customers (id, email, password_hash, firstname, lastname, date_of_birth, phone, address, suburb, state, postcode, country)
     select id, id || '@bench.example', 'x', 'Bench', 'Customer', '1990-01-01', '0412345678', '1 George St', 'Sydney', 'NSW', '2000', 'AU'
     from unnest($1::uuid[]) as id`,
    [customers],
  );
  await pool.query(
    `insert into ledger_accounts (kind, customer_id, tracks_totals, debits_must_not_exceed_credits)
     select kind, id, true, true from unnest($1::uuid[]) as id, (values ('wallet'), ('promo')) as k(kind)`,
    [customers],
  );
  const orderIds: string[] = [];
  for (const customerId of customers) {
    const checkoutId = randomUUID();
    await pool.query(
      `insert into checkouts (id, customer_id, cart_id, cart_total_cents, paid_cents) values ($1, $2, $3, 0, 0)`,
      [checkoutId, customerId, randomUUID()],
    );
    const order = await pool.query(
      `insert into orders (checkout_id, customer_id, product_type, product_offer_key, description, unit_price_cents, total_cents, payload)
       values ($1, $2, 'lottery_ticket', 'powerball', 'Powerball', 0, 0, '{"gameType":"standard"}') returning id`,
      [checkoutId, customerId],
    );
    orderIds.push(order.rows[0].id);
  }
  for (let t = 0; t < TICKETS; t += BATCH) {
    const n = Math.min(BATCH, TICKETS - t);
    const owner = Array.from({ length: n }, (_, i) => (t + i) % CUSTOMERS);
    await pool.query(
      `insert into tickets (order_id, customer_id, draw_id, product_offer_key, games)
       select o, c, $3, 'powerball', g from unnest($1::uuid[], $2::uuid[], $4::jsonb[]) as x(o, c, g)`,
      [
        owner.map((i) => orderIds[i]),
        owner.map((i) => customers[i]),
        draw.id,
        owner.map(() => JSON.stringify(Array.from({ length: GAMES_PER_TICKET }, randomGame))),
      ],
    );
  }
  await pool.query('vacuum analyze tickets');
  const config = testConfig();
  const deps = { db, config, webBaseUrl: 'http://shop.test', mailer: { send: async () => {} } };
  const engine = drawEngineOf(deps);
  const operators = await Promise.all(['bench-a', 'bench-b'].map((name) => createOperator(db, name)));
  const result = randomResult('powerball', (min, max) => randomInt(min, max + 1));
  const entry = {
    numbers: result.numbers.Numbers ?? [],
    powerball: result.numbers.Powerball ?? [],
    prizes: demoAnnouncedPrizes('powerball', drawNo),
  };

  const reference: string[] = [];
  const count = await timed(
    "count(*) of the draw's tickets",
    () =>
      pool.query('select count(*), sum(jsonb_array_length(games)) from tickets where draw_id = $1', [
        draw.id,
      ]),
    reference,
  );
  const read = await timed(
    'read every game to the client',
    async () => {
      let after = '00000000-0000-0000-0000-000000000000';
      let rows = 0;
      for (;;) {
        const batch = await pool.query(
          'select id, games from tickets where draw_id = $1 and id > $2 order by id limit 5000',
          [draw.id, after],
        );
        if (batch.rows.length === 0) return rows;
        rows += batch.rows.length;
        after = batch.rows[batch.rows.length - 1].id;
      }
    },
    reference,
  );

  const steps: string[] = [];
  const started = performance.now();
  await timed('close', () => engine.closeEarly('powerball', drawNo), steps);
  await timed(
    'results (two matching entries)',
    async () => {
      for (const made of operators.slice(0, 2)) {
        await engine.results.enter('powerball', drawNo, cliActor(made.operator), entry);
      }
    },
    steps,
  );
  await timed('score 1,000,000 games', () => engine.step(draw.id), steps);
  await timed('pay the winners', () => engine.step(draw.id), steps);
  const check = await timed(
    'reconcile (draw:check)',
    () => checkDraw(db, 'powerball', drawNo, lottoPartyCheckLines),
    steps,
  );
  const total = performance.now() - started;
  const announce: string[] = [];
  await timed(
    'announce (outbox: feed rows, mail to a null mailer)',
    async () => {
      const outbox = await startOutbox(undefined, deps, { info: () => {}, error: console.error });
      await outbox.drain(600_000);
      await outbox.stop();
      await engine.step(draw.id);
    },
    announce,
  );

  const figures = (
    await pool.query(
      `select (select count(*) from ticket_wins where draw_id = $1)::int as lines,
         (select count(*) from ticket_payouts where draw_id = $1)::int as payouts,
         (select coalesce(sum(prize_cents), 0) from ticket_payouts where draw_id = $1 and status = 'paid')::bigint as paid,
         (select status from draws where id = $1) as status`,
      [draw.id],
    )
  ).rows[0];
  const failed = check.value.lines.filter((l) => !l.ok);
  console.log(
    `\nDraw of ${(TICKETS * GAMES_PER_TICKET).toLocaleString('en-AU')} Powerball games in PostgreSQL`,
  );
  console.log(
    `  ${Number(count.value.rows[0].sum).toLocaleString('en-AU')} games, ${figures.lines} winning lines, ${figures.payouts} winning tickets, ${formatMoney(Number(figures.paid))} paid, draw ${figures.status}`,
  );
  console.log('Reference, same tickets, same server:');
  for (const line of reference) console.log(line);
  console.log(`  (${read.value.toLocaleString('en-AU')} tickets read)`);
  console.log('Draw engine:');
  for (const line of steps) console.log(line);
  console.log(`  ${'end to end'.padEnd(34)} ${seconds(total)} (target under 30 s)`);
  console.log(`  ${'that is, x the full read'.padEnd(34)} ${(total / read.ms).toFixed(1)}`);
  for (const line of announce) console.log(line);
  console.log(
    failed.length === 0
      ? 'draw:check: all checks passed'
      : `draw:check FAILED: ${failed.map((l) => l.rule).join('; ')}`,
  );
  if (failed.length > 0) process.exitCode = 1;
} finally {
  await handle.close();
  await database.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
