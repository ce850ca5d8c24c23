CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" bigint,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"customer_id" uuid,
	"code" text,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"tracks_totals" boolean NOT NULL,
	"debits_must_not_exceed_credits" boolean DEFAULT false NOT NULL,
	"debits_pending" bigint DEFAULT 0 NOT NULL,
	"debits_posted" bigint DEFAULT 0 NOT NULL,
	"credits_pending" bigint DEFAULT 0 NOT NULL,
	"credits_posted" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."customer_id" is null) <> ("ledger_accounts"."code" is null)),
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('wallet', 'promo', 'gateway_clearing', 'sales', 'prize_liability', 'withdrawals', 'promotions')),
	CONSTRAINT "ledger_accounts_totals_check" CHECK ("ledger_accounts"."debits_pending" >= 0 and "ledger_accounts"."debits_posted" >= 0 and "ledger_accounts"."credits_pending" >= 0 and "ledger_accounts"."credits_posted" >= 0),
	CONSTRAINT "ledger_accounts_balance_check" CHECK (not "ledger_accounts"."debits_must_not_exceed_credits" or "ledger_accounts"."debits_posted" + "ledger_accounts"."debits_pending" <= "ledger_accounts"."credits_posted")
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"debit_account_id" bigint NOT NULL,
	"credit_account_id" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"flag" text NOT NULL,
	"pending_id" uuid,
	"code" text NOT NULL,
	"customer_id" uuid,
	"reference" text,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_check" CHECK ("ledger_transfers"."amount_cents" > 0),
	CONSTRAINT "ledger_transfers_accounts_check" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_flag_check" CHECK ("ledger_transfers"."flag" in ('posted', 'pending', 'post_pending', 'void_pending')),
	CONSTRAINT "ledger_transfers_pending_id_check" CHECK (("ledger_transfers"."pending_id" is null) = ("ledger_transfers"."flag" in ('posted', 'pending')))
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"cart_id" uuid NOT NULL,
	"cart_total_cents" bigint NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"pre_order_total_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint NOT NULL,
	"from_promo_cents" bigint DEFAULT 0 NOT NULL,
	"from_wallet_cents" bigint DEFAULT 0 NOT NULL,
	"deposit_id" uuid,
	"voucher_code" text,
	"promo_credit_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint,
	"pending_amount_cents" bigint,
	"pending_removal" boolean DEFAULT false NOT NULL,
	"pending_from" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_limits_kind_check" CHECK ("customer_limits"."kind" in ('spend_daily', 'spend_weekly', 'spend_monthly', 'deposit_weekly', 'precommitment')),
	CONSTRAINT "customer_limits_amount_check" CHECK ("customer_limits"."amount_cents" is null or "customer_limits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"product_type" text NOT NULL,
	"product_offer_key" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"num_draws" integer DEFAULT 1 NOT NULL,
	"first_draw_no" integer,
	"purchase_status" text DEFAULT 'standard' NOT NULL,
	"payload" jsonb NOT NULL,
	"recurring_purchase" jsonb,
	"social_syndicate_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_purchase_status_check" CHECK ("orders"."purchase_status" in ('standard', 'pre_order'))
);
--> statement-breakpoint
CREATE TABLE "raffle_ticket_numbers" (
	"product_offer_key" text NOT NULL,
	"number" integer NOT NULL,
	"ticket_id" uuid NOT NULL,
	CONSTRAINT "raffle_ticket_numbers_product_offer_key_number_pk" PRIMARY KEY("product_offer_key","number"),
	CONSTRAINT "raffle_ticket_numbers_number_check" CHECK ("raffle_ticket_numbers"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "scheduled_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"checkout_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"product_type" text NOT NULL,
	"product_offer_key" text NOT NULL,
	"draw_id" uuid,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"num_draws" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "scheduled_purchases_kind_check" CHECK ("scheduled_purchases"."kind" in ('scheduled_purchase', 'pre_order')),
	CONSTRAINT "scheduled_purchases_status_check" CHECK ("scheduled_purchases"."status" in ('active', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"draw_id" uuid NOT NULL,
	"product_offer_key" text NOT NULL,
	"games" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"num_shares" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"fund_id" uuid,
	"method_code" text NOT NULL,
	"gateway" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"pending_transfer_id" uuid,
	"gateway_reference" text,
	"customer_reference" text,
	"purpose" jsonb DEFAULT '{"kind":"top_up"}'::jsonb NOT NULL,
	"checkout_id" uuid,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_check" CHECK ("deposits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "funds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"method_code" text NOT NULL,
	"gateway" text,
	"gateway_reference" text,
	"brand" text,
	"last4" text,
	"expiry_month" integer,
	"expiry_year" integer,
	"holder_name" text,
	"bank_account_type" text,
	"bank_details" jsonb,
	"is_default" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funds_type_check" CHECK ("funds"."type" in ('card', 'bank', 'paypal'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"holder_name" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sandbox_card_tokens_last4_check" CHECK ("sandbox_card_tokens"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"method_code" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"pending_transfer_id" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"operator" text,
	"reason" text,
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount_cents" > 0),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('requested', 'approved', 'paid', 'rejected', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_limits" ADD CONSTRAINT "customer_limits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_ticket_numbers" ADD CONSTRAINT "raffle_ticket_numbers_product_offer_key_raffles_product_offer_key_fk" FOREIGN KEY ("product_offer_key") REFERENCES "public"."raffles"("product_offer_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_ticket_numbers" ADD CONSTRAINT "raffle_ticket_numbers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_purchases" ADD CONSTRAINT "scheduled_purchases_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_purchases" ADD CONSTRAINT "scheduled_purchases_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_purchases" ADD CONSTRAINT "scheduled_purchases_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_scope_key_key" ON "idempotency_keys" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_customer_kind_key" ON "ledger_accounts" USING btree ("customer_id","kind") WHERE "ledger_accounts"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_key" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_customer_idx" ON "ledger_transfers" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_pending_key" ON "ledger_transfers" USING btree ("pending_id") WHERE "ledger_transfers"."pending_id" is not null;--> statement-breakpoint
CREATE INDEX "checkouts_customer_idx" ON "checkouts" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_limits_customer_kind_key" ON "customer_limits" USING btree ("customer_id","kind");--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "raffle_ticket_numbers_ticket_idx" ON "raffle_ticket_numbers" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "scheduled_purchases_customer_idx" ON "scheduled_purchases" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "tickets_order_idx" ON "tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tickets_draw_idx" ON "tickets" USING btree ("draw_id");--> statement-breakpoint
CREATE INDEX "tickets_customer_idx" ON "tickets" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_customer_idx" ON "deposits" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "funds_customer_idx" ON "funds" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funds_one_default_key" ON "funds" USING btree ("customer_id","type") WHERE "funds"."is_default" and "funds"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawals_customer_idx" ON "withdrawals" USING btree ("customer_id","requested_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status");--> statement-breakpoint
-- Every transfer is added to the totals of the accounts that keep them (customer accounts); the
-- balance rule of `ledger_accounts` then refuses an overdraft. Posting or voiding must name a pending
-- transfer between the same accounts for the same amount. The caller locks the accounts in id order
-- first, so these updates never deadlock.
CREATE FUNCTION ledger_apply_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held ledger_transfers%ROWTYPE;
BEGIN
  IF NEW.flag IN ('post_pending', 'void_pending') THEN
    SELECT * INTO held FROM ledger_transfers WHERE id = NEW.pending_id;
    IF NOT FOUND OR held.flag <> 'pending' THEN
      RAISE EXCEPTION 'transfer % settles % which is not a pending transfer', NEW.id, NEW.pending_id
        USING ERRCODE = '23514';
    END IF;
    IF held.debit_account_id <> NEW.debit_account_id OR held.credit_account_id <> NEW.credit_account_id
       OR held.amount_cents <> NEW.amount_cents THEN
      RAISE EXCEPTION 'transfer % does not match pending transfer %', NEW.id, NEW.pending_id
        USING ERRCODE = '23514';
    END IF;
  END IF;
  IF NEW.flag = 'posted' THEN
    UPDATE ledger_accounts SET debits_posted = debits_posted + NEW.amount_cents
      WHERE id = NEW.debit_account_id AND tracks_totals;
    UPDATE ledger_accounts SET credits_posted = credits_posted + NEW.amount_cents
      WHERE id = NEW.credit_account_id AND tracks_totals;
  ELSIF NEW.flag = 'pending' THEN
    UPDATE ledger_accounts SET debits_pending = debits_pending + NEW.amount_cents
      WHERE id = NEW.debit_account_id AND tracks_totals;
    UPDATE ledger_accounts SET credits_pending = credits_pending + NEW.amount_cents
      WHERE id = NEW.credit_account_id AND tracks_totals;
  ELSIF NEW.flag = 'post_pending' THEN
    UPDATE ledger_accounts SET debits_pending = debits_pending - NEW.amount_cents,
        debits_posted = debits_posted + NEW.amount_cents
      WHERE id = NEW.debit_account_id AND tracks_totals;
    UPDATE ledger_accounts SET credits_pending = credits_pending - NEW.amount_cents,
        credits_posted = credits_posted + NEW.amount_cents
      WHERE id = NEW.credit_account_id AND tracks_totals;
  ELSE
    UPDATE ledger_accounts SET debits_pending = debits_pending - NEW.amount_cents
      WHERE id = NEW.debit_account_id AND tracks_totals;
    UPDATE ledger_accounts SET credits_pending = credits_pending - NEW.amount_cents
      WHERE id = NEW.credit_account_id AND tracks_totals;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_apply AFTER INSERT ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_transfer();
--> statement-breakpoint
-- Transfers are immutable: a correction is a new transfer.
CREATE FUNCTION ledger_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are immutable' USING ERRCODE = '23514';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_change BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_immutable();
--> statement-breakpoint
-- Account totals change only through transfers.
CREATE FUNCTION ledger_accounts_totals_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 AND (NEW.debits_pending, NEW.debits_posted, NEW.credits_pending, NEW.credits_posted)
     IS DISTINCT FROM (OLD.debits_pending, OLD.debits_posted, OLD.credits_pending, OLD.credits_posted) THEN
    RAISE EXCEPTION 'ledger account totals change only through transfers' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_totals_only_by_transfers BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_totals_guard();
