/**
 * The recurring purchases' jobs (ADR 029). `recurring-buy` holds one job per due recurring purchase:
 * queued when a draw opens (the close of the draw before, a `draws-step` job) and by the minute's
 * `draws-sweep` (those a close missed, soft failures tried again while the draw is on sale). Job ids
 * come from the purchase, the period and its last attempt, so queuing the same list twice queues it
 * once. Four workers take 400 jobs at a time and buy them a hundred to a transaction (a batch
 * shorter than the half-second poll would leave each worker idle for the rest of it); a batch that
 * throws is failed and retried by pg-boss, and buying is idempotent per (recurring purchase, draw).
 */
import type PgBoss from 'pg-boss';
import type { RecurringQueue } from '../modules/recurring/index.ts';
import type { DrawFollowUps } from './draw-follow-ups.ts';

export const RECURRING_BUY_JOB = 'recurring-buy';

/** Jobs one worker takes at once: bought a hundred to a transaction, one transaction after another. */
const BATCH_SIZE = 400;
/** Workers per process: each holds one database connection while it buys. */
const WORKERS = 4;

type Log = { info: (obj: object, msg: string) => void };

/** The queue due recurring purchases are sent to (`draw.closed`'s follower, the minute's sweep). */
export function recurringQueueOf(boss: PgBoss): RecurringQueue {
  return async (jobs) => {
    if (jobs.length === 0) return;
    // `insert` skips a job whose id is queued already (on conflict do nothing).
    await boss.insert(jobs.map((job) => ({ name: RECURRING_BUY_JOB, id: job.id, data: job.data })));
  };
}

export async function startRecurringJobs(
  boss: PgBoss,
  followUps: Pick<DrawFollowUps, 'buyRecurringJobs'>,
  log: Log,
): Promise<void> {
  await boss.createQueue(RECURRING_BUY_JOB, {
    name: RECURRING_BUY_JOB,
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  });
  for (let i = 0; i < WORKERS; i += 1) {
    await boss.work<{ recurringPurchaseId: string }>(
      RECURRING_BUY_JOB,
      { batchSize: BATCH_SIZE, pollingIntervalSeconds: 0.5 },
      async (jobs) => {
        const counts = await followUps.buyRecurringJobs(jobs.map((job) => job.data.recurringPurchaseId));
        if (counts.purchased > 0) log.info(counts, 'recurring purchases bought');
      },
    );
  }
}
