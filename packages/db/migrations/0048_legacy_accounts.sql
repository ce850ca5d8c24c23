CREATE TABLE "legacy_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"legacy_ref" text NOT NULL,
	"must_migrate_by" timestamp with time zone,
	"held_reason" text,
	"migration_state" text,
	"migration_attempts" integer DEFAULT 0 NOT NULL,
	"migration_error" text,
	"migration_started_at" timestamp with time zone,
	"migrated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_accounts_customer_key" UNIQUE("customer_id"),
	CONSTRAINT "legacy_accounts_ref_key" UNIQUE("legacy_ref"),
	CONSTRAINT "legacy_accounts_state_check" CHECK ("legacy_accounts"."migration_state" is null or "legacy_accounts"."migration_state" in ('in_progress', 'failed', 'migrated')),
	CONSTRAINT "legacy_accounts_migrated_check" CHECK (("legacy_accounts"."migration_state" = 'migrated') = ("legacy_accounts"."migrated_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "legacy_balances" (
	"legacy_account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "legacy_balances_legacy_account_id_kind_pk" PRIMARY KEY("legacy_account_id","kind"),
	CONSTRAINT "legacy_balances_kind_check" CHECK ("legacy_balances"."kind" in ('cash', 'promo')),
	CONSTRAINT "legacy_balances_amount_check" CHECK ("legacy_balances"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "account_upgraded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legacy_accounts" ADD CONSTRAINT "legacy_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_balances" ADD CONSTRAINT "legacy_balances_legacy_account_id_legacy_accounts_id_fk" FOREIGN KEY ("legacy_account_id") REFERENCES "public"."legacy_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('wallet', 'promo', 'gateway_clearing', 'sales', 'prize_liability', 'withdrawals', 'promotions', 'legacy_migration'));