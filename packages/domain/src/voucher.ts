/**
 * Vouchers (promo codes) on a cart: the four voucher types and what each takes off a
 * cart total. Everything is integer cents; a discount is never negative and never more than the
 * total, so a cart total after a voucher is never below zero.
 */

export const VOUCHER_TYPES = [
  'voucher_fixed_discount',
  'voucher_percent_discount',
  'voucher_fixed_discount_expire',
  'voucher_credit_amount',
] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

/** 10000 basis points = 100%. */
export const BASIS_POINTS = 10_000;

export type Voucher = {
  type: VoucherType;
  /** Fixed and credit vouchers: cents off (or of credit). */
  amountCents: number | null;
  /** Percent vouchers: basis points (1000 = 10%). */
  percentBasisPoints: number | null;
  /** The cart total (before the voucher) needed to apply it; 0 for none. */
  minSpendCents: number;
  /** After this instant the voucher is refused; null never expires. */
  expiresAt: Date | null;
  active: boolean;
};

/** Why a voucher cannot be applied to a cart. */
export type VoucherRefusal = 'inactive' | 'expired' | 'min_spend';

function nonNegativeInt(value: number | null): number {
  return value !== null && Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/**
 * Whether the voucher may be applied to a cart of `totalCents` at `now`: null when it may. An
 * expiry applies to any type that carries one (the fixed expiring type always does).
 */
export function voucherRefusal(voucher: Voucher, totalCents: number, now: Date): VoucherRefusal | null {
  if (!voucher.active) return 'inactive';
  if (voucher.type === 'voucher_fixed_discount_expire' && voucher.expiresAt === null) return 'expired';
  if (voucher.expiresAt !== null && voucher.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (totalCents < voucher.minSpendCents) return 'min_spend';
  return null;
}

/**
 * Cents the voucher takes off a cart of `totalCents` (0 when it is refused):
 * - fixed and fixed expiring: min(amount, total);
 * - percent: floor(total x basis points / 10000), at most the total;
 * - credit amount: nothing; its credit is added to the customer's promotional balance when the
 *   purchase completes (`voucherPromoCreditCents`).
 */
export function voucherDiscountCents(voucher: Voucher, totalCents: number, now: Date): number {
  const total = nonNegativeInt(totalCents);
  if (total === 0 || voucherRefusal(voucher, total, now) !== null) return 0;
  switch (voucher.type) {
    case 'voucher_fixed_discount':
    case 'voucher_fixed_discount_expire':
      return Math.min(nonNegativeInt(voucher.amountCents), total);
    case 'voucher_credit_amount':
      return 0;
    case 'voucher_percent_discount': {
      const bp = Math.min(nonNegativeInt(voucher.percentBasisPoints), BASIS_POINTS);
      // BigInt: total x bp may pass 2^53 for very large totals.
      return Number((BigInt(total) * BigInt(bp)) / BigInt(BASIS_POINTS));
    }
  }
}

/**
 * The promotional credit a credit voucher adds to the balance when a purchase of a cart of
 * `totalCents` completes: its whole amount (spendable on tickets, never withdrawable); 0 for other
 * types and refused vouchers.
 */
export function voucherPromoCreditCents(voucher: Voucher, totalCents: number, now: Date): number {
  if (voucher.type !== 'voucher_credit_amount') return 0;
  if (voucherRefusal(voucher, nonNegativeInt(totalCents), now) !== null) return 0;
  return nonNegativeInt(voucher.amountCents);
}
