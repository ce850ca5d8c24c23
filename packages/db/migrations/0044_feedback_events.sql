CREATE TABLE "feedback_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" uuid,
	"rating" text NOT NULL,
	"comment" text NOT NULL,
	"email" text,
	"source" text NOT NULL,
	"variant" text,
	"client_release" text NOT NULL,
	"client_name" text NOT NULL,
	"client_version" text NOT NULL,
	"timezone" text NOT NULL,
	"locale" text NOT NULL,
	CONSTRAINT "feedback_events_rating_check" CHECK ("feedback_events"."rating" in ('not_satisfied', 'neutral', 'satisfied'))
);
--> statement-breakpoint
ALTER TABLE "feedback_events" ADD CONSTRAINT "feedback_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_events_created_idx" ON "feedback_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedback_events_rating_idx" ON "feedback_events" USING btree ("rating","created_at");