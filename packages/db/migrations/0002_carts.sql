CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"product_offer_key" text NOT NULL,
	"product_type" text NOT NULL,
	"draw_id" uuid,
	"first_draw_no" integer,
	"num_draws" integer DEFAULT 1 NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recurring_purchase" jsonb,
	"affiliate_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_product_type_check" CHECK ("cart_items"."product_type" in ('lottery_ticket', 'raffle_ticket', 'syndicate_share', 'membership')),
	CONSTRAINT "cart_items_quantity_check" CHECK ("cart_items"."quantity" between 1 and 1000),
	CONSTRAINT "cart_items_num_draws_check" CHECK ("cart_items"."num_draws" between 1 and 1000),
	CONSTRAINT "cart_items_unit_price_check" CHECK ("cart_items"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"anonymous_token_hash" text,
	"customer_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone,
	"converted_to_cart_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_status_check" CHECK ("carts"."status" in ('open', 'converted', 'purchased')),
	CONSTRAINT "carts_owner_check" CHECK (("carts"."anonymous_token_hash" is null) <> ("carts"."customer_id" is null))
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_cart_idx" ON "cart_items" USING btree ("cart_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_anonymous_token_hash_key" ON "carts" USING btree ("anonymous_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_open_customer_key" ON "carts" USING btree ("customer_id") WHERE "carts"."status" = 'open';