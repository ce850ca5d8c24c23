CREATE TABLE "draw_result_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draw_id" uuid NOT NULL,
	"operator" text NOT NULL,
	"numbers" jsonb NOT NULL,
	"supplementary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prizes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draw_result_entries_status_check" CHECK ("draw_result_entries"."status" in ('pending', 'published', 'mismatched'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"title" text NOT NULL,
	"icon" text NOT NULL,
	"message" text NOT NULL,
	"is_auto_dismissed" boolean DEFAULT false NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"viewed_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_remainders" (
	"draw_id" uuid NOT NULL,
	"entry_key" text NOT NULL,
	"prize_cents" bigint NOT NULL,
	"distributed_cents" bigint NOT NULL,
	"remainder_cents" bigint NOT NULL,
	CONSTRAINT "prize_remainders_draw_id_entry_key_pk" PRIMARY KEY("draw_id","entry_key"),
	CONSTRAINT "prize_remainders_sum_check" CHECK ("prize_remainders"."distributed_cents" + "prize_remainders"."remainder_cents" = "prize_remainders"."prize_cents" and "prize_remainders"."remainder_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "raffle_draw_seeds" (
	"draw_id" uuid PRIMARY KEY NOT NULL,
	"seed" "bytea" NOT NULL,
	"commitment" text NOT NULL,
	"algorithm" text DEFAULT 'hmac-sha256-rejection' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"tickets_sold" integer,
	"winning_tickets" integer[],
	"drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_payouts" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"draw_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"prize_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transfer_id" uuid,
	"approved_by" text,
	"paid_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_payouts_status_check" CHECK ("ticket_payouts"."status" in ('pending', 'held', 'paid')),
	CONSTRAINT "ticket_payouts_prize_check" CHECK ("ticket_payouts"."prize_cents" >= 0),
	CONSTRAINT "ticket_payouts_paid_check" CHECK (("ticket_payouts"."status" = 'paid') = ("ticket_payouts"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "ticket_wins" (
	"ticket_id" uuid NOT NULL,
	"game_index" integer NOT NULL,
	"division" integer NOT NULL,
	"draw_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"combos" integer DEFAULT 1 NOT NULL,
	"prize_cents" bigint,
	"prize_name" text,
	CONSTRAINT "ticket_wins_ticket_id_game_index_division_pk" PRIMARY KEY("ticket_id","game_index","division"),
	CONSTRAINT "ticket_wins_combos_check" CHECK ("ticket_wins"."combos" >= 1),
	CONSTRAINT "ticket_wins_prize_check" CHECK ("ticket_wins"."prize_cents" is null or "ticket_wins"."prize_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "winner_publicity" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "scored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
-- Raffle numbers now run 1..N within each draw: numbers sold so far belong to their ticket's draw.
ALTER TABLE "raffle_ticket_numbers" ADD COLUMN "draw_id" uuid;--> statement-breakpoint
UPDATE "raffle_ticket_numbers" n SET "draw_id" = t."draw_id" FROM "tickets" t WHERE t."id" = n."ticket_id";--> statement-breakpoint
ALTER TABLE "raffle_ticket_numbers" ALTER COLUMN "draw_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "raffle_ticket_numbers" DROP CONSTRAINT "raffle_ticket_numbers_product_offer_key_number_pk";--> statement-breakpoint
ALTER TABLE "raffle_ticket_numbers" ADD CONSTRAINT "raffle_ticket_numbers_draw_id_number_pk" PRIMARY KEY("draw_id","number");--> statement-breakpoint
ALTER TABLE "draw_result_entries" ADD CONSTRAINT "draw_result_entries_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_remainders" ADD CONSTRAINT "prize_remainders_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_draw_seeds" ADD CONSTRAINT "raffle_draw_seeds_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_payouts" ADD CONSTRAINT "ticket_payouts_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_payouts" ADD CONSTRAINT "ticket_payouts_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_payouts" ADD CONSTRAINT "ticket_payouts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_wins" ADD CONSTRAINT "ticket_wins_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_wins" ADD CONSTRAINT "ticket_wins_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_wins" ADD CONSTRAINT "ticket_wins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draw_result_entries_draw_idx" ON "draw_result_entries" USING btree ("draw_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_result_entries_operator_key" ON "draw_result_entries" USING btree ("draw_id","operator") WHERE "draw_result_entries"."status" <> 'mismatched';--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_source_key" ON "notifications" USING btree ("customer_id","source_key");--> statement-breakpoint
CREATE INDEX "notifications_customer_idx" ON "notifications" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_payouts_draw_idx" ON "ticket_payouts" USING btree ("draw_id","status");--> statement-breakpoint
CREATE INDEX "ticket_payouts_customer_idx" ON "ticket_payouts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "ticket_wins_draw_idx" ON "ticket_wins" USING btree ("draw_id");--> statement-breakpoint
CREATE INDEX "ticket_wins_customer_idx" ON "ticket_wins" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "raffle_ticket_numbers" ADD CONSTRAINT "raffle_ticket_numbers_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_winner_publicity_check" CHECK ("customers"."winner_publicity" in ('none', 'first_name_suburb'));