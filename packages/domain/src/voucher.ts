/**
 * Vouchers (promo codes) on a cart: the four voucher types, when one may be used and what it gives.
 * Everything is integer cents. A voucher counts only what a checkout charges now: pre-orders are
 * charged later, at the price agreed, when their draw opens, and never count towards a voucher
 * (neither its minimum spend, nor its discount, nor its credit). A voucher needs something charged
 * now, is used within its validity window, at most `perCustomerLimit` times by a customer and
 * `maxRedemptions` times in all. A discount is never negative and never more than what is charged now.
 */
import { type Cents, formatJackpot, formatMoney } from './money.ts';

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
  /** What must be charged now (pre-orders left out, before the voucher) to use it; 0 for none. */
  minSpendCents: number;
  /** Before this instant the voucher is refused; null: no start. */
  validFrom: Date | null;
  /** From this instant on the voucher is refused; null never expires. */
  expiresAt: Date | null;
  active: boolean;
  /** Uses allowed to one customer (1 by default). */
  perCustomerLimit: number;
  /** Uses allowed to all customers together; null: no total limit. */
  maxRedemptions: number | null;
  /** The customer pricing segments it is limited to; null (or absent): every segment. */
  segments?: readonly string[] | null;
};

/**
 * How often a voucher was used: by the cart's customer (null for an anonymous cart, checked again
 * when the customer buys) and in all (null when the voucher has no total limit, so it was not counted);
 * `segment` is the customer's pricing segment (null or absent for an anonymous cart, checked again
 * when the customer buys).
 */
export type VoucherUses = { customer: number | null; total: number | null; segment?: string | null };

export const NO_USES: VoucherUses = { customer: null, total: null };

/** Why a voucher cannot be used on a cart. */
export type VoucherRefusal =
  | 'inactive'
  | 'not_started'
  | 'expired'
  | 'nothing_charged_now'
  | 'min_spend'
  | 'already_used'
  | 'used_up'
  | 'segment';

