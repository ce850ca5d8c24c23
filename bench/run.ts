// npm run bench: catalogue reads beside a bare node:http server sending the same bytes, SSR home page
// throughput and latency beside a bare node:http server sending the home page's HTML, and the home
// page's first-load JavaScript. The web app and the API run as production runs them: the storefront's
// production build (built first; BENCH_SKIP_BUILD=1 uses the one there), NODE_ENV=production for
// both, secrets generated for the run. Prints figures beside their reference and target; gates nothing.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { freePort } from '../scripts/lib.mjs';
import { generatedSecret, productionApiEnv } from './lib/production-env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);

const TARGETS = { catalogueRatio: 0.8, homeRatio: 0.2, homeP99Ms: 50, homeJsKb: 120 };

/** Sends one file's bytes with one content type to every request: the reference each figure is set beside. */
const BARE_SERVER = `
const { readFileSync } = require('node:fs');
const bytes = readFileSync(process.argv[1]);
const type = process.argv[3];
require('node:http')
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
    res.end(bytes);
  })
  .listen(Number(process.argv[2]), '127.0.0.1');
`;

type Figures = { rps: number; p50: number; p99: number; errors: number };

/** Requests, errors and every response time (ms) of one stretch of load. */
type Slice = { requests: number; errors: number; seconds: number; latencies: number[] };

function slice(url: string, seconds: number, headers: Record<string, string> = {}): Promise<Slice> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (error, r) => {
      if (error) return reject(error);
      resolve({ requests: r.requests.total, errors: r.errors + r.non2xx, seconds: r.duration, latencies });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

function figures(slices: Slice[]): Figures {
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const requests = slices.reduce((n, s) => n + s.requests, 0);
  const seconds = slices.reduce((n, s) => n + s.seconds, 0);
  return {
    rps: Math.round(requests / seconds),
    p50: at(0.5),
    p99: at(0.99),
    errors: slices.reduce((n, s) => n + s.errors, 0),
  };
}

/**
 * The reference and the target under the same load, in alternating stretches (ROUNDS of each,
 * DURATION seconds in all for each), so that other work on a shared machine weighs on both alike.
 */
async function compare(
  reference: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ reference: Figures; target: Figures }> {
  const seconds = Math.max(1, DURATION / ROUNDS);
  await slice(target, Math.min(3, seconds), headers); // warm-up: fills caches and JIT
  await slice(reference, Math.min(3, seconds));
  const ref: Slice[] = [];
  const got: Slice[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    ref.push(await slice(reference, seconds));
    got.push(await slice(target, seconds, headers));
  }
  return { reference: figures(ref), target: figures(got) };
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

/** A bare node:http server in a process of its own (as the API and the shop are), serving `bytes`. */
async function bareServer(
  bytes: Uint8Array,
  type: string,
  name: string,
): Promise<{ url: string; stop(): void }> {
  const file = path.join(dataDir, name);
  writeFileSync(file, bytes);
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BARE_SERVER, file, String(port), type], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url);
  return { url, stop: () => child.kill() };
}

if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('Building the storefront (production build) ...');
  const built = spawnSync('npm', ['run', 'build', '--silent', '-w', '@drawhouse/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('The storefront build failed.');
}

const [webPort, apiPort, pgPort, smtpPort, stripePort] = await Promise.all([
  freePort(),
  freePort(),
  freePort(),
  freePort(),
  freePort(),
]);
const dataDir = mkdtempSync(path.join(tmpdir(), 'drawhouse-bench-'));
const secret = generatedSecret;
const { DEV_MAILBOX: _mailbox, CHECK_API_ANSWERS: _check, ...inherited } = process.env;
const stack: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...inherited,
    PORT: String(webPort),
    API_PORT: String(apiPort),
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    DATA_PERSISTENT: 'false',
    SERVE_QUIET: '1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    SESSION_SECRET: secret(),
    WEB_APP_SECRET: secret(),
    DRAWS_DEMO: '0',
    // Nothing is mailed or charged during the run: mail and Stripe point at closed local ports.
    ...productionApiEnv({ smtp: smtpPort, stripe: stripePort }),
  },
});

try {
  const api = `http://127.0.0.1:${apiPort}`;
  const web = `http://127.0.0.1:${webPort}`;
  await waitFor(`${api}/healthz`);
  await waitFor(`${web}/blank.html`);

  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s for each figure in ${ROUNDS} stretches alternating with its reference, load generator on the same 2 cores\n`,
  );

  const catalogueUrl = `${api}/v2/pricing/default/product_offers`;
  const headers = { 'x-api-version': '3.9' };
  const catalogueBytes = Buffer.from(await (await fetch(catalogueUrl, { headers })).arrayBuffer());
  const bareCatalogue = await bareServer(catalogueBytes, 'application/json; charset=utf-8', 'catalogue.json');
  const catalogue = await compare(bareCatalogue.url, catalogueUrl, headers);
  bareCatalogue.stop();
  console.log(row(`bare node:http, same ${catalogueBytes.length} bytes`, catalogue.reference));
  console.log(row('GET /v2/pricing/default/product_offers', catalogue.target));
  console.log(
    `catalogue / bare = ${(catalogue.target.rps / catalogue.reference.rps).toFixed(2)} (target >= ${TARGETS.catalogueRatio})\n`,
  );

  // The home page as the bench's requests get it (no cookies, no compression).
  const html = await (await fetch(`${web}/`, { headers: { 'accept-encoding': 'identity' } })).text();
  const htmlBytes = Buffer.from(html);
  const bareHome = await bareServer(htmlBytes, 'text/html; charset=utf-8', 'home.html');
  const home = await compare(bareHome.url, `${web}/`);
  bareHome.stop();
  console.log(row(`bare node:http, home's ${htmlBytes.length} bytes`, home.reference));
  console.log(row('SSR GET / (home)', home.target));
  console.log(
    `home / bare = ${(home.target.rps / home.reference.rps).toFixed(3)} (target >= ${TARGETS.homeRatio}), p99 ${home.target.p99} ms (target <= ${TARGETS.homeP99Ms} ms)\n`,
  );

  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let gzipBytes = 0;
  for (const src of new Set(scripts)) {
    const body = Buffer.from(await (await fetch(`${web}${src}`)).arrayBuffer());
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  console.log(
    `home first-load JS: ${(gzipBytes / 1024).toFixed(1)} KB gzip in ${new Set(scripts).size} files (target <= ${TARGETS.homeJsKb} KB)`,
  );
} finally {
  stack.kill('SIGTERM');
  await new Promise((r) => stack.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
