ALTER TABLE "draw_result_entries" DROP CONSTRAINT "draw_result_entries_status_check";--> statement-breakpoint
ALTER TABLE "ticket_payouts" DROP CONSTRAINT "ticket_payouts_status_check";--> statement-breakpoint
DROP INDEX "draw_result_entries_operator_key";--> statement-breakpoint
ALTER TABLE "draw_result_entries" ADD COLUMN "kind" text DEFAULT 'results' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "draw_result_entries_operator_kind_key" ON "draw_result_entries" USING btree ("draw_id","kind","operator") WHERE "draw_result_entries"."status" in ('pending', 'published');--> statement-breakpoint
ALTER TABLE "draw_result_entries" ADD CONSTRAINT "draw_result_entries_kind_check" CHECK ("draw_result_entries"."kind" in ('results', 'prizes'));--> statement-breakpoint
ALTER TABLE "draw_result_entries" ADD CONSTRAINT "draw_result_entries_status_check" CHECK ("draw_result_entries"."status" in ('pending', 'published', 'mismatched', 'void'));--> statement-breakpoint
ALTER TABLE "ticket_payouts" ADD CONSTRAINT "ticket_payouts_status_check" CHECK ("ticket_payouts"."status" in ('prize_pending', 'pending', 'held', 'paid'));