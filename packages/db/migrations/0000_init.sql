CREATE TABLE "app_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"secret" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branding" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"region_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"primary_color" text NOT NULL,
	"logo" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "capability_segments" (
	"segment_name" text PRIMARY KEY NOT NULL,
	"capabilities" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "causes" (
	"key" text PRIMARY KEY NOT NULL,
	"url_slug" text NOT NULL,
	"name" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"website" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "causes_url_slug_unique" UNIQUE("url_slug")
);
--> statement-breakpoint
CREATE TABLE "game_offer_prices" (
	"game_offer_key" text NOT NULL,
	"games" integer NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "game_offer_prices_game_offer_key_games_pk" PRIMARY KEY("game_offer_key","games"),
	CONSTRAINT "game_offer_prices_check" CHECK ("game_offer_prices"."games" >= 1 and "game_offer_prices"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_offers" (
	"key" text PRIMARY KEY NOT NULL,
	"product_offer_key" text NOT NULL,
	"game_type_key" text NOT NULL,
	"name" text NOT NULL,
	"min_games" integer NOT NULL,
	"max_games" integer NOT NULL,
	"default_games" integer NOT NULL,
	"default_entry_count" integer DEFAULT 1 NOT NULL,
	"games_per_entry" integer DEFAULT 1 NOT NULL,
	"price_currency" text DEFAULT 'AUD' NOT NULL,
	"number_sets" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_offers_games_check" CHECK ("game_offers"."min_games" >= 1 and "game_offers"."min_games" <= "game_offers"."default_games" and "game_offers"."default_games" <= "game_offers"."max_games")
);
--> statement-breakpoint
CREATE TABLE "game_types" (
	"product_offer_key" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"path_suffix" text DEFAULT '' NOT NULL,
	"default_game_offer" text NOT NULL,
	"recurring_purchase" jsonb,
	"rule" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_types_product_offer_key_key_pk" PRIMARY KEY("product_offer_key","key")
);
--> statement-breakpoint
CREATE TABLE "lotteries" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"time_zone" text DEFAULT 'Australia/Sydney' NOT NULL,
	"schedule" jsonb NOT NULL,
	"stop_minutes_before" integer DEFAULT 60 NOT NULL,
	"draw_no_offset" integer DEFAULT 0 NOT NULL,
	"drawn_sets" jsonb NOT NULL,
	"jackpot" jsonb NOT NULL,
	"prize_divisions" jsonb NOT NULL,
	"linked_lottery_keys" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricings" (
	"name" text PRIMARY KEY NOT NULL,
	"segment_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_offer_causes" (
	"product_offer_key" text NOT NULL,
	"cause_key" text NOT NULL,
	CONSTRAINT "product_offer_causes_product_offer_key_cause_key_pk" PRIMARY KEY("product_offer_key","cause_key")
);
--> statement-breakpoint
CREATE TABLE "product_offers" (
	"key" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"availability" text DEFAULT 'available' NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"display_category" text NOT NULL,
	"ranking" integer NOT NULL,
	"highlighted" boolean DEFAULT false NOT NULL,
	"mega_jackpot" boolean DEFAULT false NOT NULL,
	"lottery_key" text,
	"description" text DEFAULT '' NOT NULL,
	"facts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"brand" jsonb,
	"restrictions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"url_aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recurring_purchase" jsonb,
	"required_capabilities" text[] DEFAULT '{}'::text[] NOT NULL,
	"syndicate_tickets" jsonb,
	"syndicate_total_shares" integer,
	"syndicate_shares_sold" integer,
	"syndicate_encoded_id" text,
	"cost_per_share_cents" integer,
	CONSTRAINT "product_offers_type_check" CHECK ("product_offers"."type" in ('lottery_ticket', 'raffle_ticket', 'syndicate_share', 'membership')),
	CONSTRAINT "product_offers_availability_check" CHECK ("product_offers"."availability" in ('available', 'unavailable')),
	CONSTRAINT "product_offers_cost_per_share_check" CHECK ("product_offers"."cost_per_share_cents" is null or "product_offers"."cost_per_share_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "raffle_books" (
	"product_offer_key" text NOT NULL,
	"num_tickets" integer NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "raffle_books_product_offer_key_num_tickets_pk" PRIMARY KEY("product_offer_key","num_tickets"),
	CONSTRAINT "raffle_books_check" CHECK ("raffle_books"."num_tickets" >= 1 and "raffle_books"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "raffle_prizes" (
	"product_offer_key" text NOT NULL,
	"rank" integer NOT NULL,
	"name" text NOT NULL,
	"value_cents" bigint NOT NULL,
	CONSTRAINT "raffle_prizes_product_offer_key_rank_pk" PRIMARY KEY("product_offer_key","rank")
);
--> statement-breakpoint
CREATE TABLE "raffles" (
	"product_offer_key" text PRIMARY KEY NOT NULL,
	"cause_key" text NOT NULL,
	"total_tickets" integer NOT NULL,
	"tickets_sold" integer DEFAULT 0 NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"postal_entry_available" boolean DEFAULT false NOT NULL,
	CONSTRAINT "raffles_tickets_check" CHECK ("raffles"."tickets_sold" >= 0 and "raffles"."tickets_sold" <= "raffles"."total_tickets")
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_files" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_items" (
	"collection" text NOT NULL,
	"id" text NOT NULL,
	"slug" text,
	"data" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_items_collection_id_pk" PRIMARY KEY("collection","id"),
	CONSTRAINT "cms_items_collection_slug_key" UNIQUE("collection","slug")
);
--> statement-breakpoint
CREATE TABLE "site_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"locale" text NOT NULL,
	"id" text NOT NULL,
	"category" text NOT NULL,
	"type" text DEFAULT 'text' NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "translations_locale_id_pk" PRIMARY KEY("locale","id")
);
--> statement-breakpoint
CREATE TABLE "draw_prize_divisions" (
	"draw_id" uuid NOT NULL,
	"division" integer NOT NULL,
	"description" text NOT NULL,
	"winners" integer DEFAULT 0 NOT NULL,
	"prize_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "draw_prize_divisions_draw_id_division_pk" PRIMARY KEY("draw_id","division")
);
--> statement-breakpoint
CREATE TABLE "draw_results" (
	"draw_id" uuid PRIMARY KEY NOT NULL,
	"numbers" jsonb NOT NULL,
	"supplementary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_offer_key" text NOT NULL,
	"draw_no" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'DRAW_OPEN' NOT NULL,
	"stop_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"pre_order_start_at" timestamp with time zone,
	"prize_pool_cents" bigint,
	"prize_pool_suffix" text DEFAULT '' NOT NULL,
	"is_prize_pool_unknown" boolean DEFAULT false NOT NULL,
	"purchase_status" text DEFAULT 'pre_order' NOT NULL,
	"feature_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draws_product_offer_draw_no_key" UNIQUE("product_offer_key","draw_no"),
	CONSTRAINT "draws_stop_before_draw_check" CHECK ("draws"."stop_at" <= "draws"."draw_at"),
	CONSTRAINT "draws_status_check" CHECK ("draws"."status" in ('DRAW_OPEN', 'DRAW_CLOSED', 'DRAW_DRAWN', 'DRAW_SCORED', 'DRAW_PAID', 'DRAW_EMAILED', 'DRAW_CAPPED')),
	CONSTRAINT "draws_type_check" CHECK ("draws"."type" in ('lottery_ticket_draw', 'syndicate_share_draw', 'raffle_ticket_draw')),
	CONSTRAINT "draws_purchase_status_check" CHECK ("draws"."purchase_status" in ('open', 'pre_order', 'sold_out', 'past_draw'))
);
--> statement-breakpoint
ALTER TABLE "game_offer_prices" ADD CONSTRAINT "game_offer_prices_game_offer_key_game_offers_key_fk" FOREIGN KEY ("game_offer_key") REFERENCES "public"."game_offers"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_offers" ADD CONSTRAINT "game_offers_product_offer_key_game_type_key_game_types_product_offer_key_key_fk" FOREIGN KEY ("product_offer_key","game_type_key") REFERENCES "public"."game_types"("product_offer_key","key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_types" ADD CONSTRAINT "game_types_product_offer_key_product_offers_key_fk" FOREIGN KEY ("product_offer_key") REFERENCES "public"."product_offers"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricings" ADD CONSTRAINT "pricings_segment_name_capability_segments_segment_name_fk" FOREIGN KEY ("segment_name") REFERENCES "public"."capability_segments"("segment_name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_offer_causes" ADD CONSTRAINT "product_offer_causes_product_offer_key_product_offers_key_fk" FOREIGN KEY ("product_offer_key") REFERENCES "public"."product_offers"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_offer_causes" ADD CONSTRAINT "product_offer_causes_cause_key_causes_key_fk" FOREIGN KEY ("cause_key") REFERENCES "public"."causes"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_offers" ADD CONSTRAINT "product_offers_lottery_key_lotteries_key_fk" FOREIGN KEY ("lottery_key") REFERENCES "public"."lotteries"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_books" ADD CONSTRAINT "raffle_books_product_offer_key_raffles_product_offer_key_fk" FOREIGN KEY ("product_offer_key") REFERENCES "public"."raffles"("product_offer_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_prizes" ADD CONSTRAINT "raffle_prizes_product_offer_key_raffles_product_offer_key_fk" FOREIGN KEY ("product_offer_key") REFERENCES "public"."raffles"("product_offer_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_product_offer_key_product_offers_key_fk" FOREIGN KEY ("product_offer_key") REFERENCES "public"."product_offers"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_cause_key_causes_key_fk" FOREIGN KEY ("cause_key") REFERENCES "public"."causes"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_prize_divisions" ADD CONSTRAINT "draw_prize_divisions_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_results" ADD CONSTRAINT "draw_results_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_product_offer_key_product_offers_key_fk" FOREIGN KEY ("product_offer_key") REFERENCES "public"."product_offers"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_offers_product_offer_idx" ON "game_offers" USING btree ("product_offer_key");--> statement-breakpoint
CREATE INDEX "product_offer_causes_cause_idx" ON "product_offer_causes" USING btree ("cause_key");--> statement-breakpoint
CREATE INDEX "product_offers_ranking_idx" ON "product_offers" USING btree ("ranking");--> statement-breakpoint
CREATE INDEX "translations_locale_category_idx" ON "translations" USING btree ("locale","category");--> statement-breakpoint
CREATE INDEX "draws_product_offer_draw_at_idx" ON "draws" USING btree ("product_offer_key","draw_at");--> statement-breakpoint
CREATE INDEX "draws_status_stop_at_idx" ON "draws" USING btree ("status","stop_at");