-- Withdrawal steps are told from their outbox events now. A step not told yet when this runs (the
-- minute's poll had not reached it) becomes the event its use case would have written.
WITH "untold" AS (
  INSERT INTO "outbox_events" ("type", "aggregate_id", "payload")
  SELECT 'withdrawal.' || "status", "id"::text,
    jsonb_build_object('customerId', "customer_id", 'withdrawalId', "id")
  FROM "withdrawals"
  WHERE "told_status" IS DISTINCT FROM "status" AND "status" IN ('requested', 'paid', 'rejected', 'cancelled')
  RETURNING "id"
)
INSERT INTO "outbox_deliveries" ("event_id", "subscriber")
SELECT "id", 'withdrawal-notices' FROM "untold";--> statement-breakpoint
DROP INDEX "withdrawals_untold_idx";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP COLUMN "told_status";
