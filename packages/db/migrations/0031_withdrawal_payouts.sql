CREATE TABLE "sandbox_payouts" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approval" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_reference" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_speed" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "card_legs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('requested', 'approved', 'paying', 'paid', 'rejected', 'failed', 'cancelled'));