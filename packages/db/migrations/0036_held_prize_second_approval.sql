ALTER TABLE "draws" ADD COLUMN "release_first_approved_by" text;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "release_first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "release_first_approved_cents" bigint;