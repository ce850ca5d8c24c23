// Starts the whole shop: PostgreSQL (embedded unless DATABASE_URL is set), migrations, demo seed, the API,
// the web server and the back office. Ctrl-C or SIGTERM stops everything, the database included.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createDb, migrateDatabase, seed } from '@drawhouse/db';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '@drawhouse/db/embedded';
import type { RunningConnectIdProvider } from '../apps/api/src/sandboxes/connectid-provider.server.ts';
import type { RunningSocialProvider } from '../apps/api/src/sandboxes/social-provider.server.ts';
import { portInUse, root } from './lib.mjs';

const env = process.env;
const dev = process.argv.includes('--dev');
const quiet = env.SERVE_QUIET === '1';

function port(name: string, fallback: number): number {
  const raw = env[name];
  const n = raw ? Number(raw) : fallback;
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    console.error(`${name} must be a port number between 1 and 65535, got "${raw}".`);
    process.exit(1);
  }
  return n;
}

const apiPort = port('API_PORT', 4000);
const webPort = port('PORT', 3000);
const adminPort = port('ADMIN_PORT', 3100);
const pgPort = port('EMBEDDED_PG_PORT', 54329);
const dataDir = path.resolve(root, env.DATA_DIR ?? '.data');
// ConnectID is the local sandbox provider unless CONNECTID says otherwise (none, provider); a
// production start never gets the sandbox unasked (and refuses it when asked).
const connectId = env.CONNECTID ?? (env.NODE_ENV === 'production' ? 'none' : 'sandbox');
const connectIdPort = port('CONNECTID_PORT', 4500);
// Apple and Google sign-in likewise: each its own sandbox provider unless APPLE_SIGN_IN or
// GOOGLE_SIGN_IN says otherwise.
const socialProviders = (['apple', 'google'] as const).map((provider) => {
  const name = provider.toUpperCase();
  return {
    provider,
    name,
    mode: env[`${name}_SIGN_IN`] ?? (env.NODE_ENV === 'production' ? 'none' : 'sandbox'),
    port: port(`${name}_PORT`, provider === 'apple' ? 4501 : 4502),
  };
});

const wanted: [string, number][] = [
  ['API_PORT', apiPort],
  ['PORT', webPort],
  ['ADMIN_PORT', adminPort],
];
if (!env.DATABASE_URL) wanted.push(['EMBEDDED_PG_PORT', pgPort]);
if (connectId === 'sandbox') wanted.push(['CONNECTID_PORT', connectIdPort]);
for (const p of socialProviders) if (p.mode === 'sandbox') wanted.push([`${p.name}_PORT`, p.port]);
for (const [name, p] of wanted) {
  if (await portInUse(p)) {
    console.error(`Port ${p} is already in use: set ${name} to a free port.`);
    process.exit(1);
  }
}

let database: EmbeddedDatabase | undefined;
let connectIdProvider: RunningConnectIdProvider | undefined;
const socialSandboxes: { label: string; running: RunningSocialProvider }[] = [];
const children: ChildProcess[] = [];
let stopping = false;

async function stopAll(code: number): Promise<never> {
  if (stopping) return new Promise<never>(() => {});
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  await connectIdProvider?.close();
  await Promise.all(socialSandboxes.map((sandbox) => sandbox.running.close()));
  await database?.stop();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopAll(0));