function nonNegativeInt(value: number | null): number {
  return value !== null && Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** What a checkout charges now and so what a voucher counts: the items less the pre-orders. */
export function chargedNowCents(itemsTotalCents: Cents, preOrderTotalCents: Cents): Cents {
  return Math.max(nonNegativeInt(itemsTotalCents) - nonNegativeInt(preOrderTotalCents), 0);
}

/**
 * Whether a voucher limited to segments may be used by a customer of `segment`: always when it has no
 * segments, and while the customer is unknown (an anonymous cart; the purchase checks again).
 */
export function voucherSegmentAllows(
  segments: readonly string[] | null | undefined,
  segment: string | null | undefined,
): boolean {
  if (segments === null || segments === undefined || segments.length === 0) return true;
  if (segment === null || segment === undefined) return true;
  return segments.includes(segment);
}

/**
 * Whether the voucher may be used on a cart charging `chargedNow` (pre-orders left out) at `now`,
 * with `uses` so far: null when it may. An expiry applies to any type that carries one (the fixed
 * expiring type always does).
 */
export function voucherRefusal(
  voucher: Voucher,
  chargedNow: Cents,
  now: Date,
  uses: VoucherUses = NO_USES,
): VoucherRefusal | null {
  if (!voucher.active) return 'inactive';
  if (voucher.validFrom !== null && voucher.validFrom.getTime() > now.getTime()) return 'not_started';
  if (voucher.type === 'voucher_fixed_discount_expire' && voucher.expiresAt === null) return 'expired';
  if (voucher.expiresAt !== null && voucher.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (!voucherSegmentAllows(voucher.segments, uses.segment)) return 'segment';
  if (uses.customer !== null && uses.customer >= Math.max(voucher.perCustomerLimit, 1)) return 'already_used';
  if (voucher.maxRedemptions !== null && uses.total !== null && uses.total >= voucher.maxRedemptions) {
    return 'used_up';
  }
  const charged = nonNegativeInt(chargedNow);
  if (charged === 0) return 'nothing_charged_now';
  if (charged < voucher.minSpendCents) return 'min_spend';
  return null;
}

/**
 * Cents the voucher takes off `chargedNow` (0 when it is refused):
 * - fixed and fixed expiring: min(amount, charged now);
 * - percent: floor(charged now x basis points / 10000), at most what is charged now;
 * - credit amount: nothing; its credit is added to the customer's promotional balance when the
 *   purchase completes (`voucherPromoCreditCents`).
 */
export function voucherDiscountCents(
  voucher: Voucher,
  chargedNow: Cents,
  now: Date,
  uses: VoucherUses = NO_USES,
): Cents {
  const charged = nonNegativeInt(chargedNow);
  if (voucherRefusal(voucher, charged, now, uses) !== null) return 0;
  switch (voucher.type) {
    case 'voucher_fixed_discount':
    case 'voucher_fixed_discount_expire':
      return Math.min(nonNegativeInt(voucher.amountCents), charged);
    case 'voucher_credit_amount':
      return 0;
    case 'voucher_percent_discount': {
      const bp = Math.min(nonNegativeInt(voucher.percentBasisPoints), BASIS_POINTS);
      // BigInt: charged x bp may pass 2^53 for very large totals.
      return Number((BigInt(charged) * BigInt(bp)) / BigInt(BASIS_POINTS));
    }
  }
}

/**
 * The promotional credit a credit voucher adds to the balance when a purchase charging `chargedNow`
 * completes: its whole amount (spendable on tickets, never withdrawable); 0 for other types and
 * refused vouchers, so a cart of pre-orders only (nothing charged now) earns none.
 */
export function voucherPromoCreditCents(
  voucher: Voucher,
  chargedNow: Cents,
  now: Date,
  uses: VoucherUses = NO_USES,
): Cents {
  if (voucher.type !== 'voucher_credit_amount') return 0;
  if (voucherRefusal(voucher, nonNegativeInt(chargedNow), now, uses) !== null) return 0;
  return nonNegativeInt(voucher.amountCents);
}

/** What the voucher is worth on this cart: its discount plus its credit. */
export function voucherValueCents(
  voucher: Voucher,
  chargedNow: Cents,
  now: Date,
  uses: VoucherUses = NO_USES,
): Cents {
  return (
    voucherDiscountCents(voucher, chargedNow, now, uses) +
    voucherPromoCreditCents(voucher, chargedNow, now, uses)
  );
}

/** "$20", "$2.50": whole dollars without cents. */
function dollars(cents: Cents): string {
  return cents % 100 === 0 ? formatJackpot(cents) : formatMoney(cents);
}

/** What the voucher gives, in words: "$20 credit", "$5 off", "10% off". */
export function voucherLabel(voucher: Voucher): string {
  switch (voucher.type) {
    case 'voucher_credit_amount':
      return `${dollars(nonNegativeInt(voucher.amountCents))} credit`;
    case 'voucher_fixed_discount':
    case 'voucher_fixed_discount_expire':
      return `${dollars(nonNegativeInt(voucher.amountCents))} off`;
    case 'voucher_percent_discount': {
      const bp = Math.min(nonNegativeInt(voucher.percentBasisPoints), BASIS_POINTS);
      return `${bp / 100}% off`;
    }
  }
}

const PRE_ORDERS_LATER = 'pre-orders are charged when their draw opens and do not count';

/** Why the code cannot be used, in the customer's words. */
export function voucherRefusalMessage(code: string, voucher: Voucher, refusal: VoucherRefusal): string {
  switch (refusal) {
    case 'inactive':
      return `The promotion code ${code} is no longer available.`;
    case 'not_started':
      return `The promotion code ${code} cannot be used yet.`;
    case 'expired':
      return `The promotion code ${code} has expired.`;
    case 'nothing_charged_now':
      return `The promotion code ${code} applies only to what you pay now: add an entry for a draw on sale now (${PRE_ORDERS_LATER}).`;
    case 'min_spend':
      return `The promotion code ${code} needs a cart total of at least ${formatMoney(voucher.minSpendCents)} paid now (${PRE_ORDERS_LATER}).`;
    case 'already_used':
      return voucher.perCustomerLimit > 1
        ? `You have already used the promotion code ${code} ${voucher.perCustomerLimit} times, as often as it allows.`
        : `You have already used the promotion code ${code}; it can be used once per customer.`;
    case 'used_up':
      return `The promotion code ${code} has been used as many times as it allows.`;
    case 'segment':
      return `The promotion code ${code} is not available to your account: it is for selected customers only.`;
  }
}

/** What the cart says of the voucher it holds: which applies, and why (or why not). */
export function voucherAppliesMessage(
  code: string,
  voucher: Voucher,
  refusal: VoucherRefusal | null,
): string {
  if (refusal !== null) return voucherRefusalMessage(code, voucher, refusal);
  if (voucher.type === 'voucher_credit_amount') {
    return `${code} adds ${voucherLabel(voucher)} to your balance when you buy this cart.`;
  }
  return `${code} takes ${voucherLabel(voucher)} what you pay now.`;
}

/**
 * Whether a second code may take the place of the cart's code: not when the cart's code applies and
 * is worth more on this cart (a code worth as much or more, or any code when the cart's does not
 * apply, replaces it).
 */
export function secondCodeReplaces(currentValueCents: Cents | null, candidateValueCents: Cents): boolean {
  return currentValueCents === null || currentValueCents === 0 || candidateValueCents >= currentValueCents;
}

/**
 * A cancellation or refund leaves the purchase keeping `keptChargedCents` of what it charged when the
 * voucher was used: the voucher still stands when that still qualifies (something kept, at least the
 * minimum spend).
 */
export function voucherStillStands(
  voucher: Pick<Voucher, 'minSpendCents'>,
  keptChargedCents: Cents,
): boolean {
  const kept = nonNegativeInt(keptChargedCents);
  return kept > 0 && kept >= voucher.minSpendCents;
}

/**
 * Taking back a voucher's credit: what is left of it (granted less what was already taken back or
 * found spent) comes out of promotional credit as far as the balance goes; the rest was spent and
 * is recorded as a shortfall. Never more than the promotional balance, so it never goes negative,
 * and never out of cash.
 */
export function voucherClawback(
  grantedCents: Cents,
  settledCents: Cents,
  promoAvailableCents: Cents,
): { fromPromo: Cents; shortfall: Cents } {
  const owed = Math.max(nonNegativeInt(grantedCents) - nonNegativeInt(settledCents), 0);
  const fromPromo = Math.min(owed, nonNegativeInt(promoAvailableCents));
  return { fromPromo, shortfall: owed - fromPromo };
}
