/**
 * The outbox's promises: an event is followed up only if its transaction commits; each subscriber acts
 * once per event, with several relays running and after a relay that died mid-delivery; a failing
 * subscriber is retried and then delivered, or kept as a dead letter that an operator lists and
 * retries; a subscriber in a transaction leaves nothing behind when it fails. Each test uses
 * subscriber names of its own, so relays of other tests never take its deliveries.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, outboxDeliveries, outboxEvents, sql } from '@drawhouse/db';
import { OUTBOX_MAX_ATTEMPTS } from '@drawhouse/domain';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type OutboxEvent,
  type OutboxRelay,
  outboxRepository,
  pruneOutbox,
  type Subscriber,
  startOutboxRelay,
} from '../src/modules/outbox/index.ts';
import { anotherOperator, operatorRun } from './draws-helpers.ts';
import { getTestDb } from './helpers.ts';
import { testDatabaseUrl } from './test-database.ts';

const { db } = getTestDb();
const databaseUrl = testDatabaseUrl();
const quiet = { error: () => {} };
const relays: OutboxRelay[] = [];

afterEach(async () => {
  await Promise.all(relays.splice(0).map((r) => r.stop()));
});

async function relay(subscribers: Subscriber[], options: { leaseMs?: number; listen?: boolean } = {}) {
  const started = await startOutboxRelay({
    db,
    databaseUrl: options.listen === false ? undefined : databaseUrl,
    subscribers,
    log: quiet,
    retryDelayMs: () => 0,
    pollMs: 50,
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
  });
  relays.push(started);
  return started;
}

const names = (...parts: string[]) => {
  const run = randomUUID().slice(0, 8);
  return parts.map((p) => `test-${p}-${run}`);
};

/** Writes `n` events in one committed transaction, each delivered to `subscribers`. */
async function committedEvents(n: number, subscribers: string[]): Promise<string[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  await db.transaction(async (tx) => {
    for (const id of ids)
      await outboxRepository(tx).insert({ type: 'test.ping', aggregateId: id, payload: { id } }, subscribers);
  });
  return ids;
}

const counter = () => {
  const seen = new Map<string, number>();
  return {
    seen,
    count: (event: OutboxEvent) => seen.set(event.aggregateId, (seen.get(event.aggregateId) ?? 0) + 1),
  };
};

async function statuses(subscriber: string) {
  return db
    .select({
      status: outboxDeliveries.status,
      attempts: outboxDeliveries.attempts,
      eventId: outboxDeliveries.eventId,
    })
    .from(outboxDeliveries)
    .where(eq(outboxDeliveries.subscriber, subscriber));
}

