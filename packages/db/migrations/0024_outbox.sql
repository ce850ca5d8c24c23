CREATE TABLE "outbox_deliveries" (
	"event_id" bigint NOT NULL,
	"subscriber" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	CONSTRAINT "outbox_deliveries_event_id_subscriber_pk" PRIMARY KEY("event_id","subscriber"),
	CONSTRAINT "outbox_deliveries_status_check" CHECK ("outbox_deliveries"."status" in ('pending', 'claimed', 'done', 'dead')),
	CONSTRAINT "outbox_deliveries_attempts_check" CHECK ("outbox_deliveries"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"aggregate_id" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_deliveries" ADD CONSTRAINT "outbox_deliveries_event_id_outbox_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."outbox_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_deliveries_due_idx" ON "outbox_deliveries" USING btree ("next_attempt_at") WHERE "outbox_deliveries"."status" in ('pending', 'claimed');--> statement-breakpoint
CREATE INDEX "outbox_deliveries_dead_idx" ON "outbox_deliveries" USING btree ("event_id") WHERE "outbox_deliveries"."status" = 'dead';--> statement-breakpoint
CREATE INDEX "outbox_events_aggregate_idx" ON "outbox_events" USING btree ("type","aggregate_id");--> statement-breakpoint
-- Wakes the outbox relays when a transaction that wrote deliveries commits (NOTIFY is sent at commit,
-- and one per transaction however many statements wrote).
CREATE FUNCTION "outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "outbox_deliveries_notify" AFTER INSERT ON "outbox_deliveries"
  FOR EACH STATEMENT EXECUTE FUNCTION "outbox_notify"();
