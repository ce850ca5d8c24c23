/**
 * Counts the statements (round trips to PostgreSQL) each piece of work sends through a pool: what
 * the purchase benchmark prints per purchase and per add-to-cart, and what the statement budget test
 * holds them to. Off unless a pool is instrumented (`countStatementsOn`); the work counted is what
 * runs inside `statementTally.run`, followed through async calls by AsyncLocalStorage.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

export type StatementTally = { statements: number };

const tallies = new AsyncLocalStorage<StatementTally>();

export const statementTally = {
  /** Runs `work` counting the statements it sends into `tally`. */
  run<T>(tally: StatementTally, work: () => T): T {
    return tallies.run(tally, work);
  },
};

/**
 * Makes `pool` count each statement into the tally of the work that sends it: `pool.query` in the
 * caller's context, and a client taken with `pool.connect()` (a transaction) for the tally of whoever
 * took it, until it is released. Counting is taken where the call is made, not where pg-pool runs
 * its callbacks, so a client handed over by another request's release still counts for its taker.
 */
export function countStatementsOn(pool: pg.Pool): void {
  const query = pool.query.bind(pool);
  const connect = pool.connect.bind(pool);
  const counted = ((...args: Parameters<typeof query>) => {
    const tally = tallies.getStore();
    if (tally) tally.statements += 1;
    return query(...args);
  }) as typeof pool.query;
  pool.query = counted;
  const connectCounted = async (callback?: unknown) => {
    // pg-pool's own `query` takes a client with a callback: that statement was counted above.
    if (typeof callback === 'function') return connect(callback as Parameters<typeof connect>[0]);
    const tally = tallies.getStore();
    const client = await connect();
    if (!tally) return client;
    const own = Object.hasOwn(client, 'query') ? client.query : undefined;
    const send = client.query.bind(client);
    client.query = ((...args: Parameters<typeof send>) => {
      tally.statements += 1;
      return send(...args);
    }) as typeof client.query;
    const release = client.release;
    client.release = (error?: Error | boolean) => {
      if (own) client.query = own;
      else Reflect.deleteProperty(client, 'query');
      client.release = release;
      return release(error);
    };
    return client;
  };
  pool.connect = connectCounted as typeof pool.connect;
}
