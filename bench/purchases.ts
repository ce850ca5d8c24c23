// npm run bench:purchases (also part of npm run bench): wallet-funded purchases of a one-game Powerball
// entry through the API run as production runs it, many customers at once, each after its add-to-cart,
// beside pgbench's TPC-B on the same PostgreSQL server at the same concurrency, in one run. Prints
// purchases/s, p50 and p99, the statements each purchase and each add-to-cart sent (the API counts
// them per request) and all the database ran per purchase (pg_stat_statements: the add, the purchase
// and the receipt's delivery), each beside its target. Prints figures; gates nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createDb } from '@drawhouse/db';
import { DIAGNOSE, printTopStatements } from './lib/diagnose.ts';
import {
  addGameCounted,
  type Customer,
  fundWallets,
  percentile,
  purchase,
  signUp,
  startShop,
} from './lib/shop.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_PURCHASE_CLIENTS ?? 16);
const PGBENCH = '/usr/lib/postgresql/15/bin/pgbench';
const TARGETS = { ratio: 0.5, p99Ms: 150, perPurchase: 6, perAdd: 4 };

/** pgbench comes with Debian's postgresql-15 package: installed when missing (as root), like Chromium. */
function ensurePgbench(): string | undefined {
  if (existsSync(PGBENCH)) return PGBENCH;
  if (process.getuid?.() === 0) {
    console.log('Installing postgresql-15 for pgbench ...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql-15'], {
      stdio: 'inherit',
      env,
    });
  }
  return existsSync(PGBENCH) ? PGBENCH : undefined;
}

async function pgbench(bin: string, databaseUrl: string): Promise<{ tps: number; latencyMs: number }> {
  const admin = createDb(databaseUrl, { max: 1 });
  await admin.pool.query('create database pgbench');
  await admin.close();
  const url = new URL(databaseUrl);
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password) };
  const common = ['-h', url.hostname, '-p', url.port, '-U', decodeURIComponent(url.username)];
  execFileSync(bin, [...common, '-i', '-q', '-s', '10', 'pgbench'], { env, stdio: 'ignore' });
  const out = execFileSync(
    bin,
    [...common, '-c', String(CLIENTS), '-j', '2', '-T', String(DURATION_S), '-M', 'prepared', 'pgbench'],
    { env, encoding: 'utf8' },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
  const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? 0);
  return { tps, latencyMs };
}

