CREATE TABLE "customer_spend_days" (
	"customer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_spend_days_customer_id_day_pk" PRIMARY KEY("customer_id","day")
);
--> statement-breakpoint
ALTER TABLE "customer_spend_days" ADD CONSTRAINT "customer_spend_days_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Spend by customer and Sydney calendar day, kept by every transfer as it is written: a purchase out
-- of a customer's account adds, a refund into one takes off, each on the day the transfer was made; a
-- held one counts until it is voided (the void takes it off the day it was held). Settlements count
-- nothing more. The same rule the limits summed from the ledger before.
CREATE FUNCTION ledger_count_spend() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted ledger_transfers%ROWTYPE;
  sign integer := 1;
  account bigint;
  who uuid;
BEGIN
  IF NEW.flag IN ('posted', 'pending') THEN
    counted := NEW;
  ELSIF NEW.flag = 'void_pending' THEN
    SELECT * INTO counted FROM ledger_transfers WHERE id = NEW.pending_id;
    sign := -1;
  ELSE
    RETURN NULL;
  END IF;
  IF counted.code = 'purchase' THEN
    account := counted.debit_account_id;
  ELSIF counted.code = 'refund' THEN
    account := counted.credit_account_id;
    sign := -sign;
  ELSE
    RETURN NULL;
  END IF;
  SELECT customer_id INTO who FROM ledger_accounts WHERE id = account;
  IF who IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO customer_spend_days (customer_id, day, spent_cents)
    VALUES (who, (counted.created_at AT TIME ZONE 'Australia/Sydney')::date, sign * counted.amount_cents)
    ON CONFLICT (customer_id, day)
    DO UPDATE SET spent_cents = customer_spend_days.spent_cents + excluded.spent_cents;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_count_spend AFTER INSERT ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_count_spend();
--> statement-breakpoint
INSERT INTO customer_spend_days (customer_id, day, spent_cents)
SELECT a.customer_id, (t.created_at AT TIME ZONE 'Australia/Sydney')::date,
  sum(CASE WHEN t.code = 'purchase' THEN t.amount_cents ELSE -t.amount_cents END)
FROM ledger_transfers t
JOIN ledger_accounts a
  ON a.id = CASE WHEN t.code = 'purchase' THEN t.debit_account_id ELSE t.credit_account_id END
WHERE a.customer_id IS NOT NULL
  AND t.code IN ('purchase', 'refund')
  AND t.flag IN ('posted', 'pending')
  AND NOT EXISTS (SELECT 1 FROM ledger_transfers v WHERE v.pending_id = t.id AND v.flag = 'void_pending')
GROUP BY 1, 2;
