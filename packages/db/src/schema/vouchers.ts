import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The voucher types; their rules live in packages/domain (voucher.ts). */
export const VOUCHER_TYPE_KEYS = [
  'voucher_fixed_discount',
  'voucher_percent_discount',
  'voucher_fixed_discount_expire',
  'voucher_credit_amount',
] as const;
export type VoucherTypeKey = (typeof VOUCHER_TYPE_KEYS)[number];

/**
 * Promo codes. A code is unique whatever its case (a unique index on lower(code)); fixed and credit
 * vouchers carry `amount_cents`, percent vouchers `percent_basis_points` (1000 = 10%). A voucher is
 * valid from `valid_from` (null: always was) until `expires_at` (null: never ends); each customer may
 * redeem it `per_customer_limit` times (once by default) and all customers together
 * `max_redemptions` times (null: no total limit). `segments` limits it to customers of these pricing
 * segments (`customers.segment_name`; null: every segment). Redemptions are `voucher_redemptions` rows.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    type: text('type').$type<VoucherTypeKey>().notNull(),
    amountCents: integer('amount_cents'),
    percentBasisPoints: integer('percent_basis_points'),
    minSpendCents: integer('min_spend_cents').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    maxRedemptions: integer('max_redemptions'),
    active: boolean('active').notNull().default(true),
    segments: text('segments').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vouchers_code_lower_key').on(sql`lower(${t.code})`),
    check(
      'vouchers_type_check',
      sql`${t.type} in ('voucher_fixed_discount', 'voucher_percent_discount', 'voucher_fixed_discount_expire', 'voucher_credit_amount')`,
    ),
    check(
      'vouchers_value_check',
      sql`case when ${t.type} = 'voucher_percent_discount'
        then ${t.percentBasisPoints} between 1 and 10000 and ${t.amountCents} is null
        else ${t.amountCents} > 0 and ${t.percentBasisPoints} is null end`,
    ),
    check('vouchers_min_spend_check', sql`${t.minSpendCents} >= 0`),
    check('vouchers_per_customer_limit_check', sql`${t.perCustomerLimit} >= 1`),
    check('vouchers_max_redemptions_check', sql`${t.maxRedemptions} is null or ${t.maxRedemptions} >= 1`),
    check(
      'vouchers_window_check',
      sql`${t.validFrom} is null or ${t.expiresAt} is null or ${t.validFrom} < ${t.expiresAt}`,
    ),
    check('vouchers_segments_check', sql`${t.segments} is null or cardinality(${t.segments}) >= 1`),
    check(
      'vouchers_expire_check',
      sql`${t.type} <> 'voucher_fixed_discount_expire' or ${t.expiresAt} is not null`,
    ),
  ],
);
