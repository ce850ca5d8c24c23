/**
 * The job queue's tables (pg-boss keeps them in the `pgboss` schema), read for the back office, and a
 * failed job put back in line with pg-boss's own retry statement (the API runs no pg-boss instance).
 */
import { type DbOrTx, sql } from '@drawhouse/db';

const STATES = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const;
type State = (typeof STATES)[number];

export type QueueCounts = { name: string } & Record<State, number>;

export function jobsRepository(db: DbOrTx) {
  /** pg-boss makes its schema when a worker first starts: before that there is no queue at all. */
  async function installed(): Promise<boolean> {
    const { rows } = await db.execute<{ found: boolean }>(
      sql`select to_regclass('pgboss.job') is not null as found`,
    );
    return rows[0]?.found === true;
  }

  return {
    async queues(): Promise<QueueCounts[]> {
      if (!(await installed())) return [];
      const { rows } = await db.execute<{ name: string; state: string; n: number }>(
        sql`select name, state::text as state, count(*)::int as n from pgboss.job group by name, state order by name`,
      );
      const byName = new Map<string, QueueCounts>();
      for (const r of rows) {
        const counts =
          byName.get(r.name) ??
          ({
            name: r.name,
            created: 0,
            retry: 0,
            active: 0,
            completed: 0,
            failed: 0,
            cancelled: 0,
          } as QueueCounts);
        if ((STATES as readonly string[]).includes(r.state)) counts[r.state as State] = Number(r.n);
        byName.set(r.name, counts);
      }
      return [...byName.values()];
    },

    async failed(limit: number) {
      if (!(await installed())) return [];
      const { rows } = await db.execute<{
        id: string;
        name: string;
        completed_on: Date | string | null;
        retry_count: number;
        error: string | null;
      }>(sql`
        select id::text, name, completed_on, retry_count,
               coalesce(output->>'message', output::text, '') as error
        from pgboss.job where state = 'failed'
        order by completed_on desc nulls last limit ${limit}`);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        failedAt: r.completed_on === null ? null : new Date(r.completed_on).toISOString(),
        retries: Number(r.retry_count),
        error: (r.error ?? '').slice(0, 500),
      }));
    },

    /** pg-boss's retry: a failed job of the queue goes back in line with one more try allowed. */
    async retry(name: string, id: string): Promise<number> {
      if (!(await installed())) return 0;
      const { rows } = await db.execute<{ id: string }>(sql`
        update pgboss.job set state = 'retry', retry_limit = retry_limit + 1
        where name = ${name} and id = ${id}::uuid and state = 'failed'
        returning id::text`);
      return rows.length;
    },
  };
}
