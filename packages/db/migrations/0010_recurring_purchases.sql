CREATE TABLE "recurring_purchase_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recurring_purchase_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"draw_id" uuid,
	"period_key" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"verification_required" boolean DEFAULT false NOT NULL,
	"order_id" uuid,
	"tries" integer DEFAULT 1 NOT NULL,
	"told_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_purchase_attempts_status_check" CHECK ("recurring_purchase_attempts"."status" in ('purchased', 'soft_failure', 'hard_failure', 'skipped')),
	CONSTRAINT "recurring_purchase_attempts_order_check" CHECK (("recurring_purchase_attempts"."status" = 'purchased') = ("recurring_purchase_attempts"."order_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "recurring_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"product_type" text NOT NULL,
	"product_offer_key" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"paused_until" timestamp with time zone,
	"payload" jsonb NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"quickpick" boolean DEFAULT false NOT NULL,
	"minimum_jackpot_cents" bigint,
	"billing_period" text,
	"source_order_id" uuid,
	"group_id" uuid,
	"last_attempt_status" text,
	"last_attempt_reason" text,
	"last_attempt_at" timestamp with time zone,
	"verification_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "recurring_purchases_type_check" CHECK ("recurring_purchases"."type" in ('autoplay', 'subscription', 'combined_recurring_purchase')),
	CONSTRAINT "recurring_purchases_status_check" CHECK ("recurring_purchases"."status" in ('active', 'paused', 'timed_paused', 'cancelled')),
	CONSTRAINT "recurring_purchases_paused_until_check" CHECK (("recurring_purchases"."status" = 'timed_paused') = ("recurring_purchases"."paused_until" is not null)),
	CONSTRAINT "recurring_purchases_last_attempt_status_check" CHECK ("recurring_purchases"."last_attempt_status" in ('purchased', 'soft_failure', 'hard_failure')),
	CONSTRAINT "recurring_purchases_billing_period_check" CHECK ("recurring_purchases"."billing_period" in ('monthly', 'quarterly', 'biannually', 'annually')),
	CONSTRAINT "recurring_purchases_minimum_jackpot_check" CHECK ("recurring_purchases"."minimum_jackpot_cents" > 0),
	CONSTRAINT "recurring_purchases_quantity_check" CHECK ("recurring_purchases"."quantity" >= 1 and "recurring_purchases"."unit_price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "recurring_purchase_method_key" text DEFAULT 'wallet' NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_purchase_attempts" ADD CONSTRAINT "recurring_purchase_attempts_recurring_purchase_id_recurring_purchases_id_fk" FOREIGN KEY ("recurring_purchase_id") REFERENCES "public"."recurring_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_purchase_attempts" ADD CONSTRAINT "recurring_purchase_attempts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_purchase_attempts" ADD CONSTRAINT "recurring_purchase_attempts_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_purchase_attempts" ADD CONSTRAINT "recurring_purchase_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_purchases" ADD CONSTRAINT "recurring_purchases_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_purchases" ADD CONSTRAINT "recurring_purchases_source_order_id_orders_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_purchase_attempts_period_key" ON "recurring_purchase_attempts" USING btree ("recurring_purchase_id","period_key");--> statement-breakpoint
CREATE INDEX "recurring_purchase_attempts_customer_idx" ON "recurring_purchase_attempts" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_purchases_customer_idx" ON "recurring_purchases" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_purchases_due_idx" ON "recurring_purchases" USING btree ("product_offer_key","id") WHERE "recurring_purchases"."status" <> 'cancelled';