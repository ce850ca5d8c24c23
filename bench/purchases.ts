// npm run bench:purchases (also the last part of npm run bench): wallet-funded purchases of a one-game
// Powerball entry through the API, many customers at once, beside pgbench's TPC-B on the same
// PostgreSQL server at the same concurrency, in one run. Prints figures; gates nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createDb } from '@drawhouse/db';
import { addGame, type Customer, fundWallets, percentile, purchase, signUp, startShop } from './lib/shop.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_PURCHASE_CLIENTS ?? 16);
const PGBENCH = '/usr/lib/postgresql/15/bin/pgbench';

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

const shop = await startShop();
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
  let failures = 0;
  const buyLoop = async (customer: Customer, until: number, record: boolean) => {
    while (Date.now() < until) {
      const due = await addGame(shop.apiUrl, customer);
      const started = performance.now();
      const res = await purchase(shop.apiUrl, customer, due, randomUUID());
      const took = performance.now() - started;
      if (!record) continue;
      if (res.status === 200 || res.status === 201) latencies.push(took);
      else failures += 1;
    }
  };
  await Promise.all(customers.map((c) => buyLoop(c, Date.now() + 2_000, false)));
  const started = Date.now();
  await Promise.all(customers.map((c) => buyLoop(c, started + DURATION_S * 1000, true)));
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const purchasesPerSecond = latencies.length / seconds;

  console.log(`\n${CLIENTS} clients, ${DURATION_S} s, everything on the same 2 cores\n`);
  console.log(
    `purchases (each after its add-to-cart)  ${purchasesPerSecond.toFixed(0).padStart(6)} /s   p50 ${percentile(latencies, 50).toFixed(1)} ms   p99 ${percentile(latencies, 99).toFixed(1)} ms   failures ${failures}`,
  );
  const bin = ensurePgbench();
  if (!bin) {
    console.log('pgbench is not installed and could not be installed (needs root): reference skipped');
  } else {
    const ref = await pgbench(bin, shop.databaseUrl);
    console.log(
      `pgbench TPC-B (scale 10, prepared)      ${ref.tps.toFixed(0).padStart(6)} tps   latency average ${ref.latencyMs.toFixed(1)} ms`,
    );
    console.log(
      `purchases / pgbench TPS = ${(purchasesPerSecond / ref.tps).toFixed(2)} (target >= 1.0); purchase p99 target <= 150 ms`,
    );
  }
} finally {
  await shop.stop();
}
