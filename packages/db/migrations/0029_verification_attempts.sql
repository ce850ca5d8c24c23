CREATE TABLE "verification_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text,
	"reason" text,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_attempts_outcome_ck" CHECK (("verification_attempts"."status" = 'in_progress' and "verification_attempts"."outcome" is null) or ("verification_attempts"."status" = 'completed' and "verification_attempts"."outcome" in ('verified', 'not_verified')))
);
--> statement-breakpoint
ALTER TABLE "verification_attempts" ADD CONSTRAINT "verification_attempts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_attempts_customer_idx" ON "verification_attempts" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_attempts_one_in_progress" ON "verification_attempts" USING btree ("customer_id") WHERE "verification_attempts"."status" = 'in_progress';