import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * What happened, written in the same transaction as the change it reports (`checkout.completed`,
 * `draw.published`, …). Nothing reads it to decide money: it only drives the follow-ups.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    aggregateId: text('aggregate_id').notNull(),
    payload: jsonb('payload').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_events_aggregate_idx').on(t.type, t.aggregateId)],
);

/**
 * One subscriber's follow-up to one event, created with the event. `pending` waits for
 * `next_attempt_at`; `claimed` is being delivered outside a transaction, and `next_attempt_at` is
 * then the end of its lease (past it, any worker may take it again, so a worker killed mid-delivery
 * loses nothing); `done` happened; `dead` failed every attempt and waits for an operator
 * (`outbox:failed`, `outbox:retry`).
 */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.subscriber] }),
    index('outbox_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'claimed')`),
    index('outbox_deliveries_dead_idx').on(t.eventId).where(sql`${t.status} = 'dead'`),
    check('outbox_deliveries_status_check', sql`${t.status} in ('pending', 'claimed', 'done', 'dead')`),
    check('outbox_deliveries_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
