CREATE TABLE "draw_tallies" (
	"draw_id" uuid PRIMARY KEY NOT NULL,
	"tickets_scored" integer NOT NULL,
	"games_scored" integer NOT NULL,
	"winning_lines" integer NOT NULL,
	"prize_cents" bigint NOT NULL,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "operators_name_check" CHECK ("operators"."name" ~ '^[a-z0-9][a-z0-9._-]{0,39}$')
);
--> statement-breakpoint
CREATE TABLE "syndicate_entries" (
	"draw_id" uuid PRIMARY KEY NOT NULL,
	"game_type" text NOT NULL,
	"games" jsonb NOT NULL,
	"prize_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draw_tallies" ADD CONSTRAINT "draw_tallies_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syndicate_entries" ADD CONSTRAINT "syndicate_entries_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operators_name_key" ON "operators" USING btree ("name");