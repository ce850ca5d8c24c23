/**
 * The giveaway engine's job: `giveaways-sweep` (every minute, and once when the jobs start) closes the
 * giveaways whose close time has passed, draws the closed ones and pays the drawn ones
 * (modules/giveaways), whichever worker takes it; each move is safe on two workers at once.
 */
import { GIVEAWAY_SWEEP_JOB, type GiveawayEngine } from '../modules/giveaways/index.ts';

type Log = { info: (obj: object, msg: string) => void };
/** What the job needs of pg-boss (a test passes its own). */
type Boss = {
  createQueue(name: string): Promise<unknown>;
  schedule(name: string, cron: string): Promise<unknown>;
  work(name: string, handler: () => Promise<void>): Promise<unknown>;
  send(name: string, data: object): Promise<unknown>;
};

export async function startGiveawayJobs(
  boss: Boss,
  engine: Pick<GiveawayEngine, 'sweep'>,
  log: Log,
): Promise<void> {
  await boss.createQueue(GIVEAWAY_SWEEP_JOB);
  await boss.schedule(GIVEAWAY_SWEEP_JOB, '* * * * *');
  await boss.work(GIVEAWAY_SWEEP_JOB, async () => {
    const moves = await engine.sweep();
    if (moves > 0) log.info({ moves }, 'giveaways moved on');
  });
  // At once too: what came due while no worker ran (the demo's drawn giveaways) is paid at start.
  await boss.send(GIVEAWAY_SWEEP_JOB, {});
}
