import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { countStatementsOn } from './statement-count.ts';

export type Schema = typeof schema;
export type Database = NodePgDatabase<Schema>;
/** A transaction handle; repositories accept either. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

export type DbHandle = { db: Database; pool: pg.Pool; close: () => Promise<void> };

/** `countStatements`: statements are counted per piece of work (`statementTally`), for benchmarks and tests. */
export function createDb(url: string, options: { max?: number; countStatements?: boolean } = {}): DbHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Named statements (the hot path's, `statements.ts`) are planned once per connection: their
    // plans do not depend on the values, and planning them took as long as running them.
    options: '-c plan_cache_mode=force_generic_plan',
    // ... and planned again as tables grow: a plan made when a table was nearly empty (a seq scan)
    // must not outlive the connection's first minutes.
    maxLifetimeSeconds: 300,
  });
  if (options.countStatements) countStatementsOn(pool);
  // An idle client that loses its server (restart, failover) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  let closed = false;
  return {
    db,
    pool,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
