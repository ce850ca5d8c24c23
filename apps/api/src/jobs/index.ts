/**
 * Background jobs on pg-boss (its tables live in the `pgboss` schema of the same database). Started
 * by the API process (main.ts) unless API_JOBS=0, or on their own by `npm run worker`; pg-boss hands
 * each job to one worker, so both may run. Handlers are plain functions the tests call directly.
 */
import PgBoss from 'pg-boss';
import { createIdempotency } from '../http/idempotency.ts';
import { pruneSocialSignIns } from '../modules/accounts/index.ts';
import { drawEngineOf } from '../modules/draws/index.ts';
import { giveawayEngineOf } from '../modules/giveaways/index.ts';
import { type OutboxRelay, pruneOutbox, startOutboxRelay, subscribedNames } from '../modules/outbox/index.ts';
import { pruneConnectIdSignIns } from '../modules/verification/index.ts';
import { recoverWithdrawalPayoutsJob, WITHDRAWAL_PAYOUTS_JOB } from '../modules/wallet/index.ts';
import { drawFollowUps } from './draw-follow-ups.ts';
import { startDrawJobs } from './draw-jobs.ts';
import { EXPIRE_DEPOSITS_JOB, expireDepositsJob } from './expire-deposits.ts';
import { startGiveawayJobs } from './giveaway-jobs.ts';
import type { JobDeps } from './job-deps.ts';
import { recurringQueueOf, startRecurringJobs } from './recurring-jobs.ts';
import { outboxSubscribers, type SubscriberOptions } from './subscribers.ts';
import { VERIFICATION_REMINDERS_JOB, verificationRemindersJob } from './verification-reminders.ts';

const PRUNE_IDEMPOTENCY_KEYS_JOB = 'prune-idempotency-keys';
/** An earlier version's minute poll of untold withdrawals, now events: its schedule is removed. */
const RETIRED_SCHEDULES = ['wallet-tell-withdrawals'];

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type Jobs = { boss: PgBoss; outbox: OutboxRelay; stop: () => Promise<void> };
export type { JobDeps } from './job-deps.ts';

const OUTBOX_SWEEP_JOB = 'outbox-sweep';
const OUTBOX_PRUNE_JOB = 'outbox-prune';
const CONNECTID_PRUNE_JOB = 'connectid-prune';
const SOCIAL_SIGN_IN_PRUNE_JOB = 'social-sign-in-prune';

/**
 * The outbox relay over every subscriber; it refuses to start if a subscription names a subscriber
 * that has no handler, so an event is never written for a follow-up nothing would run.
 */
export async function startOutbox(
  databaseUrl: string | undefined,
  deps: JobDeps,
  log: Log,
  options: SubscriberOptions & { retryDelayMs?: (attempts: number) => number } = {},
): Promise<OutboxRelay> {
  const { recurringQueue, ...relayOptions } = options;
  const subscribers = outboxSubscribers(deps, { recurringQueue });
  const missing = subscribedNames().filter((name) => !subscribers.some((s) => s.name === name));
  if (missing.length > 0) throw new Error(`outbox subscribers without a handler: ${missing.join(', ')}`);
  return startOutboxRelay({
    db: deps.db,
    databaseUrl,
    subscribers,
    log,
    leaseMs: deps.config.outboxLeaseMs,
    ...relayOptions,
  });
}

