CREATE TABLE "legacy_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legacy_account_id" uuid NOT NULL,
	"legacy_ref" text NOT NULL,
	"product_offer_key" text NOT NULL,
	"game_type" text NOT NULL,
	"game_offer" text NOT NULL,
	"games" jsonb NOT NULL,
	"draw_no" integer NOT NULL,
	"price_cents" bigint NOT NULL,
	"outcome" text,
	"order_id" uuid,
	"moved_at" timestamp with time zone,
	CONSTRAINT "legacy_tickets_ref_key" UNIQUE("legacy_ref"),
	CONSTRAINT "legacy_tickets_price_check" CHECK ("legacy_tickets"."price_cents" >= 0),
	CONSTRAINT "legacy_tickets_outcome_check" CHECK ("legacy_tickets"."outcome" is null or "legacy_tickets"."outcome" in ('entered', 'refunded')),
	CONSTRAINT "legacy_tickets_entered_check" CHECK (("legacy_tickets"."outcome" = 'entered') = ("legacy_tickets"."order_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "legacy_tickets" ADD CONSTRAINT "legacy_tickets_legacy_account_id_legacy_accounts_id_fk" FOREIGN KEY ("legacy_account_id") REFERENCES "public"."legacy_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legacy_tickets_account_idx" ON "legacy_tickets" USING btree ("legacy_account_id");