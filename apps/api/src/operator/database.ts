/**
 * The database an operator command works on: DATABASE_URL when set; otherwise the shop's embedded
 * development database (`npm start`): reached on EMBEDDED_PG_PORT (54329) while the shop runs, or
 * started from DATA_DIR (`.data`) for the command's length when it does not. Each way is tried with
 * a first query, and a failure says what was tried and what to set, never just an exit code.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDb, type Database, sql } from '@drawhouse/db';
import { startEmbeddedPostgres } from '@drawhouse/db/embedded';
import { portInUse, root } from '../../../../scripts/lib.mjs';
import { OperatorError } from './command.ts';

type Handle = { db: Database; close: () => Promise<void> };

/** An error's own words, whatever was thrown (an AggregateError of refused connections has none). */
export function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  // A failed query wraps the driver's error: its words are the useful ones.
  if (error instanceof Error && error.cause !== undefined) return reasonOf(error.cause);
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return error.message || (typeof code === 'string' ? code : error.name);
  }
  return error === undefined ? 'no reason given' : String(error);
}

/** A connection string without its password, to say what was tried. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL (not a URL)';
  }
}

async function reached(handle: Handle, tried: string, advice: string): Promise<Handle> {
  try {
    await handle.db.execute(sql`select 1`);
    return handle;
  } catch (error) {
    // The database was never reached: closing can fail the same way, and the first reason is the one to tell.
    const closing = await handle.close().then(
      () => '',
      (closeError: unknown) => ` (closing the connection failed too: ${reasonOf(closeError)})`,
    );
    throw new OperatorError(
      `could not reach the database at ${tried}: ${reasonOf(error)}${closing}\n${advice}`,
    );
  }
}

export async function openOperatorDatabase(env: NodeJS.ProcessEnv = process.env): Promise<Handle> {
  if (env.DATABASE_URL) {
    const handle = createDb(env.DATABASE_URL, { max: 2 });
    return reached(
      { db: handle.db, close: handle.close },
      withoutPassword(env.DATABASE_URL),
      "check that PostgreSQL runs there, or unset DATABASE_URL to use the shop's embedded database",
    );
  }
  const port = Number(env.EMBEDDED_PG_PORT ?? 54329);
  const portNote = env.EMBEDDED_PG_PORT
    ? `EMBEDDED_PG_PORT=${port}`
    : `port ${port} (EMBEDDED_PG_PORT not set)`;
  if (await portInUse(port)) {
    const url = `postgres://drawhouse:drawhouse@127.0.0.1:${port}/drawhouse`;
    const handle = createDb(url, { max: 2 });
    return reached(
      { db: handle.db, close: handle.close },
      `the shop's embedded database on ${portNote}`,
      'something else listens there: set EMBEDDED_PG_PORT to the port the shop runs its database on, or DATABASE_URL',
    );
  }
  const dataDir = path.resolve(root, env.DATA_DIR ?? '.data');
  if (!existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))) {
    throw new OperatorError(
      `no database: nothing listens on ${portNote} and ${dataDir} holds none\nset DATABASE_URL, set EMBEDDED_PG_PORT to the port of the running shop's database, or run npm start once to make ${dataDir}`,
    );
  }
  let database: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    database = await startEmbeddedPostgres({ dataDir, port, persistent: true });
  } catch (error) {
    throw new OperatorError(
      `could not start the embedded database from ${dataDir} on ${portNote}: ${reasonOf(error)}\nif the shop is running with its database on another port, set EMBEDDED_PG_PORT to that port; otherwise set DATABASE_URL, or DATA_DIR to a data directory npm start made`,
    );
  }
  const handle = createDb(database.url, { max: 2 });
  return {
    db: handle.db,
    close: async () => {
      await handle.close();
      await database.stop();
    },
  };
}
