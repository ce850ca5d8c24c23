CREATE TABLE "sandbox_charges" (
	"deposit_id" uuid PRIMARY KEY NOT NULL,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
