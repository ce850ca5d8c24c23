CREATE TABLE "placement_cart_primes" (
	"segment_key" text PRIMARY KEY NOT NULL,
	"product_offer_keys" text[] NOT NULL,
	"primed_at" timestamp with time zone DEFAULT now() NOT NULL
);
