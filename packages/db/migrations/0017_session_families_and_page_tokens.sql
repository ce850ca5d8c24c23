ALTER TABLE "auth_sessions" ADD COLUMN "family_session_id" uuid;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "page_token_hash" text;--> statement-breakpoint
CREATE INDEX "auth_sessions_family_idx" ON "auth_sessions" USING btree ("family_session_id");