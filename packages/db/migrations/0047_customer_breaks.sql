ALTER TABLE "customer_limits" DROP CONSTRAINT "customer_limits_kind_check";--> statement-breakpoint
ALTER TABLE "customer_limits" ADD COLUMN "break_kind" text;--> statement-breakpoint
ALTER TABLE "customer_limits" ADD COLUMN "break_period" text;--> statement-breakpoint
ALTER TABLE "customer_limits" ADD COLUMN "break_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_limits" ADD COLUMN "break_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_limits" ADD CONSTRAINT "customer_limits_break_check" CHECK ("customer_limits"."break_kind" is null or ("customer_limits"."kind" = 'break' and "customer_limits"."break_kind" in ('take_a_break', 'self_exclusion') and "customer_limits"."break_starts_at" is not null));--> statement-breakpoint
ALTER TABLE "customer_limits" ADD CONSTRAINT "customer_limits_kind_check" CHECK ("customer_limits"."kind" in ('spend_daily', 'spend_weekly', 'spend_monthly', 'deposit_weekly', 'precommitment', 'break'));