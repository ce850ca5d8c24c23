-- Pre-order charges and recurring purchase attempts are told from their outbox events now. An
-- outcome not told yet when this runs becomes the event its use case would have written.
WITH "untold" AS (
  INSERT INTO "outbox_events" ("type", "aggregate_id", "payload")
  SELECT
    CASE WHEN sp."last_attempt_status" = 'purchased' THEN 'preorder.charged' ELSE 'preorder.failed' END,
    sp."id"::text,
    CASE WHEN sp."last_attempt_status" = 'purchased' THEN jsonb_build_object(
        'customerId', sp."customer_id", 'scheduledPurchaseId', sp."id", 'checkoutId', o."checkout_id")
      ELSE jsonb_build_object('customerId', sp."customer_id", 'scheduledPurchaseId', sp."id",
        'status', sp."last_attempt_status", 'reason', sp."last_attempt_reason")
    END
  FROM "scheduled_purchases" sp
  LEFT JOIN "orders" o ON o."id" = sp."order_id"
  WHERE sp."status" = 'active' AND sp."told_at" IS NULL AND sp."last_attempt_status" IS NOT NULL
    AND (sp."last_attempt_status" <> 'purchased' OR o."checkout_id" IS NOT NULL)
  RETURNING "id"
)
INSERT INTO "outbox_deliveries" ("event_id", "subscriber")
SELECT "id", 'pre-order-notice' FROM "untold";--> statement-breakpoint
WITH "untold" AS (
  INSERT INTO "outbox_events" ("type", "aggregate_id", "payload")
  SELECT 'recurring.attempted', "id"::text, jsonb_build_object(
    'customerId', "customer_id", 'recurringPurchaseId', "recurring_purchase_id", 'attemptId', "id",
    'periodKey', "period_key", 'status', "status", 'reason', "reason", 'sameAsLastDraw', false)
  FROM "recurring_purchase_attempts"
  WHERE "told_at" IS NULL AND "status" IN ('soft_failure', 'hard_failure')
  RETURNING "id"
)
INSERT INTO "outbox_deliveries" ("event_id", "subscriber")
SELECT "id", 'recurring-notice' FROM "untold";--> statement-breakpoint
DROP INDEX "scheduled_purchases_untold_idx";--> statement-breakpoint
ALTER TABLE "scheduled_purchases" DROP COLUMN "told_at";--> statement-breakpoint
ALTER TABLE "recurring_purchase_attempts" DROP COLUMN "told_at";