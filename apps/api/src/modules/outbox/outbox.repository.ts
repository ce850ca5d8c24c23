import { type DbOrTx, sql } from '@drawhouse/db';

export type DeliveryRow = {
  eventId: number;
  subscriber: string;
  attempts: number;
  type: string;
  aggregateId: string;
  payload: unknown;
  createdAt: Date;
};

export type FailedDelivery = {
  eventId: number;
  subscriber: string;
  type: string;
  aggregateId: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
};

type Row = Record<string, unknown>;

const asDelivery = (r: Row): DeliveryRow => ({
  eventId: Number(r.event_id),
  subscriber: String(r.subscriber),
  attempts: Number(r.attempts),
  type: String(r.type),
  aggregateId: String(r.aggregate_id),
  payload: r.payload,
  createdAt: new Date(String(r.created_at)),
});

export function outboxRepository(db: DbOrTx) {
  return {
    /** The event and one pending delivery per subscriber, in one statement of the caller's transaction. */
    async insert(
      event: { type: string; aggregateId: string; payload: unknown },
      subscribers: readonly string[],
    ) {
      await db.execute(sql`
        with e as (
          insert into outbox_events (type, aggregate_id, payload)
          values (${event.type}, ${event.aggregateId}, ${JSON.stringify(event.payload)}::jsonb)
          returning id
        )
        insert into outbox_deliveries (event_id, subscriber)
        select e.id, s from e cross join unnest(${textArray(subscribers)}) as s`);
    },

    /** Many events of one type, each with one pending delivery per subscriber, in one statement. */
    async insertMany(
      type: string,
      events: readonly { aggregateId: string; payload: unknown }[],
      subscribers: readonly string[],
    ) {
      if (events.length === 0) return;
      await db.execute(sql`
        with e as (
          insert into outbox_events (type, aggregate_id, payload)
          select ${type}, a, p from unnest(
            ${textArray(events.map((e) => e.aggregateId))},
            ${textArray(events.map((e) => JSON.stringify(e.payload)))}::jsonb[]
          ) as x(a, p)
          returning id
        )
        insert into outbox_deliveries (event_id, subscriber)
        select e.id, s from e cross join unnest(${textArray(subscribers)}) as s`);
    },

    /** Due deliveries for these subscribers, locked for the caller's transaction (others skip them). */
    async claimDue(subscribers: readonly string[], limit: number): Promise<DeliveryRow[]> {
      const { rows } = await db.execute<Row>(sql`
        select d.event_id, d.subscriber, d.attempts, e.type, e.aggregate_id, e.payload, e.created_at
        from outbox_deliveries d join outbox_events e on e.id = d.event_id
        where d.status in ('pending', 'claimed') and d.next_attempt_at <= now()
          and d.subscriber = any(${textArray(subscribers)})
        order by d.next_attempt_at, d.event_id
        limit ${limit}
        for update of d skip locked`);
      return rows.map(asDelivery);
    },

    /** Leases deliveries that run outside a transaction: counted as tried, due again when the lease ends. */
    async lease(rows: readonly DeliveryRow[], leaseMs: number): Promise<void> {
      if (rows.length === 0) return;
      await db.execute(sql`
        update outbox_deliveries d
        set status = 'claimed', attempts = d.attempts + 1,
            next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
        from unnest(${textArray(rows.map((r) => String(r.eventId)))}::bigint[],
                    ${textArray(rows.map((r) => r.subscriber))}) as k(event_id, subscriber)
        where d.event_id = k.event_id and d.subscriber = k.subscriber`);
    },

    async done(
      row: Pick<DeliveryRow, 'eventId' | 'subscriber'>,
      attempts: number,
      options: { forgetPayload?: boolean } = {},
    ): Promise<void> {
      await db.execute(sql`
        with d as (
          update outbox_deliveries
          set status = 'done', attempts = ${attempts}, done_at = now(), last_error = null
          where event_id = ${row.eventId} and subscriber = ${row.subscriber}
          returning event_id
        )
        update outbox_events set payload = '{}'::jsonb
        where ${options.forgetPayload === true} and id in (select event_id from d)`);
    },

    async failed(
      row: Pick<DeliveryRow, 'eventId' | 'subscriber'>,
      outcome: { attempts: number; dead: boolean; retryInMs: number; error: string },
    ): Promise<void> {
      await db.execute(sql`
        update outbox_deliveries
        set status = ${outcome.dead ? 'dead' : 'pending'}, attempts = ${outcome.attempts},
            next_attempt_at = now() + ${outcome.retryInMs} * interval '1 millisecond',
            last_error = ${outcome.error.slice(0, 1000)}
        where event_id = ${row.eventId} and subscriber = ${row.subscriber}`);
    },

    /** Deliveries still to happen now: due, or being delivered. Later retries are not counted. */
    async unfinished(subscribers: readonly string[]): Promise<number> {
      const { rows } = await db.execute<Row>(sql`
        select count(*)::int as n from outbox_deliveries
        where status in ('pending', 'claimed')
          and (status = 'claimed' or next_attempt_at <= now())
          and subscriber = any(${textArray(subscribers)})`);
      return Number(rows[0]?.n ?? 0);
    },

    async dead(limit: number): Promise<FailedDelivery[]> {
      const { rows } = await db.execute<Row>(sql`
        select d.event_id, d.subscriber, d.attempts, d.last_error, e.type, e.aggregate_id, e.created_at
        from outbox_deliveries d join outbox_events e on e.id = d.event_id
        where d.status = 'dead'
        order by d.event_id
        limit ${limit}`);
      return rows.map((r) => ({
        eventId: Number(r.event_id),
        subscriber: String(r.subscriber),
        type: String(r.type),
        aggregateId: String(r.aggregate_id),
        attempts: Number(r.attempts),
        lastError: r.last_error === null ? null : String(r.last_error),
        createdAt: new Date(String(r.created_at)),
      }));
    },

    /** The payloads of the events of `type` written for these aggregates. */
    async written(
      type: string,
      aggregateIds: readonly string[],
    ): Promise<{ aggregateId: string; payload: unknown }[]> {
      if (aggregateIds.length === 0) return [];
      const { rows } = await db.execute<Row>(sql`
        select aggregate_id, payload from outbox_events
        where type = ${type} and aggregate_id = any(${textArray(aggregateIds)})`);
      return rows.map((r) => ({ aggregateId: String(r.aggregate_id), payload: r.payload }));
    },

    /**
     * Forgets up to `limit` events older than `keepDays` whose every delivery is done (their
     * deliveries go with them), oldest first; answers how many.
     */
    async prune(keepDays: number, limit: number): Promise<number> {
      const { rows } = await db.execute<Row>(sql`
        with gone as (
          select e.id from outbox_events e
          where e.created_at < now() - make_interval(days => ${keepDays}::int)
            and not exists (select 1 from outbox_deliveries d where d.event_id = e.id and d.status <> 'done')
          order by e.id limit ${limit}
        )
        delete from outbox_events e using gone where e.id = gone.id returning e.id`);
      return rows.length;
    },

    /** Puts dead deliveries back in line (all, or one event's); answers how many. */
    async retryDead(only?: { eventId: number; subscriber?: string }): Promise<number> {
      const { rows } = await db.execute<Row>(sql`
        update outbox_deliveries
        set status = 'pending', attempts = 0, next_attempt_at = now()
        where status = 'dead'
          ${only ? sql`and event_id = ${only.eventId}` : sql``}
          ${only?.subscriber ? sql`and subscriber = ${only.subscriber}` : sql``}
        returning event_id`);
      if (rows.length > 0) await db.execute(sql`select pg_notify('outbox', '')`);
      return rows.length;
    },
  };
}

/** One array parameter (node-postgres sends a JS array as a Postgres array). */
const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