const shop = await startShop({ countStatements: true, statStatements: true });
try {
  await shop.startApi();
  const customers: Customer[] = [];
  for (let i = 0; i < CLIENTS; i += 4) {
    customers.push(
      ...(await Promise.all(Array.from({ length: Math.min(4, CLIENTS - i) }, () => signUp(shop.apiUrl)))),
    );
  }
  await fundWallets(
    shop.databaseUrl,
    customers.map((c) => c.id),
    100_000_000,
  );

  const latencies: number[] = [];
  const serverMs: number[] = [];
  const statements = { adds: 0, addStatements: 0, purchases: 0, purchaseStatements: 0 };
  let failures = 0;
  const buyLoop = async (customer: Customer, until: number, record: boolean) => {
    while (Date.now() < until) {
      const added = await addGameCounted(shop.apiUrl, customer);
      const started = performance.now();
      const res = await purchase(shop.apiUrl, customer, added.due, randomUUID());
      const took = performance.now() - started;
      if (!record) continue;
      if (res.status === 200 || res.status === 201) latencies.push(took);
      if (res.serverMs !== undefined) serverMs.push(res.serverMs);
      else failures += 1;
      statements.adds += 1;
      statements.addStatements += added.statements ?? Number.NaN;
      statements.purchases += 1;
      statements.purchaseStatements += res.statements ?? Number.NaN;
    }
  };
  await Promise.all(customers.map((c) => buyLoop(c, Date.now() + 2_000, false)));
  const stats = createDb(shop.databaseUrl, { max: 2 });
  await stats.pool.query('select pg_stat_statements_reset()');
  const started = Date.now();
  const cpuBefore = shop.apiCpuMs();
  const waits = new Map<string, number>();
  let sampling = DIAGNOSE;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await stats.pool.query<{ wait: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'running') as wait from pg_stat_activity
         where state = 'active' and pid <> pg_backend_pid() and datname = current_database()`,
      );
      for (const r of rows) waits.set(r.wait, (waits.get(r.wait) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  await Promise.all(customers.map((c) => buyLoop(c, started + DURATION_S * 1000, true)));
  sampling = false;
  const cpuAfter = shop.apiCpuMs();
  await sampler;
  const seconds = (Date.now() - started) / 1000;
  const ran = await stats.pool.query<{ calls: string }>(
    `select coalesce(sum(calls), 0)::text as calls from pg_stat_statements
     where dbid = (select oid from pg_database where datname = current_database())`,
  );
  if (DIAGNOSE) {
    serverMs.sort((a, b) => a - b);
    console.log(
      `purchase time in the API: p50 ${percentile(serverMs, 50).toFixed(1)} ms, p99 ${percentile(serverMs, 99).toFixed(1)} ms`,
    );
    if (cpuBefore !== undefined && cpuAfter !== undefined) {
      const perPurchase = (cpuAfter - cpuBefore) / statements.purchases;
      console.log(
        `API CPU: ${perPurchase.toFixed(1)} ms per purchase with its add-to-cart, ${((100 * (cpuAfter - cpuBefore)) / (Date.now() - started)).toFixed(0)}% of a core`,
      );
    }
    const sampled = [...waits].sort((a, b) => b[1] - a[1]);
    console.log(`active sessions sampled: ${sampled.map(([w, n]) => `${w} ${n}`).join(', ')}`);
    await printTopStatements(stats.pool);
  }
  await stats.close();
  latencies.sort((a, b) => a - b);
  const purchasesPerSecond = latencies.length / seconds;
  const p99 = percentile(latencies, 99);
  const perPurchase = statements.purchaseStatements / statements.purchases;
  const perAdd = statements.addStatements / statements.adds;
  const allPerPurchase = Number(ran.rows[0]?.calls ?? 0) / statements.purchases;
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');

  console.log(`\n${CLIENTS} clients, ${DURATION_S} s, everything on the same 2 cores\n`);
  console.log(
    `purchases (each after its add-to-cart)  ${purchasesPerSecond.toFixed(0).padStart(6)} /s   p50 ${percentile(latencies, 50).toFixed(1)} ms   p99 ${p99.toFixed(1)} ms   failures ${failures}`,
  );
  console.log(
    `statements per purchase ${perPurchase.toFixed(1)} (target <= ${TARGETS.perPurchase}: ${mark(perPurchase <= TARGETS.perPurchase)}), per add-to-cart ${perAdd.toFixed(1)} (target <= ${TARGETS.perAdd}: ${mark(perAdd <= TARGETS.perAdd)})`,
  );
  console.log(
    `statements the database ran per purchase, its add-to-cart, the receipt's delivery and background jobs included: ${allPerPurchase.toFixed(1)}`,
  );
  console.log(
    `purchase p99 ${p99.toFixed(1)} ms (target <= ${TARGETS.p99Ms} ms: ${mark(p99 <= TARGETS.p99Ms)})`,
  );
  const bin = ensurePgbench();
  if (!bin) {
    console.log('pgbench is not installed and could not be installed (needs root): reference skipped');
  } else {
    const ref = await pgbench(bin, shop.databaseUrl);
    const ratio = purchasesPerSecond / ref.tps;
    console.log(
      `pgbench TPC-B (scale 10, prepared)      ${ref.tps.toFixed(0).padStart(6)} tps   latency average ${ref.latencyMs.toFixed(1)} ms`,
    );
    console.log(
      `purchases / pgbench TPS = ${ratio.toFixed(2)} (target >= ${TARGETS.ratio}: ${mark(ratio >= TARGETS.ratio)})`,
    );
  }
} finally {
  await shop.stop();
}
