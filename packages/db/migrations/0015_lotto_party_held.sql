ALTER TABLE "lotto_party_sessions" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lotto_party_sessions" ADD COLUMN "approved_by" text;