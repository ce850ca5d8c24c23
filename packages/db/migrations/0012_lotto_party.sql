CREATE TABLE "lotto_party_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"publicity_status" text DEFAULT 'private' NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotto_party_groups_publicity_check" CHECK ("lotto_party_groups"."publicity_status" in ('private', 'promoted', 'public'))
);
--> statement-breakpoint
CREATE TABLE "lotto_party_invites" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lotto_party_members" (
	"group_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotto_party_members_group_id_customer_id_pk" PRIMARY KEY("group_id","customer_id"),
	CONSTRAINT "lotto_party_members_role_check" CHECK ("lotto_party_members"."role" in ('owner', 'member'))
);
--> statement-breakpoint
CREATE TABLE "lotto_party_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"draw_id" uuid NOT NULL,
	"product_offer_key" text NOT NULL,
	"game_offer" text NOT NULL,
	"share_price_cents" bigint NOT NULL,
	"total_shares" integer NOT NULL,
	"shares_sold" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"autosession_status" text DEFAULT 'off' NOT NULL,
	"created_by" uuid NOT NULL,
	"games" jsonb,
	"spent_cents" bigint,
	"refunded_cents" bigint,
	"prize_cents" bigint,
	"next_session_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "lotto_party_sessions_status_check" CHECK ("lotto_party_sessions"."status" in ('open', 'closed', 'paid', 'cancelled')),
	CONSTRAINT "lotto_party_sessions_autosession_check" CHECK ("lotto_party_sessions"."autosession_status" in ('on', 'paused', 'off')),
	CONSTRAINT "lotto_party_sessions_price_check" CHECK ("lotto_party_sessions"."share_price_cents" > 0),
	CONSTRAINT "lotto_party_sessions_shares_check" CHECK ("lotto_party_sessions"."total_shares" > 0 and "lotto_party_sessions"."shares_sold" >= 0 and "lotto_party_sessions"."shares_sold" <= "lotto_party_sessions"."total_shares")
);
--> statement-breakpoint
CREATE TABLE "lotto_party_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"shares" integer NOT NULL,
	"paid_cents" bigint NOT NULL,
	"refund_cents" bigint,
	"prize_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotto_party_shares_count_check" CHECK ("lotto_party_shares"."shares" > 0)
);
--> statement-breakpoint
ALTER TABLE "lotto_party_groups" ADD CONSTRAINT "lotto_party_groups_owner_id_customers_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_party_invites" ADD CONSTRAINT "lotto_party_invites_group_id_lotto_party_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."lotto_party_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_party_invites" ADD CONSTRAINT "lotto_party_invites_created_by_customers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_party_members" ADD CONSTRAINT "lotto_party_members_group_id_lotto_party_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."lotto_party_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_party_members" ADD CONSTRAINT "lotto_party_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_party_sessions" ADD CONSTRAINT "lotto_party_sessions_group_id_lotto_party_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."lotto_party_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_party_sessions" ADD CONSTRAINT "lotto_party_sessions_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_party_sessions" ADD CONSTRAINT "lotto_party_sessions_created_by_customers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_party_shares" ADD CONSTRAINT "lotto_party_shares_session_id_lotto_party_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."lotto_party_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_party_shares" ADD CONSTRAINT "lotto_party_shares_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_party_shares" ADD CONSTRAINT "lotto_party_shares_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lotto_party_groups_name_key" ON "lotto_party_groups" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "lotto_party_invites_group_idx" ON "lotto_party_invites" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "lotto_party_members_customer_idx" ON "lotto_party_members" USING btree ("customer_id","joined_at");--> statement-breakpoint
CREATE INDEX "lotto_party_sessions_group_idx" ON "lotto_party_sessions" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "lotto_party_sessions_draw_idx" ON "lotto_party_sessions" USING btree ("draw_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "lotto_party_sessions_group_draw" ON "lotto_party_sessions" USING btree ("group_id","draw_id") WHERE "lotto_party_sessions"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "lotto_party_shares_order" ON "lotto_party_shares" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "lotto_party_shares_session_idx" ON "lotto_party_shares" USING btree ("session_id","customer_id");--> statement-breakpoint
CREATE INDEX "lotto_party_shares_customer_idx" ON "lotto_party_shares" USING btree ("customer_id","created_at");