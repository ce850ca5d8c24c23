/**
 * Hot-path SQL: statements written once as plain SQL and prepared once per connection (node-postgres
 * named statements), with no query built per request; a transaction on one pooled client whose
 * Drizzle handle other modules' code can share; and the two bridges between rows and JSON that let
 * one statement read or write rows of several tables (`json_agg` out, `jsonb_to_recordset` in),
 * typed by the Drizzle schema so a column has one name and one type.
 */
import { type Column, getTableColumns, getTableName, type Table } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, DbOrTx } from './client.ts';
import * as schema from './schema/index.ts';

/** A statement and the name it is prepared under on each connection. */
export type Statement<Row> = { readonly name: string; readonly text: string; readonly row?: Row };

/** Names are unique per process: a name is prepared once per connection with one text. */
const names = new Set<string>();

export function statement<Row = Record<string, unknown>>(name: string, text: string): Statement<Row> {
  if (names.has(name)) throw new Error(`statement ${name} is declared twice`);
  names.add(name);
  return { name, text };
}

/** Where a statement runs: the pool (a statement of its own) or a transaction's client. */
export type SqlClient = pg.Pool | pg.PoolClient;

/** Runs a prepared statement: parsed and planned the first time on a connection, then only bound. */
export async function run<Row>(client: SqlClient, s: Statement<Row>, values: unknown[]): Promise<Row[]> {
  const result = await client.query<Row & pg.QueryResultRow>({ name: s.name, text: s.text, values });
  return result.rows;
}

/**
 * The pool or client a Drizzle handle runs on: a database's own (`$client`), or the client of a
 * Drizzle transaction (its session's), so a prepared statement runs inside that transaction.
 */
export function clientOf(db: DbOrTx): SqlClient {
  const own: unknown = Reflect.get(db, '$client');
  const session: unknown = Reflect.get(db, 'session');
  const client: unknown =
    own ?? (session !== null && typeof session === 'object' ? Reflect.get(session, 'client') : undefined);
  if (client instanceof pg.Pool || client instanceof pg.Client) return client as SqlClient;
  throw new Error('this database handle runs on neither a pool nor a client');
}

/** A transaction of our own on one pooled client: statements on `client`, Drizzle code on `db`. */
export type WorkTx = { client: pg.PoolClient; db: Database };

/** Drizzle handles of pooled clients, made once per connection (the schema is analysed once). */
const onClient = new WeakMap<pg.PoolClient, Database>();

function databaseOn(client: pg.PoolClient): Database {
  let db = onClient.get(client);
  if (!db) {
    db = drizzle(client, { schema });
    onClient.set(client, db);
  }
  return db;
}

/**
 * Runs `work` in one transaction on a client of `db`'s pool: BEGIN, the work, COMMIT (ROLLBACK when
 * it throws). Code of other modules joins it through `tx.db` (queries on the same client, inside the
 * transaction); it must not open transactions of its own there.
 */
export async function inTransaction<T>(db: Database, work: (tx: WorkTx) => Promise<T>): Promise<T> {
  const pool = clientOf(db);
  if (!(pool instanceof pg.Pool)) throw new Error('inTransaction needs a handle on the pool');
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work({ client, db: databaseOn(client) });
    await client.query('commit');
    return result;
  } catch (error) {
    try {
      await client.query('rollback');
    } catch (rollbackFailed) {
      // The connection is gone or unusable: it leaves the pool, and the work's own error is what counts.
      broken = rollbackFailed instanceof Error ? rollbackFailed : new Error(String(rollbackFailed));
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

type Row<T extends Table> = T['$inferSelect'];

/** A table's columns by property, each with what maps its JSON value back to the row's value. */
const columnsOf = new WeakMap<Table, [string, Column][]>();

function columns(table: Table): [string, Column][] {
  let list = columnsOf.get(table);
  if (!list) {
    list = Object.entries(getTableColumns(table));
    columnsOf.set(table, list);
  }
  return list;
}

/**
 * Rows of `table` from the JSON a statement built of them (`json_agg(t)`, `row_to_json(t)`): column
 * names back to properties and values to their types (a timestamp's text to a Date, and so on).
 */
export function rowsFromJson<T extends Table>(table: T, json: unknown): Row<T>[] {
  if (json === null || json === undefined) return [];
  if (!Array.isArray(json)) throw new Error(`${getTableName(table)}: expected a JSON array of rows`);
  return json.map((item) => rowFromJson(table, item));
}

export function rowFromJson<T extends Table>(table: T, json: unknown): Row<T> {
  if (json === null || typeof json !== 'object') throw new Error(`${getTableName(table)}: not a row`);
  const source = json as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [property, column] of columns(table)) {
    const value = source[column.name];
    row[property] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Row<T>;
}

/**
 * `insert into <table> (<columns>) select <columns> from jsonb_to_recordset($n) as r(<column types>)`:
 * rows given as one JSON parameter (`jsonRecords`); columns left out take their defaults.
 */
export function insertFromJson<T extends Table>(
  table: T,
  properties: readonly (keyof T['$inferInsert'] & string)[],
  parameter: number,
): string {
  const byProperty = new Map(columns(table));
  const picked = properties.map((p) => {
    const column = byProperty.get(p);
    if (!column) throw new Error(`${getTableName(table)} has no column ${p}`);
    return column;
  });
  const names = picked.map((c) => `"${c.name}"`).join(', ');
  const types = picked.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', ');
  return `insert into "${getTableName(table)}" (${names})
    select ${names} from jsonb_to_recordset($${parameter}::jsonb) as r(${types})`;
}

/** Rows as the JSON parameter of `insertFromJson`: column names, Dates as ISO text, JSON as JSON. */
export function jsonRecords<T extends Table>(
  table: T,
  properties: readonly (keyof T['$inferInsert'] & string)[],
  rows: readonly Partial<T['$inferInsert']>[],
): string {
  const byProperty = new Map(columns(table));
  return JSON.stringify(
    rows.map((row) => {
      const record: Record<string, unknown> = {};
      for (const p of properties) {
        const column = byProperty.get(p);
        const value = (row as Record<string, unknown>)[p];
        if (!column) continue;
        record[column.name] = value instanceof Date ? value.toISOString() : (value ?? null);
      }
      return record;
    }),
  );
}
