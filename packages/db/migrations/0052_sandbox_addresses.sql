CREATE TABLE "sandbox_addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"address_line" text NOT NULL,
	"suburb" text NOT NULL,
	"state" text NOT NULL,
	"postcode" text NOT NULL,
	"search" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_addresses_suburb_idx" ON "sandbox_addresses" USING btree ("state","suburb");