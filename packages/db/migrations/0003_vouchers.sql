CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"amount_cents" integer,
	"percent_basis_points" integer,
	"min_spend_cents" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_type_check" CHECK ("vouchers"."type" in ('voucher_fixed_discount', 'voucher_percent_discount', 'voucher_fixed_discount_expire', 'voucher_credit_amount')),
	CONSTRAINT "vouchers_value_check" CHECK (case when "vouchers"."type" = 'voucher_percent_discount'
        then "vouchers"."percent_basis_points" between 1 and 10000 and "vouchers"."amount_cents" is null
        else "vouchers"."amount_cents" > 0 and "vouchers"."percent_basis_points" is null end),
	CONSTRAINT "vouchers_min_spend_check" CHECK ("vouchers"."min_spend_cents" >= 0),
	CONSTRAINT "vouchers_expire_check" CHECK ("vouchers"."type" <> 'voucher_fixed_discount_expire' or "vouchers"."expires_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "voucher_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_lower_key" ON "vouchers" USING btree (lower("code"));--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE set null ON UPDATE no action;