ALTER TABLE "withdrawals" ADD COLUMN "told_status" text;--> statement-breakpoint
CREATE INDEX "withdrawals_untold_idx" ON "withdrawals" USING btree ("id") WHERE "withdrawals"."told_status" is distinct from "withdrawals"."status";--> statement-breakpoint
UPDATE "withdrawals" SET "told_status" = "status";
