CREATE TABLE "voucher_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"voucher_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"checkout_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"promo_credit_cents" bigint DEFAULT 0 NOT NULL,
	"clawed_back_cents" bigint DEFAULT 0 NOT NULL,
	"clawback_shortfall_cents" bigint DEFAULT 0 NOT NULL,
	"clawed_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_redemptions_seq_check" CHECK ("voucher_redemptions"."seq" >= 1),
	CONSTRAINT "voucher_redemptions_amounts_check" CHECK ("voucher_redemptions"."discount_cents" >= 0 and "voucher_redemptions"."promo_credit_cents" >= 0 and "voucher_redemptions"."clawed_back_cents" >= 0
        and "voucher_redemptions"."clawback_shortfall_cents" >= 0
        and "voucher_redemptions"."clawed_back_cents" + "voucher_redemptions"."clawback_shortfall_cents" <= "voucher_redemptions"."promo_credit_cents")
);
--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "per_customer_limit" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "max_redemptions" integer;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_use_key" ON "voucher_redemptions" USING btree ("voucher_id","customer_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_checkout_key" ON "voucher_redemptions" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_customer_idx" ON "voucher_redemptions" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_per_customer_limit_check" CHECK ("vouchers"."per_customer_limit" >= 1);--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_max_redemptions_check" CHECK ("vouchers"."max_redemptions" is null or "vouchers"."max_redemptions" >= 1);--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_window_check" CHECK ("vouchers"."valid_from" is null or "vouchers"."expires_at" is null or "vouchers"."valid_from" < "vouchers"."expires_at");