import { describe, expect, it } from 'vitest';
import { GIVEAWAY_SWEEP_JOB } from '../modules/giveaways/index.ts';
import { startGiveawayJobs } from './giveaway-jobs.ts';

describe('the giveaway jobs', () => {
  it('sweep every minute and once at the start, and log the moves made', async () => {
    const calls: string[] = [];
    let handler: (() => Promise<void>) | undefined;
    const boss = {
      createQueue: async (name: string) => void calls.push(`queue ${name}`),
      schedule: async (name: string, cron: string) => void calls.push(`schedule ${name} ${cron}`),
      work: async (name: string, work: () => Promise<void>) => {
        calls.push(`work ${name}`);
        handler = work;
        return 'worker';
      },
      send: async (name: string) => {
        calls.push(`send ${name}`);
        return null;
      },
    };
    const logged: object[] = [];
    let moves = 3;
    await startGiveawayJobs(boss, { sweep: async () => moves }, { info: (o) => logged.push(o) });
    expect(calls).toEqual([
      `queue ${GIVEAWAY_SWEEP_JOB}`,
      `schedule ${GIVEAWAY_SWEEP_JOB} * * * * *`,
      `work ${GIVEAWAY_SWEEP_JOB}`,
      `send ${GIVEAWAY_SWEEP_JOB}`,
    ]);
    await handler?.();
    moves = 0;
    await handler?.();
    expect(logged).toEqual([{ moves: 3 }]);
  });
});
