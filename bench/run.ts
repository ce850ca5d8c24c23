// npm run bench: catalogue reads beside a bare node:http server sending the same bytes, SSR home page
// throughput and latency, and the home page's first-load JavaScript. Prints figures; gates nothing.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { freePort } from '../scripts/lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const BARE_SERVER = `
const { readFileSync } = require('node:fs');
const bytes = readFileSync(process.argv[1]);
require('node:http')
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
    res.end(bytes);
  })
  .listen(Number(process.argv[2]), '127.0.0.1');
`;

type Figures = { rps: number; p50: number; p99: number; errors: number };

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

function row(name: string, f: Figures) {
  return `${name.padEnd(44)} ${String(f.rps).padStart(8)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   errors ${f.errors}`;
}

const [webPort, apiPort, pgPort, barePort] = await Promise.all([
  freePort(),
  freePort(),
  freePort(),
  freePort(),
]);
const dataDir = mkdtempSync(path.join(tmpdir(), 'drawhouse-bench-'));
const stack: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(webPort),
    API_PORT: String(apiPort),
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    DATA_PERSISTENT: 'false',
    SERVE_QUIET: '1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
  },
});

try {
  const api = `http://127.0.0.1:${apiPort}`;
  const web = `http://127.0.0.1:${webPort}`;
  await waitFor(`${api}/healthz`);
  await waitFor(`${web}/blank.html`);

  const catalogueUrl = `${api}/v2/pricing/default/product_offers`;
  const headers = { 'x-api-version': '3.9' };
  const sample = await fetch(catalogueUrl, { headers });
  const bytes = Buffer.from(await sample.arrayBuffer());
  // The reference runs in a process of its own, as the API does, so neither shares a thread with the
  // load generator.
  const bodyFile = path.join(dataDir, 'catalogue.json');
  writeFileSync(bodyFile, bytes);
  const bare = spawn(process.execPath, ['-e', BARE_SERVER, bodyFile, String(barePort)], { stdio: 'inherit' });
  await waitFor(`http://127.0.0.1:${barePort}/`);

  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, load generator on the same 2 cores\n`);
  await load(catalogueUrl, headers); // warm-up: fills the cache and JIT
  const bareFigures = await load(`http://127.0.0.1:${barePort}/`);
  const catalogue = await load(catalogueUrl, headers);
  console.log(row(`bare node:http, same ${bytes.length} bytes`, bareFigures));
  console.log(row('GET /v2/pricing/default/product_offers', catalogue));
  console.log(`catalogue / bare = ${(catalogue.rps / bareFigures.rps).toFixed(2)} (target >= 0.5)`);
  bare.kill();

  await load(`${web}/`);
  const home = await load(`${web}/`);
  console.log(row('SSR GET / (home)', home));
  console.log(`home SSR target: >= 600 req/s with p99 <= 100 ms`);

  const html = await (await fetch(`${web}/`)).text();
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let gzipBytes = 0;
  for (const src of new Set(scripts)) {
    const body = Buffer.from(await (await fetch(`${web}${src}`)).arrayBuffer());
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  console.log(
    `home first-load JS: ${(gzipBytes / 1024).toFixed(1)} KB gzip in ${new Set(scripts).size} files (target <= 140 KB)`,
  );
} finally {
  stack.kill('SIGTERM');
  await new Promise((r) => stack.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
