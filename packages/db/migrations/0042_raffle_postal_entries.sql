CREATE TABLE "raffle_postal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_offer_key" text NOT NULL,
	"draw_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"operator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "raffle_postal_entries" ADD CONSTRAINT "raffle_postal_entries_product_offer_key_raffles_product_offer_key_fk" FOREIGN KEY ("product_offer_key") REFERENCES "public"."raffles"("product_offer_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_postal_entries" ADD CONSTRAINT "raffle_postal_entries_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "raffle_postal_entries_email_idx" ON "raffle_postal_entries" USING btree ("draw_id","email_key");--> statement-breakpoint
CREATE UNIQUE INDEX "raffle_postal_entries_number_idx" ON "raffle_postal_entries" USING btree ("draw_id","number");