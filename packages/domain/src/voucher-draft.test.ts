import { describe, expect, it } from 'vitest';
import { checkVoucherDraft, type VoucherDraft, voucherCodeTaken } from './voucher-draft.ts';

const draft: VoucherDraft = {
  code: ' Spring5 ',
  type: 'voucher_fixed_discount',
  amount: 5,
  percent: null,
  minSpend: 10,
  validFrom: null,
  expiresAt: null,
  perCustomerLimit: 1,
  maxRedemptions: null,
  active: true,
  segments: null,
};
const SEGMENTS = ['default', 'lite'];
const errorsOf = (more: Partial<VoucherDraft>) => {
  const checked = checkVoucherDraft({ ...draft, ...more }, SEGMENTS);
  return checked.ok ? {} : checked.errors;
};

describe('a promo code drafted in the back office', () => {
  it('comes out as stored values: cents, basis points, dates, segments sorted (none: every segment)', () => {
    expect(checkVoucherDraft({ ...draft, segments: ['lite', 'default', 'lite'] }, SEGMENTS)).toEqual({
      ok: true,
      values: {
        code: 'Spring5',
        type: 'voucher_fixed_discount',
        amountCents: 500,
        percentBasisPoints: null,
        minSpendCents: 1000,
        validFrom: null,
        expiresAt: null,
        perCustomerLimit: 1,
        maxRedemptions: null,
        active: true,
        segments: ['default', 'lite'],
      },
    });
    const percent = checkVoucherDraft(
      { ...draft, type: 'voucher_percent_discount', amount: null, percent: 12.5, segments: [] },
      SEGMENTS,
    );
    expect(percent.ok && percent.values).toMatchObject({
      amountCents: null,
      percentBasisPoints: 1250,
      segments: null,
    });
  });

  it('names each wrong field with its own message', () => {
    expect(Object.keys(errorsOf({ code: 'a b' }))).toEqual(['code']);
    expect(Object.keys(errorsOf({ amount: 0 }))).toEqual(['amount']);
    expect(Object.keys(errorsOf({ amount: 1.005 }))).toEqual(['amount']);
    expect(Object.keys(errorsOf({ type: 'voucher_percent_discount', percent: 101 }))).toEqual(['percent']);
    expect(Object.keys(errorsOf({ type: 'voucher_percent_discount', percent: 0.001 }))).toEqual(['percent']);
    expect(Object.keys(errorsOf({ minSpend: -1 }))).toEqual(['minSpend']);
    expect(errorsOf({ type: 'voucher_fixed_discount_expire' }).expiresAt?.[0]?.code).toBe('expiry_required');
    expect(
      errorsOf({ validFrom: '2026-12-02T00:00:00Z', expiresAt: '2026-12-01T00:00:00Z' }).expiresAt?.[0]?.code,
    ).toBe('expiry_before_start');
    expect(Object.keys(errorsOf({ validFrom: 'soon' }))).toEqual(['validFrom']);
    expect(Object.keys(errorsOf({ perCustomerLimit: 0, maxRedemptions: 1.5 }))).toEqual([
      'perCustomerLimit',
      'maxRedemptions',
    ]);
    expect(errorsOf({ segments: ['gold'] }).segments).toEqual([
      { code: 'unknown_segment', message: 'There is no customer segment gold.' },
    ]);
    expect(voucherCodeTaken('SPRING5').code).toBe('code_taken');
  });
});
