/** Reading what a use case wrote to the outbox, and delivering a stored event again. */
import { type Database, eq, outboxEvents } from '@drawhouse/db';
import type { OutboxEvent, Subscriber } from '../src/modules/outbox/index.ts';

/** A stored event as its subscribers receive it. */
export async function storedEvent(db: Database, eventId: number | string): Promise<OutboxEvent> {
  const [row] = await db
    .select()
    .from(outboxEvents)
    .where(eq(outboxEvents.id, Number(eventId)));
  if (!row) throw new Error(`no outbox event ${eventId}`);
  // The payload was written from the event's own type.
  return { ...row, type: row.type, payload: row.payload } as OutboxEvent;
}

/** Delivers a stored event to `subscriber` once more, as a relay that took it again would. */
export async function deliverAgain(db: Database, subscriber: Subscriber, eventId: number | string) {
  const event = await storedEvent(db, eventId);
  if (subscriber.runs === 'in-transaction') await db.transaction((tx) => subscriber.handle(tx, event));
  else await subscriber.handle(event);
}
