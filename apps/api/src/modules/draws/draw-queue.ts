/**
 * The draw engine's pg-boss queues, and the kick that puts a draw's next step on them from anywhere
 * with a database handle (an admin call, an operator command): a job row written through the app's
 * own pool, picked up by whichever worker runs the jobs. Without the job tables (tests, a database
 * the jobs never started on) the kick does nothing: the minute's sweep moves the draw instead.
 */
import { type Database, type SQL, sql } from '@drawhouse/db';
import PgBoss from 'pg-boss';

/** One step of one draw (`{ drawId }`); a step that moves the draw sends the next. */
export const DRAW_STEP_JOB = 'draws-step';
/** Every minute: closes, draws, scores, pays and announces whatever is due. */
export const DRAW_SWEEP_JOB = 'draws-sweep';
/** Keeps upcoming draws on sale from each schedule (and raffle seeds made). */
export const DRAW_TOP_UP_JOB = 'draws-top-up';

export type DrawKick = (drawId: string, startAfter?: Date) => Promise<void>;

/** pg-boss's numbered-parameter SQL as a Drizzle query with the same parameters. */
function boundSql(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)),
    sql``,
  );
}

/** A kick writing the job through `db`. */
export function drawKick(db: Database): DrawKick {
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values?: unknown[]) => ({
        rows: (await db.execute(boundSql(text, values))).rows,
      }),
    },
  });
  return async (drawId, startAfter) => {
    try {
      await boss.send(DRAW_STEP_JOB, { drawId }, startAfter ? { startAfter } : {});
    } catch {
      // No job tables here: the sweep picks the draw up.
    }
  };
}
