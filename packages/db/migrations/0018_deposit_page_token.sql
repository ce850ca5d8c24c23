ALTER TABLE "deposits" ADD COLUMN "page_token" text;--> statement-breakpoint
ALTER TABLE "deposits" DROP COLUMN "page_token_hash";