describe('the outbox', () => {
  it('delivers events committed while no relay ran, each once, when one starts', async () => {
    const [inTx, outside] = names('in-tx', 'outside') as [string, string];
    const ids = await committedEvents(5, [inTx, outside]);
    const a = counter();
    const b = counter();
    const started = await relay([
      { name: inTx, runs: 'in-transaction', handle: async (_tx, e) => void a.count(e) },
      { name: outside, runs: 'outside', handle: async (e) => void b.count(e) },
    ]);
    await started.drain();
    for (const id of ids) {
      expect(a.seen.get(id)).toBe(1);
      expect(b.seen.get(id)).toBe(1);
    }
    expect((await statuses(outside)).every((d) => d.status === 'done' && d.attempts === 1)).toBe(true);
  });

  it('delivers nothing for a transaction that rolled back', async () => {
    const [name] = names('rolled-back') as [string];
    const seen = counter();
    const started = await relay([{ name, runs: 'outside', handle: async (e) => void seen.count(e) }]);
    await expect(
      db.transaction(async (tx) => {
        await outboxRepository(tx).insert({ type: 'test.ping', aggregateId: randomUUID(), payload: {} }, [
          name,
        ]);
        throw new Error('the use case failed');
      }),
    ).rejects.toThrow('the use case failed');
    await started.drain();
    expect(seen.seen.size).toBe(0);
    expect(await statuses(name)).toHaveLength(0);
  });

  it('wakes on commit: a relay that only listens delivers without waiting for its poll', async () => {
    const [name] = names('woken') as [string];
    let resolve: (id: string) => void = () => {};
    const delivered = new Promise<string>((r) => {
      resolve = r;
    });
    const started = await startOutboxRelay({
      db,
      databaseUrl,
      subscribers: [{ name, runs: 'outside', handle: async (e) => resolve(e.aggregateId) }],
      log: quiet,
      pollMs: 3_600_000,
    });
    relays.push(started);
    const [id] = await committedEvents(1, [name]);
    expect(await delivered).toBe(id);
  });

  it('with two relays racing over 60 events, each subscriber acts once per event', async () => {
    const [inTx, outside] = names('race-tx', 'race-out') as [string, string];
    const a = counter();
    const b = counter();
    const subscribers: Subscriber[] = [
      { name: inTx, runs: 'in-transaction', handle: async (_tx, e) => void a.count(e) },
      { name: outside, runs: 'outside', handle: async (e) => void b.count(e) },
    ];
    const [one, two] = await Promise.all([relay(subscribers), relay(subscribers)]);
    const ids = (
      await Promise.all(Array.from({ length: 6 }, () => committedEvents(10, [inTx, outside])))
    ).flat();
    await Promise.all([one.drain(), two.drain()]);
    expect(ids).toHaveLength(60);
    for (const id of ids) {
      expect(a.seen.get(id), `in-transaction ${id}`).toBe(1);
      expect(b.seen.get(id), `outside ${id}`).toBe(1);
    }
  });

  it('takes over a delivery whose worker died mid-way once its lease ends', async () => {
    const [name] = names('lease') as [string];
    const [id] = await committedEvents(1, [name]);
    // A worker claimed it and was killed: the row is claimed, its lease already over.
    await db.execute(sql`
      update outbox_deliveries set status = 'claimed', attempts = 1, next_attempt_at = now() - interval '1 second'
      where subscriber = ${name}`);
    const seen = counter();
    const started = await relay([{ name, runs: 'outside', handle: async (e) => void seen.count(e) }]);
    await started.drain();
    expect(seen.seen.get(id ?? '')).toBe(1);
    expect(await statuses(name)).toMatchObject([{ status: 'done', attempts: 2 }]);
  });

  it('retries a subscriber that throws, then delivers it', async () => {
    const [name] = names('flaky') as [string];
    let tries = 0;
    const started = await relay([
      {
        name,
        runs: 'outside',
        handle: async () => {
          tries += 1;
          if (tries < 3) throw new Error('SMTP is down');
        },
      },
    ]);
    await committedEvents(1, [name]);
    await started.drain();
    expect(tries).toBe(3);
    expect(await statuses(name)).toMatchObject([{ status: 'done', attempts: 3 }]);
  });

  it('rolls back what an in-transaction subscriber wrote before it failed', async () => {
    const [name] = names('half') as [string];
    const marker = randomUUID();
    let tries = 0;
    const started = await relay([
      {
        name,
        runs: 'in-transaction',
        handle: async (tx) => {
          tries += 1;
          await tx
            .insert(outboxEvents)
            .values({ type: 'test.half-written', aggregateId: `${marker}-${tries}` });
          if (tries === 1) throw new Error('failed after writing');
        },
      },
    ]);
    await committedEvents(1, [name]);
    await started.drain();
    const written = await db
      .select({ aggregateId: outboxEvents.aggregateId })
      .from(outboxEvents)
      .where(inArray(outboxEvents.aggregateId, [`${marker}-1`, `${marker}-2`]));
    expect(written.map((w) => w.aggregateId)).toEqual([`${marker}-2`]);
  });

  it('keeps what fails every attempt as a dead letter that an operator lists and retries', async () => {
    const [name] = names('dead') as [string];
    let broken = true;
    let delivered = 0;
    const started = await relay([
      {
        name,
        runs: 'in-transaction',
        handle: async () => {
          if (broken) throw new Error('template missing');
          delivered += 1;
        },
      },
    ]);
    await committedEvents(1, [name]);
    await started.drain();
    const [dead] = await statuses(name);
    expect(dead).toMatchObject({ status: 'dead', attempts: OUTBOX_MAX_ATTEMPTS });

    const listed = await operatorRun(db, ['outbox:failed']);
    expect(listed.code).toBe(0);
    expect(listed.text).toMatch(
      new RegExp(
        `^${dead?.eventId}\\t.*\\ttest\\.ping\\t.*\\t${name}\\t${OUTBOX_MAX_ATTEMPTS} tries\\tError: template missing$`,
        'm',
      ),
    );

    expect((await operatorRun(db, ['outbox:retry', String(dead?.eventId)])).code).toBe(1);
    const op = await anotherOperator(db, 'outbox');
    broken = false;
    const retried = await operatorRun(db, ['outbox:retry', String(dead?.eventId), '--token', op.token]);
    expect(retried).toEqual({ code: 0, text: `1 failed delivery put back in line by ${op.name}` });
    await started.drain();
    expect(delivered).toBe(1);
    expect(await statuses(name)).toMatchObject([{ status: 'done', attempts: 1 }]);
    const none = await db
      .select()
      .from(outboxDeliveries)
      .where(and(eq(outboxDeliveries.subscriber, name), eq(outboxDeliveries.status, 'dead')));
    expect(none).toHaveLength(0);
  });

  it('forgets events a month old once every follow-up is done, and keeps what is still owed', async () => {
    const [done, late] = names('kept', 'late') as [string, string];
    const [old, oldDead, oldOwed, recent] = await committedEvents(4, [done]);
    await db.transaction(async (tx) => {
      const [owed] = await tx
        .select({ id: outboxEvents.id })
        .from(outboxEvents)
        .where(eq(outboxEvents.aggregateId, oldOwed as string));
      await tx.insert(outboxDeliveries).values({ eventId: owed?.id as number, subscriber: late });
    });
    const ids = [old, oldDead, oldOwed, recent] as string[];
    await db
      .update(outboxDeliveries)
      .set({ status: 'done', doneAt: sql`now()` })
      .where(eq(outboxDeliveries.subscriber, done));
    await db.execute(sql`update outbox_deliveries set status = 'dead' where subscriber = ${done}
      and event_id = (select id from outbox_events where aggregate_id = ${oldDead})`);
    await db.execute(sql`update outbox_events set created_at = now() - interval '31 days'
      where aggregate_id in (${old}, ${oldDead}, ${oldOwed})`);
    await db.execute(sql`update outbox_events set created_at = now() - interval '29 days'
      where aggregate_id = ${recent}`);

    expect(await pruneOutbox(db)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ aggregateId: outboxEvents.aggregateId })
      .from(outboxEvents)
      .where(inArray(outboxEvents.aggregateId, ids));
    expect(left.map((e) => e.aggregateId).sort()).toEqual([oldDead, oldOwed, recent].sort());
    const deliveries = await db
      .select({ subscriber: outboxDeliveries.subscriber, status: outboxDeliveries.status })
      .from(outboxDeliveries)
      .where(inArray(outboxDeliveries.subscriber, [done, late]));
    expect(deliveries).toHaveLength(4);
    expect(await pruneOutbox(db)).toBe(0);
  });
});
