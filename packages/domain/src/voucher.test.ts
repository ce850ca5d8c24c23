import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Voucher, voucherDiscountCents, voucherPromoCreditCents, voucherRefusal } from './voucher.ts';

const now = new Date('2026-11-22T00:00:00Z');
const base: Voucher = {
  type: 'voucher_fixed_discount',
  amountCents: 500,
  percentBasisPoints: null,
  minSpendCents: 0,
  expiresAt: null,
  active: true,
};
const fixed = (amountCents: number, more: Partial<Voucher> = {}): Voucher => ({
  ...base,
  amountCents,
  ...more,
});
const percent = (bp: number): Voucher => ({
  ...base,
  type: 'voucher_percent_discount',
  amountCents: null,
  percentBasisPoints: bp,
});
const credit = (amountCents: number): Voucher => ({ ...base, type: 'voucher_credit_amount', amountCents });

describe('voucherDiscountCents', () => {
  it('takes a fixed amount off, never more than the total', () => {
    expect(voucherDiscountCents(fixed(500), 1250, now)).toBe(500);
    expect(voucherDiscountCents(fixed(500), 300, now)).toBe(300);
    expect(voucherDiscountCents(fixed(500), 0, now)).toBe(0);
  });

  it('takes a percentage off, rounded down to the cent', () => {
    expect(voucherDiscountCents(percent(1000), 1250, now)).toBe(125);
    expect(voucherDiscountCents(percent(1000), 1255, now)).toBe(125);
    expect(voucherDiscountCents(percent(1000), 9, now)).toBe(0);
    expect(voucherDiscountCents(percent(20_000), 1000, now)).toBe(1000);
  });

  it('refuses a fixed expiring voucher after its expiry, not before', () => {
    const v = fixed(1000, {
      type: 'voucher_fixed_discount_expire',
      expiresAt: new Date(now.getTime() + 1000),
    });
    expect(voucherDiscountCents(v, 5000, now)).toBe(1000);
    expect(voucherRefusal(v, 5000, now)).toBeNull();
    const later = new Date(now.getTime() + 1000);
    expect(voucherRefusal(v, 5000, later)).toBe('expired');
    expect(voucherDiscountCents(v, 5000, later)).toBe(0);
  });

  it('takes nothing off for a credit voucher: its whole credit becomes promotional credit', () => {
    expect(voucherDiscountCents(credit(2000), 1250, now)).toBe(0);
    expect(voucherPromoCreditCents(credit(2000), 1250, now)).toBe(2000);
    expect(voucherPromoCreditCents(credit(2000), 5000, now)).toBe(2000);
    expect(voucherPromoCreditCents(credit(2000), 0, now)).toBe(2000);
    expect(voucherPromoCreditCents({ ...credit(2000), minSpendCents: 3000 }, 2999, now)).toBe(0);
    expect(voucherPromoCreditCents(fixed(500), 100, now)).toBe(0);
  });

  it('refuses inactive vouchers and carts under the minimum spend', () => {
    expect(voucherRefusal(fixed(500, { active: false }), 5000, now)).toBe('inactive');
    expect(voucherRefusal(fixed(500, { minSpendCents: 1000 }), 999, now)).toBe('min_spend');
    expect(voucherRefusal(fixed(500, { minSpendCents: 1000 }), 1000, now)).toBeNull();
    expect(voucherDiscountCents(fixed(500, { minSpendCents: 1000 }), 999, now)).toBe(0);
  });

  it('is always an integer between 0 and the total', () => {
    const voucher = fc.oneof(
      fc.integer({ min: -1000, max: 1_000_000 }).map((a) => fixed(a)),
      fc.integer({ min: -1000, max: 30_000 }).map(percent),
      fc.integer({ min: -1000, max: 1_000_000 }).map(credit),
    );
    fc.assert(
      fc.property(voucher, fc.integer({ min: -100, max: Number.MAX_SAFE_INTEGER }), (v, total) => {
        const d = voucherDiscountCents(v, total, now);
        expect(Number.isSafeInteger(d)).toBe(true);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(Math.max(total, 0));
      }),
    );
  });
});
