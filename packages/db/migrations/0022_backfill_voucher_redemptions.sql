-- Purchases made before redemptions were recorded: each checkout where a voucher took something off
-- or granted credit becomes a redemption, numbered per customer and voucher in order, so the limits
-- count them and a cancellation can take back credit they should not have granted.
INSERT INTO "voucher_redemptions" ("voucher_id", "customer_id", "checkout_id", "seq", "discount_cents", "promo_credit_cents", "created_at")
SELECT v."id", c."customer_id", c."id",
  row_number() OVER (PARTITION BY v."id", c."customer_id" ORDER BY c."created_at", c."id"),
  c."discount_cents", c."promo_credit_cents", c."created_at"
FROM "checkouts" c
JOIN "vouchers" v ON lower(v."code") = lower(c."voucher_code")
WHERE c."voucher_code" IS NOT NULL AND (c."discount_cents" > 0 OR c."promo_credit_cents" > 0)
ON CONFLICT DO NOTHING;
