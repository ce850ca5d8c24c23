CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"allowed_offers" text[] DEFAULT '{}'::text[] NOT NULL,
	"branding" jsonb NOT NULL,
	"autologin_failure_path" text DEFAULT '/login' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "partner_key" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "channel_key" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "partner_metadata" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "partners_slug_key" ON "partners" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_key_key" ON "partners" USING btree ("key");