/**
 * The draw engine's jobs. `draws-top-up` (every 10 minutes, and once at start) keeps upcoming draws
 * on sale from each schedule and gives raffle draws their seeds. `draws-step` moves one draw one
 * step and, when it moved, sends the next step (and the steps of the draws it decided), so results
 * published by operators are scored, paid and announced within seconds. `draws-sweep` (every minute)
 * moves whatever is due, whatever was missed, schedules the close of each draw stopping in the next
 * minute at its stop time, charges the pre-orders due (ADR 028) and queues the recurring purchases
 * due (ADR 029) of every offer: what `draw.closed`'s followers missed, and soft failures again.
 */
import { type Database, topUpDraws } from '@drawhouse/db';
import type PgBoss from 'pg-boss';
import { DRAW_STEP_JOB, DRAW_SWEEP_JOB, DRAW_TOP_UP_JOB, type DrawEngine } from '../modules/draws/index.ts';
import type { DrawFollowUps } from './draw-follow-ups.ts';

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

const CLOSE_AHEAD_MS = 60_000;

/** Tops up upcoming draws and seeds new raffle draws; answers how many draws it created. */
export async function drawTopUpJob(db: Database, engine: DrawEngine, now = new Date()): Promise<number> {
  const created = await topUpDraws(db, now);
  await engine.seedRaffleDraws();
  return created;
}

export async function startDrawJobs(
  boss: PgBoss,
  db: Database,
  engine: DrawEngine,
  followUps: Pick<DrawFollowUps, 'chargePreOrders' | 'recurringDue'>,
  log: Log,
): Promise<void> {
  for (const queue of [DRAW_TOP_UP_JOB, DRAW_SWEEP_JOB, DRAW_STEP_JOB]) await boss.createQueue(queue);

  await boss.schedule(DRAW_TOP_UP_JOB, '*/10 * * * *');
  await boss.work(DRAW_TOP_UP_JOB, async () => {
    const created = await drawTopUpJob(db, engine);
    if (created > 0) log.info({ created }, 'upcoming draws topped up');
  });
  await boss.send(DRAW_TOP_UP_JOB, {});

  // Polled every half second: a draw's steps follow each other within a second or so.
  await boss.work<{ drawId?: string }>(DRAW_STEP_JOB, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    const drawId = job?.data.drawId;
    if (!drawId) return;
    const outcome = await engine.step(drawId);
    if (!outcome.moved) return;
    for (const id of [drawId, ...outcome.next]) await boss.send(DRAW_STEP_JOB, { drawId: id });
  });

  await boss.schedule(DRAW_SWEEP_JOB, '* * * * *');
  await boss.work(DRAW_SWEEP_JOB, async () => {
    const now = new Date();
    const moves = await engine.sweep();
    if (moves > 0) log.info({ moves }, 'draws moved on');
    const until = new Date(now.getTime() + CLOSE_AHEAD_MS);
    for (const draw of await engine.closingSoon(until)) {
      if (draw.stopAt > now) await boss.send(DRAW_STEP_JOB, { drawId: draw.id }, { startAfter: draw.stopAt });
    }
    // Last, so a pre-order that cannot be charged never holds up the draws.
    const { charged } = await followUps.chargePreOrders();
    if (charged > 0) log.info({ charged }, 'pre-orders charged');
    // Queued one job each on the `recurring-buy` workers (recurring-jobs.ts).
    await followUps.recurringDue();
  });
}