/** Starts pg-boss and the outbox relay, schedules the recurring jobs and works them. */
export async function startJobs(databaseUrl: string, deps: JobDeps, log: Log): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 2, application_name: 'drawhouse-jobs' });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const recurringQueue = recurringQueueOf(boss);
  const followUps = drawFollowUps(deps, { recurringQueue });
  // The `recurring-buy` queue exists before the relay may queue due recurring purchases on it.
  await startRecurringJobs(boss, followUps, log);
  const outbox = await startOutbox(databaseUrl, deps, log, { recurringQueue });
  await boss.createQueue(OUTBOX_SWEEP_JOB);
  // Every minute, whichever worker takes it: delivers what a relay's missed notification left.
  await boss.schedule(OUTBOX_SWEEP_JOB, '* * * * *');
  await boss.work(OUTBOX_SWEEP_JOB, async () => {
    const delivered = await outbox.deliverDue();
    if (delivered > 0) log.info({ delivered }, 'outbox sweep delivered');
  });
  await boss.createQueue(OUTBOX_PRUNE_JOB);
  // Daily: events followed up in full are forgotten after a month.
  await boss.schedule(OUTBOX_PRUNE_JOB, '41 3 * * *');
  await boss.work(OUTBOX_PRUNE_JOB, async () => {
    const pruned = await pruneOutbox(deps.db);
    if (pruned > 0) log.info({ pruned }, 'old outbox events forgotten');
  });
  await boss.createQueue(CONNECTID_PRUNE_JOB);
  // Daily: ConnectID sign-ins a day past their expiry are forgotten.
  await boss.schedule(CONNECTID_PRUNE_JOB, '47 3 * * *');
  await boss.work(CONNECTID_PRUNE_JOB, async () => {
    const pruned = await pruneConnectIdSignIns(deps.db, deps.now?.() ?? new Date());
    if (pruned > 0) log.info({ pruned }, 'expired ConnectID sign-ins forgotten');
  });
  await boss.createQueue(SOCIAL_SIGN_IN_PRUNE_JOB);
  // Daily: Apple and Google sign-ins a day past their expiry are forgotten.
  await boss.schedule(SOCIAL_SIGN_IN_PRUNE_JOB, '53 3 * * *');
  await boss.work(SOCIAL_SIGN_IN_PRUNE_JOB, async () => {
    const pruned = await pruneSocialSignIns(deps.db, deps.now?.() ?? new Date());
    if (pruned > 0) log.info({ pruned }, 'expired Apple and Google sign-ins forgotten');
  });
  await boss.createQueue(EXPIRE_DEPOSITS_JOB);
  // Every minute: a challenge abandoned for 15 minutes is voided within 16.
  await boss.schedule(EXPIRE_DEPOSITS_JOB, '* * * * *');
  await boss.work(EXPIRE_DEPOSITS_JOB, async () => {
    const expired = await expireDepositsJob(deps);
    if (expired > 0) log.info({ expired }, 'abandoned deposits expired');
  });
  await boss.createQueue(WITHDRAWAL_PAYOUTS_JOB);
  // Every minute: a withdrawal left `paying` by a crash is paid (once) within three minutes.
  await boss.schedule(WITHDRAWAL_PAYOUTS_JOB, '* * * * *');
  await boss.work(WITHDRAWAL_PAYOUTS_JOB, async () => {
    const settled = await recoverWithdrawalPayoutsJob(deps, undefined, log);
    if (settled > 0) log.info({ settled }, 'withdrawal payouts recovered');
  });
  await boss.createQueue(PRUNE_IDEMPOTENCY_KEYS_JOB);
  // Daily: keys are kept at least 24 hours, then forgotten.
  await boss.schedule(PRUNE_IDEMPOTENCY_KEYS_JOB, '17 3 * * *');
  await boss.work(PRUNE_IDEMPOTENCY_KEYS_JOB, async () => {
    const pruned = await createIdempotency(deps.db).prune();
    if (pruned > 0) log.info({ pruned }, 'old idempotency keys forgotten');
  });
  await boss.createQueue(VERIFICATION_REMINDERS_JOB);
  // Daily, in the Sydney morning: reminders 3 days and 1 day before the verification deadline.
  await boss.schedule(VERIFICATION_REMINDERS_JOB, '0 22 * * *');
  await boss.work(VERIFICATION_REMINDERS_JOB, async () => {
    const reminded = await verificationRemindersJob(deps);
    if (reminded > 0) log.info({ reminded }, 'verification reminders emitted');
  });
  for (const name of RETIRED_SCHEDULES) await boss.unschedule(name);
  await startDrawJobs(boss, deps.db, drawEngineOf(deps), followUps, log);
  await startGiveawayJobs(boss, giveawayEngineOf(deps), log);
  return {
    boss,
    outbox,
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
      await outbox.stop();
    },
  };
}
