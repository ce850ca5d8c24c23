CREATE TABLE "verification_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verification_attempts" DROP CONSTRAINT "verification_attempts_outcome_ck";--> statement-breakpoint
ALTER TABLE "verification_attempts" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "verification_attempts" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "verification_attempts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_files" ADD CONSTRAINT "verification_files_attempt_id_verification_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."verification_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_files_attempt_kind" ON "verification_files" USING btree ("attempt_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_files_storage_key" ON "verification_files" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_attempts_one_pending" ON "verification_attempts" USING btree ("customer_id","method") WHERE "verification_attempts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "verification_attempts_pending_idx" ON "verification_attempts" USING btree ("created_at") WHERE "verification_attempts"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "verification_attempts" ADD CONSTRAINT "verification_attempts_outcome_ck" CHECK (("verification_attempts"."status" in ('in_progress', 'pending') and "verification_attempts"."outcome" is null) or ("verification_attempts"."status" = 'completed' and "verification_attempts"."outcome" in ('verified', 'not_verified')));