// BENCH_DIAGNOSE=1 in a benchmark: where the database's time went, from pg_stat_statements (the shop
// started with `statStatements`).
import type pg from 'pg';

export const DIAGNOSE = process.env.BENCH_DIAGNOSE === '1';

/** Prints the statements that took most of the database's time since the last reset. */
export async function printTopStatements(pool: pg.Pool, limit = 12): Promise<void> {
  const top = await pool.query<{ calls: string; mean: number; total: number; query: string }>(
    `select calls::text, mean_exec_time as mean, total_exec_time as total, query from pg_stat_statements
     where dbid = (select oid from pg_database where datname = current_database())
     order by total_exec_time desc limit $1`,
    [limit],
  );
  for (const r of top.rows) {
    const text = r.query.replace(/\s+/g, ' ').slice(0, 100);
    console.log(
      `${r.total.toFixed(0).padStart(7)} ms ${r.calls.padStart(6)} calls ${r.mean.toFixed(2).padStart(7)} ms  ${text}`,
    );
  }
}
