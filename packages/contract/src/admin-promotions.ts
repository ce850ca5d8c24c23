/**
 * Promotions in the back office (content role): promo codes with their use counts, found by code,
 * created and edited (audited). Amounts are major units (12.5 means $12.50), as customers type them;
 * `percent` is a percentage (12.5 means 12.5%).
 */
import { z } from 'zod';
import { IsoDateSchema, MoneySchema } from './money.ts';

export const PROMOTION_TYPES = [
  'voucher_fixed_discount',
  'voucher_percent_discount',
  'voucher_fixed_discount_expire',
  'voucher_credit_amount',
] as const;
export const PromotionTypeSchema = z.enum(PROMOTION_TYPES);

export const AdminPromotionSchema = z.object({
  id: z.string(),
  code: z.string(),
  type: PromotionTypeSchema,
  /** Fixed and credit codes: what it takes off (or credits). */
  amount: MoneySchema.nullable(),
  /** Percent codes: the percentage off. */
  percent: z.number().nullable(),
  minSpend: MoneySchema,
  validFrom: IsoDateSchema.nullable(),
  expiresAt: IsoDateSchema.nullable(),
  perCustomerLimit: z.number(),
  maxRedemptions: z.number().nullable(),
  active: z.boolean(),
  /** The customer segments it is limited to; null: every segment. */
  segments: z.array(z.string()).nullable(),
  /** "$5 off", "10% off", "$20 credit". */
  label: z.string(),
  /** Uses so far, and how many customers made them. */
  redemptions: z.number(),
  customers: z.number(),
  createdAt: IsoDateSchema,
});
export type AdminPromotion = z.infer<typeof AdminPromotionSchema>;

export const AdminPromotionQuerySchema = z.object({
  q: z.string().max(40).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const AdminPromotionListSchema = z.object({
  promotions: z.array(AdminPromotionSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  /** The customer segments a code may be limited to. */
  segments: z.array(z.string()),
});
export type AdminPromotionList = z.infer<typeof AdminPromotionListSchema>;

/** A code as the form sends it, whole, to create or to edit; the API answers field errors. */
export const AdminPromotionBodySchema = z.object({
  code: z.string().max(100),
  type: PromotionTypeSchema,
  amount: z.number().nullable().default(null),
  percent: z.number().nullable().default(null),
  minSpend: z.number().default(0),
  validFrom: z.string().max(40).nullable().default(null),
  expiresAt: z.string().max(40).nullable().default(null),
  perCustomerLimit: z.number().default(1),
  maxRedemptions: z.number().nullable().default(null),
  active: z.boolean().default(true),
  segments: z.array(z.string().max(60)).max(50).nullable().default(null),
});
export type AdminPromotionBody = z.infer<typeof AdminPromotionBodySchema>;
