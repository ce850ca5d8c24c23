CREATE TABLE "syndicate_draw_shares" (
	"draw_id" uuid PRIMARY KEY NOT NULL,
	"total_shares" integer NOT NULL,
	"shares_sold" integer DEFAULT 0 NOT NULL,
	"outcome" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "syndicate_draw_shares_sold_check" CHECK ("syndicate_draw_shares"."total_shares" > 0 and "syndicate_draw_shares"."shares_sold" >= 0 and "syndicate_draw_shares"."shares_sold" <= "syndicate_draw_shares"."total_shares"),
	CONSTRAINT "syndicate_draw_shares_outcome_check" CHECK (("syndicate_draw_shares"."outcome" is null or "syndicate_draw_shares"."outcome" in ('completed_by_house', 'cancelled')) and ("syndicate_draw_shares"."outcome" is null) = ("syndicate_draw_shares"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "syndicate_share_refunds" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"draw_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"refund_cents" bigint NOT NULL,
	"transfer_id" uuid NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL,
	"told_at" timestamp with time zone,
	CONSTRAINT "syndicate_share_refunds_cents_check" CHECK ("syndicate_share_refunds"."refund_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "syndicate_draw_shares" ADD CONSTRAINT "syndicate_draw_shares_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syndicate_share_refunds" ADD CONSTRAINT "syndicate_share_refunds_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syndicate_share_refunds" ADD CONSTRAINT "syndicate_share_refunds_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syndicate_share_refunds" ADD CONSTRAINT "syndicate_share_refunds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "syndicate_share_refunds_draw_idx" ON "syndicate_share_refunds" USING btree ("draw_id");--> statement-breakpoint
-- Draws on sale count their own shares from now on: what their tickets already hold.
INSERT INTO "syndicate_draw_shares" ("draw_id", "total_shares", "shares_sold")
SELECT d."id", greatest(o."syndicate_total_shares", coalesce(s."sold", 0)), coalesce(s."sold", 0)
FROM "draws" d
JOIN "product_offers" o ON o."key" = d."product_offer_key"
LEFT JOIN (
  SELECT "draw_id", sum("num_shares")::int AS "sold" FROM "tickets" WHERE "num_shares" > 0 GROUP BY "draw_id"
) s ON s."draw_id" = d."id"
WHERE d."type" = 'syndicate_share_draw' AND d."status" = 'DRAW_OPEN' AND o."syndicate_total_shares" > 0;
