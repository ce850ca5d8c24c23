CREATE TABLE "giveaway_entries" (
	"giveaway_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"entry_number" integer NOT NULL,
	"entry_status" text NOT NULL,
	CONSTRAINT "giveaway_entries_giveaway_id_customer_id_pk" PRIMARY KEY("giveaway_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "giveaway_unlocks" (
	"giveaway_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"state" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "giveaway_unlocks_giveaway_id_customer_id_pk" PRIMARY KEY("giveaway_id","customer_id"),
	CONSTRAINT "giveaway_unlocks_state_check" CHECK ("giveaway_unlocks"."state" in ('pending', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "giveaway_winners" (
	"giveaway_id" uuid NOT NULL,
	"prize_index" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"entry_number" integer NOT NULL,
	"title" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"kind" text NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "giveaway_winners_giveaway_id_prize_index_pk" PRIMARY KEY("giveaway_id","prize_index"),
	CONSTRAINT "giveaway_winners_amount_check" CHECK ("giveaway_winners"."amount_cents" >= 0),
	CONSTRAINT "giveaway_winners_kind_check" CHECK ("giveaway_winners"."kind" in ('cash', 'credit'))
);
--> statement-breakpoint
CREATE TABLE "giveaways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"number" integer NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pill" text,
	"permits" text,
	"availability" text DEFAULT 'available' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"details" jsonb NOT NULL,
	"prizes" jsonb NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"seed" "bytea" NOT NULL,
	"commitment" text NOT NULL,
	"algorithm" text DEFAULT 'hmac-sha256-rejection' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"entries" integer,
	"winning_entries" integer[],
	"closed_at" timestamp with time zone,
	"drawn_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giveaways_type_check" CHECK ("giveaways"."type" in ('daily', 'major', 'monthly', 'preview', 'special')),
	CONSTRAINT "giveaways_status_check" CHECK ("giveaways"."status" in ('open', 'closed', 'drawn', 'paid')),
	CONSTRAINT "giveaways_window_check" CHECK ("giveaways"."closes_at" > "giveaways"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "membership_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"source" text NOT NULL,
	"period" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_periods_order_check" CHECK ("membership_periods"."ends_at" > "membership_periods"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"premium_until" timestamp with time zone,
	"joined_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"visited_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_status_check" CHECK ("memberships"."status" in ('member', 'non-member', 'pending-deposit'))
);
--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_giveaway_id_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."giveaways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_unlocks" ADD CONSTRAINT "giveaway_unlocks_giveaway_id_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."giveaways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_unlocks" ADD CONSTRAINT "giveaway_unlocks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_winners" ADD CONSTRAINT "giveaway_winners_giveaway_id_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."giveaways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_winners" ADD CONSTRAINT "giveaway_winners_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_periods" ADD CONSTRAINT "membership_periods_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_entries_number_key" ON "giveaway_entries" USING btree ("giveaway_id","entry_number");--> statement-breakpoint
CREATE INDEX "giveaway_entries_customer_idx" ON "giveaway_entries" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "giveaway_unlocks_customer_idx" ON "giveaway_unlocks" USING btree ("customer_id","state");--> statement-breakpoint
CREATE INDEX "giveaway_winners_customer_idx" ON "giveaway_winners" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "giveaways_type_number_key" ON "giveaways" USING btree ("type","number");--> statement-breakpoint
CREATE UNIQUE INDEX "giveaways_external_id_key" ON "giveaways" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "giveaways_closes_at_idx" ON "giveaways" USING btree ("status","closes_at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_periods_source_key" ON "membership_periods" USING btree ("source");--> statement-breakpoint
CREATE INDEX "membership_periods_customer_idx" ON "membership_periods" USING btree ("customer_id","ends_at");