try {
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    database = await startEmbeddedPostgres({
      dataDir,
      port: pgPort,
      persistent: env.DATA_PERSISTENT !== 'false',
    });
    databaseUrl = database.url;
  }
  await migrateDatabase(databaseUrl);
  // The storefront runs as a production build, which refuses the development app secret.
  const webAppSecret = env.WEB_APP_SECRET ?? (await localSecret('web-app-secret'));
  const { db, close } = createDb(databaseUrl);
  // Demo customers with a known password only in the embedded database, like DRAWS_DEMO below.
  const seeded = await seed(db, { now: new Date(), webAppSecret, demoCustomers: database !== undefined });
  await close();
  if (!quiet) console.log(seeded ? 'Demo data seeded.' : 'Demo data already present.');

  const webBaseUrl = env.WEB_BASE_URL ?? `http://localhost:${webPort}`;
  if (connectId === 'sandbox') {
    // Loaded only when it runs: oidc-provider is large and warns about the runtime on import.
    const { providerOptionsFromEnv, startConnectIdProvider } = await import(
      '../apps/api/src/sandboxes/connectid-provider.server.ts'
    );
    connectIdProvider = await startConnectIdProvider(
      providerOptionsFromEnv({ ...env, CONNECTID_PORT: String(connectIdPort), WEB_BASE_URL: webBaseUrl }),
    );
  }
  // Where the API and browsers reach the ConnectID provider; the shop's pages may send forms there.
  const connectIdEnv = {
    CONNECTID: connectId,
    ...(connectIdProvider ? { CONNECTID_ISSUER: connectIdProvider.issuer } : {}),
  };
  // Apple and Google: the sandbox providers' addresses, for the API (the client) and the shop (CSP).
  const socialEnv: Record<string, string> = {};
  for (const p of socialProviders) {
    socialEnv[`${p.name}_SIGN_IN`] = p.mode;
    if (p.mode !== 'sandbox') continue;
    const { startSocialProvider } = await import('../apps/api/src/sandboxes/social-provider.server.ts');
    const { SANDBOX_SOCIAL_CLIENTS, socialCallbackUri } = await import(
      '../apps/api/src/modules/accounts/social-sign-in/social-sign-in.config.ts'
    );
    const running = await startSocialProvider({
      provider: p.provider,
      port: p.port,
      ...(env[`${p.name}_ISSUER`] ? { issuer: env[`${p.name}_ISSUER`] } : {}),
      clients: [
        { ...SANDBOX_SOCIAL_CLIENTS[p.provider], redirectUris: [socialCallbackUri(webBaseUrl, p.provider)] },
      ],
    });
    socialSandboxes.push({ label: p.provider === 'apple' ? 'Apple' : 'Google', running });
    socialEnv[`${p.name}_ISSUER`] = running.issuer;
  }
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  // Where browsers reach the API (card tokenising, the 3-D Secure and PayPal pages): both servers agree.
  const apiPublicUrl = env.API_PUBLIC_URL ?? apiUrl;
  const api = spawn(
    process.execPath,
    ['--import', 'tsx', ...(dev ? ['--watch'] : []), 'apps/api/src/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...env,
        API_PORT: String(apiPort),
        DATABASE_URL: databaseUrl,
        WEB_BASE_URL: webBaseUrl,
        API_PUBLIC_URL: apiPublicUrl,
        // Invitations mailed to operators link to the back office (ADMIN_PUBLIC_URL, else this port).
        ADMIN_PORT: String(adminPort),
        ...connectIdEnv,
        ...socialEnv,
        // The development JWT secret is public (in this repository): the demo signs with its own.
        JWT_SECRET: env.JWT_SECRET ?? (await localSecret('jwt-secret')),
        // The demo shop draws its own results once a draw's time comes; a real database waits for operators.
        DRAWS_DEMO: env.DRAWS_DEMO ?? (database ? '1' : '0'),
      },
    },
  );
  const webArgs = dev
    ? [path.join(root, 'node_modules/.bin/react-router'), 'dev', '--port', String(webPort)]
    : ['server.mjs'];
  const web = spawn(process.execPath, webArgs, {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: {
      ...env,
      PORT: String(webPort),
      API_URL: apiUrl,
      API_PUBLIC_URL: apiPublicUrl,
      ...connectIdEnv,
      ...socialEnv,
      NODE_ENV: dev ? 'development' : 'production',
      SESSION_SECRET: env.SESSION_SECRET ?? (await localSecret('session-secret')),
      WEB_APP_SECRET: webAppSecret,
      // A production build on this machine: DEV_MAILBOX=1 (npm start, the e2e run) may show caught mail.
      DRAWHOUSE_DEMO: '1',
    },
  });
  // The back office: its built app and /admin passed on to the API (apps/admin/server.mjs); in
  // development Vite serves the sources and passes /admin on the same way.
  const adminArgs = dev
    ? [path.join(root, 'node_modules/.bin/vite'), '--port', String(adminPort), '--strictPort']
    : ['server.mjs'];
  const admin = spawn(process.execPath, adminArgs, {
    cwd: path.join(root, 'apps/admin'),
    stdio: 'inherit',
    env: {
      ...env,
      ADMIN_PORT: String(adminPort),
      API_URL: apiUrl,
      NODE_ENV: dev ? 'development' : 'production',
    },
  });
  children.push(api, web, admin);
  for (const child of children) {
    child.on('exit', (code) => {
      if (!stopping) {
        console.error(`A server stopped unexpectedly (exit ${code}); stopping the rest.`);
        void stopAll(1);
      }
    });
  }
  await waitFor(`${apiUrl}/healthz`);
  await waitFor(`http://127.0.0.1:${webPort}/blank.html`);
  await waitFor(`http://127.0.0.1:${adminPort}/sign-in`);
  await warmUp(`http://127.0.0.1:${webPort}`);
  console.log(
    `\nDrawhouse is running:\n  shop: http://localhost:${webPort}\n  back office: http://localhost:${adminPort}\n  API:  http://localhost:${apiPort}\n${connectIdProvider ? `  ConnectID sandbox: ${connectIdProvider.issuer}\n` : ''}${socialSandboxes.map((s) => `  ${s.label} sandbox: ${s.running.issuer}\n`).join('')}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(1);
}

/** A secret kept beside the data, so that a restart of `npm start` keeps visitors signed in. */
async function localSecret(name: string): Promise<string> {
  const file = path.join(dataDir, name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(32).toString('hex');
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * Pages opened once before the shop says it is running, so the first visitor does not pay for the
 * cold start: the API's catalogue answers and their caches, the storefront's site data, shell and
 * render caches, and the code paths Node compiles on first use. Best effort: a failure is only noted.
 */
async function warmUp(base: string): Promise<void> {
  const started = Date.now();
  for (const page of ['/', '/powerball', '/lotto-tickets']) {
    try {
      const res = await fetch(`${base}${page}`, { signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
    } catch (error) {
      if (!quiet)
        console.warn(`Warm-up of ${page} failed: ${error instanceof Error ? error.message : error}`);
    }
  }
  if (!quiet) console.log(`Warmed up in ${Date.now() - started} ms.`);
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`);
}
