CREATE TABLE "banned_countries" (
	"country_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_location_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"ip_address" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_location_confirmations" ADD CONSTRAINT "customer_location_confirmations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_location_confirmations_customer_idx" ON "customer_location_confirmations" USING btree ("customer_id","confirmed_at");--> statement-breakpoint
-- Where the shop may not sell: countries whose law forbids selling it, or where it holds no licence.
INSERT INTO "banned_countries" ("country_code", "name") VALUES
  ('US', 'United States'), ('FR', 'France'), ('SG', 'Singapore'), ('CN', 'China'), ('KP', 'North Korea'),
  ('IR', 'Iran'), ('SY', 'Syria'), ('CU', 'Cuba'), ('RU', 'Russia'), ('TR', 'Türkiye')
ON CONFLICT DO NOTHING;
