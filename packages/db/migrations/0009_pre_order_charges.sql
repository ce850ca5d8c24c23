ALTER TABLE "scheduled_purchases" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_purchases" ADD COLUMN "charged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_purchases" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "scheduled_purchases" ADD COLUMN "last_attempt_status" text;--> statement-breakpoint
ALTER TABLE "scheduled_purchases" ADD COLUMN "last_attempt_reason" text;--> statement-breakpoint
ALTER TABLE "scheduled_purchases" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_purchases" ADD COLUMN "told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_purchases" ADD CONSTRAINT "scheduled_purchases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_purchases_pre_orders_due_idx" ON "scheduled_purchases" USING btree ("draw_id") WHERE "scheduled_purchases"."kind" = 'pre_order' and "scheduled_purchases"."status" = 'active' and "scheduled_purchases"."charged_at" is null;--> statement-breakpoint
CREATE INDEX "scheduled_purchases_untold_idx" ON "scheduled_purchases" USING btree ("last_attempt_at") WHERE "scheduled_purchases"."last_attempt_status" is not null and "scheduled_purchases"."told_at" is null;--> statement-breakpoint
ALTER TABLE "scheduled_purchases" ADD CONSTRAINT "scheduled_purchases_last_attempt_status_check" CHECK ("scheduled_purchases"."last_attempt_status" in ('purchased', 'soft_failure', 'hard_failure'));