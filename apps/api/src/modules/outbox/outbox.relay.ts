/**
 * Delivers the outbox: each due delivery to its subscriber, woken by the NOTIFY its insert sends at
 * commit and by a poll (retries come due, a missed notification). Several relays may run (the API's
 * jobs, `npm run worker`, a test): a delivery is locked by the one that claims it, so each acts once.
 *
 * A subscriber that runs in a transaction (feed entries, another module's follow-up) does its work in
 * a savepoint of the transaction that marks it done: it happens exactly once. One that runs outside
 * (mail, anything on the network) is leased first, so no transaction is open while it talks; if its
 * worker dies mid-way the lease ends and it runs again, so it may rarely act twice (mail carries the
 * event in its Message-ID for that case). A failure is retried with backoff and, after the last try,
 * kept as a dead letter for an operator. Errors are logged by event id and type, never by payload.
 */
import type { Database, Transaction } from '@drawhouse/db';
import { outboxGivesUp, outboxRetryDelayMs } from '@drawhouse/domain';
import pg from 'pg';
import type { OutboxEvent } from './outbox.events.ts';
import { type DeliveryRow, outboxRepository } from './outbox.repository.ts';

export type Subscriber = (
  | { name: string; runs: 'in-transaction'; handle: (tx: Transaction, event: OutboxEvent) => Promise<void> }
  | { name: string; runs: 'outside'; handle: (event: OutboxEvent) => Promise<void> }
) & {
  /** Clear the event's payload once this (its only) subscriber is done: it held a secret. */
  forgetsPayload?: boolean;
};

type Log = { error: (obj: object, msg: string) => void };

export type RelayOptions = {
  db: Database;
  /** Where to LISTEN for new deliveries; without it the relay only polls. */
  databaseUrl?: string;
  subscribers: readonly Subscriber[];
  log: Log;
  pollMs?: number;
  leaseMs?: number;
  retryDelayMs?: (attempts: number) => number;
};

export type OutboxRelay = {
  /** Delivers what is due now, batch after batch; answers how many deliveries it handled. */
  deliverDue: () => Promise<number>;
  /** Resolves once nothing is due or being delivered for this relay's subscribers. */
  drain: (timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
};

const BATCH = 50;
/** Deliveries outside a transaction (mail) in flight at once: a crash can repeat at most these. */
export const OUTSIDE_AT_ONCE = 8;

/** The stored row as its subscriber sees it (the payload was written from the event's own type). */
const eventOf = (row: DeliveryRow) =>
  ({
    id: row.eventId,
    type: row.type,
    aggregateId: row.aggregateId,
    payload: row.payload,
    createdAt: row.createdAt,
  }) as OutboxEvent;

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

export async function startOutboxRelay(options: RelayOptions): Promise<OutboxRelay> {
  const { db, log } = options;
  const byName = new Map(options.subscribers.map((s) => [s.name, s]));
  const names = [...byName.keys()];
  const leaseMs = options.leaseMs ?? 60_000;
  const retryDelayMs = options.retryDelayMs ?? outboxRetryDelayMs;

  async function failed(tx: Database | Transaction, row: DeliveryRow, attempts: number, error: unknown) {
    const dead = outboxGivesUp(attempts);
    log.error(
      {
        eventId: row.eventId,
        type: row.type,
        subscriber: row.subscriber,
        attempts,
        dead,
        err: describe(error),
      },
      dead ? 'outbox delivery failed for the last time' : 'outbox delivery failed; it will be retried',
    );
    await outboxRepository(tx).failed(row, {
      attempts,
      dead,
      retryInMs: retryDelayMs(attempts),
      error: describe(error),
    });
  }

  async function deliverOutside(row: DeliveryRow, subscriber: Extract<Subscriber, { runs: 'outside' }>) {
    const attempts = row.attempts + 1;
    try {
      await subscriber.handle(eventOf(row));
      await outboxRepository(db).done(row, attempts, { forgetPayload: subscriber.forgetsPayload === true });
    } catch (error) {
      await failed(db, row, attempts, error);
    }
  }

  async function deliverBatch(): Promise<number> {
    const outside: DeliveryRow[] = [];
    const claimed = await db.transaction(async (tx) => {
      const repo = outboxRepository(tx);
      const rows = await repo.claimDue(names, BATCH);
      for (const row of rows) {
        const subscriber = byName.get(row.subscriber);
        if (subscriber?.runs !== 'in-transaction') {
          outside.push(row);
          continue;
        }
        try {
          await tx.transaction((savepoint) => subscriber.handle(savepoint, eventOf(row)));
          await repo.done(row, row.attempts + 1, { forgetPayload: subscriber.forgetsPayload === true });
        } catch (error) {
          await failed(tx, row, row.attempts + 1, error);
        }
      }
      await repo.lease(outside, leaseMs);
      return rows.length;
    });
    for (let i = 0; i < outside.length; i += OUTSIDE_AT_ONCE) {
      await Promise.all(
        outside.slice(i, i + OUTSIDE_AT_ONCE).map((row) => {
          const subscriber = byName.get(row.subscriber);
          return subscriber?.runs === 'outside' ? deliverOutside(row, subscriber) : undefined;
        }),
      );
    }
    return claimed;
  }

  async function deliverDue(): Promise<number> {
    let total = 0;
    for (let n = await deliverBatch(); n > 0; n = await deliverBatch()) total += n;
    return total;
  }

  // One delivery loop at a time per relay; a wake during a run runs it once more after.
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliverDue();
        } catch (error) {
          log.error({ err: describe(error) }, 'outbox relay could not deliver; it will try again');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const listener = options.databaseUrl
    ? await listen(options.databaseUrl, () => void wake(), log)
    : undefined;
  const poll = setInterval(() => void wake(), options.pollMs ?? 1_000);
  poll.unref();
  void wake();

  return {
    deliverDue,
    async drain(timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        await wake();
        const left = await outboxRepository(db).unfinished(names);
        if (left === 0) return;
        if (Date.now() > until) throw new Error(`the outbox did not drain: ${left} deliveries left`);
        // Another relay holds what is left: give it a moment.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      await running;
      await listener?.close();
    },
  };
}

/** A connection that LISTENs on the outbox channel, reconnecting when it drops. */
async function listen(databaseUrl: string, onNotify: () => void, log: Log) {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  function reconnectSoon() {
    if (closed) return;
    retry = setTimeout(() => {
      connect().catch((error: unknown) => {
        log.error(
          { err: describe(error) },
          'outbox listener could not reconnect; the poll delivers meanwhile',
        );
        reconnectSoon();
      });
    }, 1_000);
  }
  async function connect() {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: 'drawhouse-outbox' });
    next.on('notification', onNotify);
    next.on('error', (error) => {
      log.error({ err: describe(error) }, 'outbox listener lost its connection; reconnecting');
      next
        .end()
        .catch((endError: unknown) =>
          log.error({ err: describe(endError) }, 'outbox listener did not close'),
        );
      reconnectSoon();
    });
    await next.connect();
    await next.query('listen outbox');
    client = next;
    onNotify();
  }
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}
