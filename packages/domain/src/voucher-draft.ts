/**
 * A promo code as the back office's form describes it, checked whole: each wrong field gets its own
 * message, or the voucher's stored values come out. Amounts are major units, the percentage a
 * percent (12.5 means 12.5%), times ISO 8601.
 */
import { parseAmountInput } from './amount-input.ts';
import type { Cents } from './money.ts';
import type { FieldError } from './validation-messages.ts';
import { BASIS_POINTS, type VoucherType } from './voucher.ts';

export type VoucherDraft = {
  code: string;
  type: VoucherType;
  amount: number | null;
  percent: number | null;
  minSpend: number;
  validFrom: string | null;
  expiresAt: string | null;
  perCustomerLimit: number;
  maxRedemptions: number | null;
  active: boolean;
  segments: readonly string[] | null;
};

export type VoucherValues = {
  code: string;
  type: VoucherType;
  amountCents: Cents | null;
  percentBasisPoints: number | null;
  minSpendCents: Cents;
  validFrom: Date | null;
  expiresAt: Date | null;
  perCustomerLimit: number;
  maxRedemptions: number | null;
  active: boolean;
  segments: string[] | null;
};

/** Letters, digits, `-` and `_`, 3 to 30 of them. */
export const VOUCHER_CODE_PATTERN = /^[A-Za-z0-9_-]{3,30}$/;

/** Codes and amounts stay below what a shop sells: $100,000. */
const MAX_AMOUNT_CENTS = 10_000_000;

export type VoucherDraftCheck =
  | { ok: true; values: VoucherValues }
  | { ok: false; errors: Record<string, FieldError[]> };

function instant(text: string | null): Date | null | undefined {
  if (text === null || text.trim() === '') return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

function cents(value: number | null, minCents: Cents): Cents | null | undefined {
  if (value === null) return null;
  const read = parseAmountInput(value);
  return read === null || read < minCents || read > MAX_AMOUNT_CENTS ? undefined : read;
}

/**
 * The draft's stored values, or its field errors; `knownSegments` are the segments a code may be
 * limited to (an empty list of segments means every segment, stored as null).
 */
export function checkVoucherDraft(draft: VoucherDraft, knownSegments: readonly string[]): VoucherDraftCheck {
  const errors: Record<string, FieldError[]> = {};
  const fail = (field: string, code: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), { code, message }];
  };
  const code = draft.code.trim();
  if (!VOUCHER_CODE_PATTERN.test(code)) {
    fail('code', 'invalid_code', 'A code is 3 to 30 letters, digits, dashes or underscores.');
  }
  const isPercent = draft.type === 'voucher_percent_discount';
  let amountCents: Cents | null = null;
  let percentBasisPoints: number | null = null;
  if (isPercent) {
    const bp = draft.percent === null ? Number.NaN : Math.round(draft.percent * 100);
    if (
      !Number.isSafeInteger(bp) ||
      bp < 1 ||
      bp > BASIS_POINTS ||
      Math.abs(bp - (draft.percent ?? 0) * 100) > 1e-6
    ) {
      fail('percent', 'invalid_percent', 'Enter a percentage from 0.01 to 100, with at most two decimals.');
    } else percentBasisPoints = bp;
  } else {
    const read = draft.amount === null ? undefined : cents(draft.amount, 1);
    if (read === undefined || read === null) {
      fail('amount', 'invalid_amount', 'Enter an amount from 0.01 to 100000.00, e.g. 5 or 2.50.');
    } else amountCents = read;
  }
  const minSpendCents = cents(draft.minSpend, 0);
  if (minSpendCents === undefined || minSpendCents === null) {
    fail('minSpend', 'invalid_amount', 'Enter a minimum spend from 0 to 100000.00 (0 for none).');
  }
  const validFrom = instant(draft.validFrom);
  if (validFrom === undefined) fail('validFrom', 'invalid_date', 'Enter a valid start date and time.');
  const expiresAt = instant(draft.expiresAt);
  if (expiresAt === undefined) fail('expiresAt', 'invalid_date', 'Enter a valid expiry date and time.');
  if (expiresAt === null && draft.type === 'voucher_fixed_discount_expire') {
    fail('expiresAt', 'expiry_required', 'A fixed amount off with expiry needs an expiry date.');
  }
  if (validFrom && expiresAt && validFrom.getTime() >= expiresAt.getTime()) {
    fail('expiresAt', 'expiry_before_start', 'The expiry must come after the start.');
  }
  if (!Number.isSafeInteger(draft.perCustomerLimit) || draft.perCustomerLimit < 1) {
    fail('perCustomerLimit', 'invalid_limit', 'Enter a whole number of uses per customer, 1 or more.');
  }
  const total = draft.maxRedemptions;
  if (total !== null && (!Number.isSafeInteger(total) || total < 1)) {
    fail(
      'maxRedemptions',
      'invalid_limit',
      'Enter a whole number of uses in all, 1 or more (empty: no limit).',
    );
  }
  const segments = draft.segments === null ? [] : [...new Set(draft.segments.map((s) => s.trim()))];
  const unknown = segments.filter((s) => !knownSegments.includes(s));
  if (unknown.length > 0) {
    fail('segments', 'unknown_segment', `There is no customer segment ${unknown.join(', ')}.`);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    values: {
      code,
      type: draft.type,
      amountCents,
      percentBasisPoints,
      minSpendCents: minSpendCents ?? 0,
      validFrom: validFrom ?? null,
      expiresAt: expiresAt ?? null,
      perCustomerLimit: draft.perCustomerLimit,
      maxRedemptions: total,
      active: draft.active,
      segments: segments.length === 0 ? null : segments.sort(),
    },
  };
}

/** The message of a code another voucher has already, whatever its case. */
export function voucherCodeTaken(code: string): FieldError {
  return {
    code: 'code_taken',
    message: `The code ${code} is taken (codes are the same whatever their case).`,
  };
}
