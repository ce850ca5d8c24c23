/**
 * A throwaway Drawhouse API for load and crash runs: an embedded PostgreSQL (migrated and seeded),
 * the API as a child process run as production runs it (NODE_ENV=production, secrets generated for
 * the run, mail to a local SMTP sink, the Stripe gateway pointed at a closed local port) that can be
 * killed and started again, and a client that signs requests as the storefront does, signs customers
 * up and buys one-game Powerball entries from their wallets.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, migrateDatabase, seed, WEB_APP_KEY } from '@drawhouse/db';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '@drawhouse/db/embedded';
import { SMTPServer } from 'smtp-server';
import { ledgerQueries } from '../../apps/api/src/modules/ledger/index.ts';
import { freePort } from '../../scripts/lib.mjs';
import { generatedSecret, productionApiEnv } from './production-env.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The storefront's app secret for this run (a production API refuses the development one). */
const SECRET = generatedSecret();

export type Shop = {
  databaseUrl: string;
  pgPort: number;
  apiUrl: string;
  startApi: () => Promise<void>;
  /** CPU milliseconds the API process has used so far (user and system), where /proc tells. */
  apiCpuMs: () => number | undefined;
  /** Kills the API with a signal (SIGKILL for a crash) and waits for it to be gone. */
  killApi: (signal?: NodeJS.Signals) => Promise<void>;
  stop: () => Promise<void>;
};

