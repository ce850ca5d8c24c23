import { createHash, randomInt } from 'node:crypto';
import { createDb, type DbHandle } from '@drawhouse/db';
import { groupNameRefusal } from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type ApiConfig, testConfig } from '../src/config.ts';
import { createAppDeps, createMailDeps, type MailDeps } from '../src/deps.ts';
import { startOutbox } from '../src/jobs/index.ts';
import type { MailCatcher, Mailer } from '../src/modules/notifications/index.ts';
import type { OutboxRelay } from '../src/modules/outbox/index.ts';
import { testDatabaseUrl } from './test-database.ts';

export const WEB_APP_KEY = 'drawhouse-web';
export const WEB_APP_SECRET = process.env.WEB_APP_SECRET ?? 'dev-web-secret-change-me';

/**
 * The API built against the run's database. Call it at the top level of a test file
 * (`const app = await getTestApp()`): it closes itself after the file's tests. `extend` adds routes
 * that exist only in the test before the app is ready. `options.mailer` wraps the mailer (one that
 * fails now and then, say), `options.retryDelayMs` sets the outbox's backoff.
 */
export async function getTestApp(
  overrides: Partial<ApiConfig> = {},
  extend?: (app: FastifyInstance) => Promise<void>,
  options: { mailer?: (smtp: Mailer) => Mailer; retryDelayMs?: (attempts: number) => number } = {},
): Promise<FastifyInstance> {
  const config = testConfig(overrides);
  const databaseUrl = testDatabaseUrl();
  const handle = createDb(databaseUrl, { max: 4, countStatements: config.countStatements });
  const mail = await fileMail(config);
  const mailer = options.mailer ? options.mailer(mail.mailer) : mail.mailer;
  const app = await buildApp(createAppDeps(handle, config, { ...mail, mailer }));
  await extend?.(app);
  await app.ready();
  // The outbox is delivered as the jobs deliver it: woken by each commit that writes to it.
  const outbox = await startOutbox(
    databaseUrl,
    app.deps,
    app.log,
    options.retryDelayMs ? { retryDelayMs: options.retryDelayMs } : {},
  );
  relays.set(app, outbox);
  afterAll(async () => {
    await outbox.drain();
    await outbox.stop();
    await app.close();
    await handle.close();
    await mail.release();
  });
  return app;
}

/**
 * One mail catcher for all the apps a test file builds: any app's relay may deliver any app's mail,
 * so each app's mailbox must be the same one. Stopped after the file's last app closes.
 */
let shared: { deps: Promise<MailDeps>; users: number } | undefined;
async function fileMail(config: ApiConfig): Promise<MailDeps & { release: () => Promise<void> }> {
  shared ??= { deps: createMailDeps(config), users: 0 };
  const current = shared;
  current.users += 1;
  const deps = await current.deps;
  return {
    ...deps,
    async release() {
      current.users -= 1;
      if (current.users > 0) return;
      if (shared === current) shared = undefined;
      await deps.mailCatcher?.stop();
    },
  };
}

const relays = new WeakMap<FastifyInstance, OutboxRelay>();

/**
 * Waits until the outbox has delivered everything due (mail sent, feed written, follow-ups done).
 * Call it before asserting on a side effect, or on its absence: never wait on a timer.
 */
export async function drainOutbox(app: FastifyInstance): Promise<void> {
  const relay = relays.get(app);
  if (!relay) throw new Error('drainOutbox needs an app from getTestApp');
  await relay.drain();
}

/** The mail the app under test sent (tests run with the local catcher, never real SMTP). */
export function mailOf(app: FastifyInstance): MailCatcher {
  const catcher = app.deps.mailCatcher;
  if (!catcher) throw new Error('the test app has no mail catcher');
  return catcher;
}

/** A direct database handle for a test that needs to check rows. */
export function getTestDb(): DbHandle {
  const handle = createDb(testDatabaseUrl(), { max: 2 });
  afterAll(() => handle.close());
  return handle;
}

/** Headers of a signed request from the web app. */
export function signedHeaders(
  customerToken = '',
  now = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const timestamp = String(now);
  const signature = createHash('sha256')
    .update(`${WEB_APP_KEY}${timestamp}${WEB_APP_SECRET}${customerToken}`)
    .digest('hex');
  return { 'x-app-key': WEB_APP_KEY, 'x-timestamp': timestamp, 'x-signature': signature };
}

/**
 * A group name no other test uses, and one the name rules accept: the profanity filter reads digits
 * as letters ("455" is a word to it), so a random number can be refused by chance.
 */
export function uniqueGroupName(prefix: string): string {
  for (;;) {
    const name = `${prefix} ${randomInt(10 ** 9)}`;
    if (groupNameRefusal(name) === null) return name;
  }
}
