/**
 * The giveaway engine's job: `giveaways-sweep` (every minute) closes the giveaways whose close time
 * has passed, draws the closed ones and pays the drawn ones (modules/giveaways), whichever worker
 * takes it; each move is safe on two workers at once.
 */
import type PgBoss from 'pg-boss';
import { GIVEAWAY_SWEEP_JOB, type GiveawayEngine } from '../modules/giveaways/index.ts';

type Log = { info: (obj: object, msg: string) => void };

export async function startGiveawayJobs(boss: PgBoss, engine: GiveawayEngine, log: Log): Promise<void> {
  await boss.createQueue(GIVEAWAY_SWEEP_JOB);
  await boss.schedule(GIVEAWAY_SWEEP_JOB, '* * * * *');
  await boss.work(GIVEAWAY_SWEEP_JOB, async () => {
    const moves = await engine.sweep();
    if (moves > 0) log.info({ moves }, 'giveaways moved on');
  });
}