/** An SMTP server on loopback that takes every message and keeps none: where the API's mail goes. */
async function startMailSink(): Promise<{ port: number; stop: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ShopOptions = {
  apiEnv?: Record<string, string>;
  /** Every answer says how many statements its request sent (`x-db-statements`). */
  countStatements?: boolean;
  /** The database preloads pg_stat_statements (`statementsRun` then reads it). */
  statStatements?: boolean;
};

export async function startShop(options: ShopOptions = {}): Promise<Shop> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'drawhouse-load-'));
  const pgPort = await freePort();
  const apiPort = await freePort();
  const database: EmbeddedDatabase = await startEmbeddedPostgres({
    dataDir,
    port: pgPort,
    persistent: false,
    postgresFlags: options.statStatements ? ['-c', 'shared_preload_libraries=pg_stat_statements'] : [],
  });
  const databaseUrl = database.url;
  await migrateDatabase(databaseUrl);
  const handle = createDb(databaseUrl);
  await seed(handle.db, { now: new Date(), webAppSecret: SECRET });
  if (options.statStatements) await handle.pool.query('create extension if not exists pg_stat_statements');
  await handle.close();
  const mail = await startMailSink();
  const production = productionApiEnv({ smtp: mail.port, stripe: await freePort() });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  let api: ChildProcess | undefined;

  const startApi = async () => {
    const { DEV_MAILBOX: _mailbox, DRAWS_DEMO: _demo, ...inherited } = process.env;
    // BENCH_API_NODE_FLAGS: Node flags for the API alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    const flags = (process.env.BENCH_API_NODE_FLAGS ?? '').split(' ').filter(Boolean);
    api = spawn(process.execPath, [...flags, '--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...inherited,
        ...production,
        API_PORT: String(apiPort),
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'error',
        RATE_LIMIT_MAX: '100000000',
        ...(options.countStatements ? { DB_COUNT_STATEMENTS: '1' } : {}),
        ...options.apiEnv,
      },
    });
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode}`);
      try {
        if ((await fetch(`${apiUrl}/healthz`)).ok) return;
      } catch {
        // starting
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the API did not start');
  };

  const killApi = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const child = api;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  };

  const apiCpuMs = () => {
    try {
      const fields = readFileSync(`/proc/${api?.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      return undefined;
    }
  };

  return {
    databaseUrl,
    pgPort,
    apiUrl,
    startApi,
    apiCpuMs,
    killApi,
    stop: async () => {
      await killApi('SIGTERM');
      await mail.stop();
      await database.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function signed(token = ''): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHash('sha256').update(`${WEB_APP_KEY}${timestamp}${SECRET}${token}`).digest('hex');
  return { 'x-app-key': WEB_APP_KEY, 'x-timestamp': timestamp, 'x-signature': signature };
}

export type Answer = {
  status: number;
  body: { result?: unknown; error?: { code: string; message: string } };
  /** Statements the request sent to PostgreSQL, when the API counts them. */
  statements?: number;
  /** Milliseconds the API took over the request (its Server-Timing), when it counts statements. */
  serverMs?: number;
};

export type RequestOptions = {
  token?: string;
  body?: unknown;
  version?: string;
  headers?: Record<string, string>;
  /** The visitor's address the storefront forwards (rate limits count it); a random one when absent. */
  address?: string;
};

/** A random visitor address. */
export const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export async function request(
  apiUrl: string,
  method: string,
  url: string,
  options: RequestOptions = {},
): Promise<Answer> {
  const res = await fetch(`${apiUrl}${url}`, {
    method,
    headers: {
      ...signed(options.token),
      'x-forwarded-for': options.address ?? randomAddress(),
      ...(options.version ? { 'x-api-version': options.version } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await res.text();
  const statements = res.headers.get('x-db-statements');
  const serverMs = /app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1];
  return {
    status: res.status,
    body: text ? JSON.parse(text) : {},
    ...(statements !== null ? { statements: Number(statements) } : {}),
    ...(serverMs !== undefined ? { serverMs: Number(serverMs) } : {}),
  };
}

export type Customer = { id: string; token: string };

/** Signs a customer up through the API and answers its id and access token. */
export async function signUp(apiUrl: string): Promise<Customer> {
  const res = await request(apiUrl, 'POST', '/v2/signup', {
    version: '3.5',
    body: {
      email: `${randomUUID()}@example.com`,
      password: 'correct horse battery staple',
      firstname: 'Load',
      lastname: 'Tester',
      date_of_birth: '1990-05-17',
      phone: '0412 345 678',
      address: { address: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000', country: 'AU' },
      accept_terms: true,
      email_opt_in: false,
    },
  });
  const result = res.body.result as {
    access_token?: string;
    customer?: { customer_id?: string; id?: string };
  };
  if (res.status !== 201 || !result.access_token) throw new Error(`sign-up answered ${res.status}`);
  const id = result.customer?.customer_id ?? result.customer?.id;
  if (!id) throw new Error('sign-up answered no customer id');
  return { id, token: result.access_token };
}

/** Puts money in customers' wallets straight through the ledger (as a settled deposit would), eight at once. */
export async function fundWallets(databaseUrl: string, customerIds: string[], cents: number): Promise<void> {
  const handle = createDb(databaseUrl, { max: 8 });
  const fund = (customerId: string) =>
    handle.db.transaction(async (tx) => {
      const ledger = ledgerQueries(tx);
      const { wallet } = await ledger.lockCustomer(customerId);
      await ledger.post([
        {
          id: randomUUID(),
          debitAccountId: await ledger.houseAccount('gateway_clearing', 'sandbox'),
          creditAccountId: wallet.id,
          amountCents: cents,
          code: 'deposit',
          customerId,
          description: 'Load test funds',
        },
      ]);
    });
  try {
    // The first makes the house account; the rest find it.
    const [first, ...rest] = customerIds;
    if (first) await fund(first);
    for (let i = 0; i < rest.length; i += 8) await Promise.all(rest.slice(i, i + 8).map(fund));
  } finally {
    await handle.close();
  }
}

/** One standard Powerball game for the next draw. */
export const POWERBALL_GAME = {
  lottery: 'powerball',
  game_type: 'standard',
  game_offer: 'powerball-standard',
  games: [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: 8 }],
  num_draws: 1,
};

export type Money = { amount: number; currency: string };

/** What a cart answer says is due now: its total less its pre-orders. */
export function dueOf(cart: { cart_total: Money; pre_order_total: Money }): Money {
  return {
    amount: Math.round(cart.cart_total.amount * 100 - cart.pre_order_total.amount * 100) / 100,
    currency: cart.cart_total.currency,
  };
}

/** Adds one Powerball game to the customer's cart; answers the amount due now. */
export async function addGame(apiUrl: string, customer: Customer): Promise<Money> {
  return (await addGameCounted(apiUrl, customer)).due;
}

/** `addGame`, with the statements the add sent when the API counts them. */
export async function addGameCounted(
  apiUrl: string,
  customer: Customer,
): Promise<{ due: Money; statements?: number }> {
  const res = await request(apiUrl, 'POST', '/v2/cart/items', {
    token: customer.token,
    version: '3.3',
    body: POWERBALL_GAME,
  });
  if (res.status !== 200 && res.status !== 201) {
    throw new Error(`add to cart answered ${res.status} ${res.body.error?.code ?? ''}`);
  }
  const due = dueOf(res.body.result as { cart_total: Money; pre_order_total: Money });
  return res.statements === undefined ? { due } : { due, statements: res.statements };
}

/** Buys the customer's cart from the wallet with an idempotency key. */
export function purchase(apiUrl: string, customer: Customer, expectedTotal: Money, key: string) {
  return request(apiUrl, 'POST', '/v2/cart/purchase', {
    token: customer.token,
    version: '3.3',
    headers: { 'idempotency-key': key },
    body: { use_wallet: true, expected_total: expectedTotal },
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
