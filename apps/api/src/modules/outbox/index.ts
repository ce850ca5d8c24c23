import type { DbOrTx } from '@drawhouse/db';
import { OUTBOX_KEEP_DAYS } from '@drawhouse/domain';
import type { EventType, OutboxEvents } from './outbox.events.ts';
import { outboxRepository } from './outbox.repository.ts';
import { SUBSCRIPTIONS } from './outbox.subscriptions.ts';

export type { EventType, OutboxEvent, OutboxEvents } from './outbox.events.ts';
export {
  OUTSIDE_AT_ONCE,
  type OutboxRelay,
  type RelayOptions,
  type Subscriber,
  startOutboxRelay,
} from './outbox.relay.ts';
export { type FailedDelivery, outboxRepository } from './outbox.repository.ts';
export { SUBSCRIPTIONS, subscribedNames } from './outbox.subscriptions.ts';

/**
 * Records that something happened, in the caller's transaction: if it commits, every subscriber of
 * the event's type follows up once; if it rolls back, none does. The only way a use case starts a
 * side effect.
 */
export async function emit<T extends EventType>(
  tx: DbOrTx,
  type: T,
  aggregateId: string,
  payload: OutboxEvents[T],
): Promise<void> {
  await outboxRepository(tx).insert({ type, aggregateId, payload }, SUBSCRIPTIONS[type]);
}

/** Many events of one type at once (one statement per thousand): `emit` for a fan-out. */
export async function emitMany<T extends EventType>(
  tx: DbOrTx,
  type: T,
  events: readonly { aggregateId: string; payload: OutboxEvents[T] }[],
): Promise<void> {
  for (let i = 0; i < events.length; i += 1000) {
    await outboxRepository(tx).insertMany(type, events.slice(i, i + 1000), SUBSCRIPTIONS[type]);
  }
}

/** An event and its subscribers, for a use case that writes it in a statement of its own (the purchase). */
export type OutboxEventRow = {
  type: EventType;
  aggregateId: string;
  payload: unknown;
  subscribers: readonly string[];
};

/**
 * `emit` for a statement that writes the event with the rest of a use case (`outbox_events` and an
 * `outbox_deliveries` row per subscriber, as `emit` writes them): the event's row and subscribers.
 */
export function outboxEvent<T extends EventType>(
  type: T,
  aggregateId: string,
  payload: OutboxEvents[T],
): OutboxEventRow {
  return { type, aggregateId, payload, subscribers: SUBSCRIPTIONS[type] };
}

const PRUNE_BATCH = 5000;

/**
 * Forgets the events whose every follow-up is done and which are older than `OUTBOX_KEEP_DAYS`, a
 * batch (a statement of its own) at a time, so the table holds what is still owed and a month of
 * record; answers how many.
 */
export async function pruneOutbox(db: DbOrTx, keepDays = OUTBOX_KEEP_DAYS): Promise<number> {
  let total = 0;
  for (;;) {
    const pruned = await outboxRepository(db).prune(keepDays, PRUNE_BATCH);
    total += pruned;
    if (pruned < PRUNE_BATCH) return total;
  }
}
