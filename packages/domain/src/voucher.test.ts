import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chargedNowCents,
  secondCodeReplaces,
  type Voucher,
  voucherAppliesMessage,
  voucherClawback,
  voucherDiscountCents,
  voucherLabel,
  voucherPromoCreditCents,
  voucherRefusal,
  voucherRefusalMessage,
  voucherSegmentAllows,
  voucherStillStands,
  voucherValueCents,
} from './voucher.ts';

const now = new Date('2026-11-22T00:00:00Z');
const base: Voucher = {
  type: 'voucher_fixed_discount',
  amountCents: 500,
  percentBasisPoints: null,
  minSpendCents: 0,
  validFrom: null,
  expiresAt: null,
  active: true,
  perCustomerLimit: 1,
  maxRedemptions: null,
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
    expect(voucherPromoCreditCents(credit(2000), 1, now)).toBe(2000);
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

describe('what a voucher counts: only what is charged now', () => {
  it('leaves the pre-orders out', () => {
    expect(chargedNowCents(3000, 1000)).toBe(2000);
    expect(chargedNowCents(1000, 1000)).toBe(0);
    expect(chargedNowCents(1000, 5000)).toBe(0);
  });

  it('a cart of pre-orders only (nothing charged now) earns no credit and no discount', () => {
    const preOrdersOnly = chargedNowCents(1000, 1000);
    expect(voucherRefusal(credit(2000), preOrdersOnly, now)).toBe('nothing_charged_now');
    expect(voucherPromoCreditCents(credit(2000), preOrdersOnly, now)).toBe(0);
    expect(voucherRefusal(fixed(500), preOrdersOnly, now)).toBe('nothing_charged_now');
    expect(voucherDiscountCents(percent(1000), preOrdersOnly, now)).toBe(0);
  });

  it('a minimum spend is met by what is charged now, not by pre-orders', () => {
    const welcome = fixed(500, { minSpendCents: 1000 });
    expect(voucherRefusal(welcome, chargedNowCents(1110, 1000), now)).toBe('min_spend');
    expect(voucherDiscountCents(welcome, chargedNowCents(1110, 1000), now)).toBe(0);
    expect(voucherDiscountCents(welcome, chargedNowCents(2000, 1000), now)).toBe(500);
  });
});

describe('limits and the validity window', () => {
  it('is refused before valid_from and from expires_at on', () => {
    const window = fixed(500, {
      validFrom: new Date(now.getTime() + 1000),
      expiresAt: new Date(now.getTime() + 5000),
    });
    expect(voucherRefusal(window, 1000, now)).toBe('not_started');
    expect(voucherRefusal(window, 1000, new Date(now.getTime() + 1000))).toBeNull();
    expect(voucherRefusal(window, 1000, new Date(now.getTime() + 4999))).toBeNull();
    expect(voucherRefusal(window, 1000, new Date(now.getTime() + 5000))).toBe('expired');
  });

  it('is used once per customer by default, as often as its per-customer limit otherwise', () => {
    expect(voucherRefusal(credit(2000), 1000, now, { customer: 0, total: null })).toBeNull();
    expect(voucherRefusal(credit(2000), 1000, now, { customer: 1, total: null })).toBe('already_used');
    expect(voucherPromoCreditCents(credit(2000), 1000, now, { customer: 1, total: null })).toBe(0);
    const thrice = fixed(500, { perCustomerLimit: 3 });
    expect(voucherRefusal(thrice, 1000, now, { customer: 2, total: null })).toBeNull();
    expect(voucherRefusal(thrice, 1000, now, { customer: 3, total: null })).toBe('already_used');
    // An anonymous cart's customer is not known: checked again at purchase.
    expect(voucherRefusal(credit(2000), 1000, now, { customer: null, total: null })).toBeNull();
  });

  it('is refused once its total redemptions are used up', () => {
    const limited = fixed(500, { maxRedemptions: 2 });
    expect(voucherRefusal(limited, 1000, now, { customer: 0, total: 1 })).toBeNull();
    expect(voucherRefusal(limited, 1000, now, { customer: 0, total: 2 })).toBe('used_up');
    expect(voucherRefusal(fixed(500), 1000, now, { customer: 0, total: 1_000_000 })).toBeNull();
  });

  it('is refused to a customer outside the segments it is limited to', () => {
    const vip = fixed(500, { segments: ['vip', 'staff'] });
    expect(voucherRefusal(vip, 1000, now, { customer: 0, total: null, segment: 'default' })).toBe('segment');
    expect(voucherRefusal(vip, 1000, now, { customer: 0, total: null, segment: 'staff' })).toBeNull();
    // Every segment when it names none; an anonymous cart's customer is checked again at purchase.
    expect(
      voucherRefusal(fixed(500), 1000, now, { customer: 0, total: null, segment: 'default' }),
    ).toBeNull();
    expect(voucherRefusal(vip, 1000, now, { customer: null, total: null, segment: null })).toBeNull();
    expect(voucherDiscountCents(vip, 1000, now, { customer: 0, total: null, segment: 'default' })).toBe(0);
    expect(voucherSegmentAllows(null, 'default')).toBe(true);
    expect(voucherSegmentAllows([], 'default')).toBe(true);
    expect(voucherSegmentAllows(['vip'], 'VIP')).toBe(false);
    expect(voucherRefusalMessage('VIP5', vip, 'segment')).toBe(
      'The promotion code VIP5 is not available to your account: it is for selected customers only.',
    );
  });
});

describe('words', () => {
  it('labels a credit voucher as credit, never as a discount of $0.00', () => {
    expect(voucherLabel(credit(2000))).toBe('$20 credit');
    expect(voucherLabel(credit(1250))).toBe('$12.50 credit');
    expect(voucherLabel(fixed(500))).toBe('$5 off');
    expect(voucherLabel(percent(1000))).toBe('10% off');
    expect(voucherLabel(percent(1250))).toBe('12.5% off');
  });

  it('says which code applies and why not', () => {
    expect(voucherAppliesMessage('CREDIT20', credit(2000), null)).toBe(
      'CREDIT20 adds $20 credit to your balance when you buy this cart.',
    );
    expect(voucherAppliesMessage('WELCOME5', fixed(500), null)).toBe(
      'WELCOME5 takes $5 off what you pay now.',
    );
    expect(voucherAppliesMessage('CREDIT20', credit(2000), 'nothing_charged_now')).toMatch(
      /applies only to what you pay now.*pre-orders/,
    );
    expect(voucherRefusalMessage('WELCOME5', fixed(500, { minSpendCents: 1000 }), 'min_spend')).toMatch(
      /at least \$10\.00 paid now/,
    );
    expect(voucherRefusalMessage('CREDIT20', credit(2000), 'already_used')).toMatch(/once per customer/);
  });
});

describe('a second code', () => {
  it('never replaces a code worth more on this cart', () => {
    const chargedNow = 1200;
    const welcome = voucherValueCents(fixed(500), chargedNow, now);
    const tenOff = voucherValueCents(percent(1000), chargedNow, now);
    const credit20 = voucherValueCents(credit(2000), chargedNow, now);
    expect(secondCodeReplaces(welcome, tenOff)).toBe(false);
    expect(secondCodeReplaces(welcome, credit20)).toBe(true);
    expect(secondCodeReplaces(welcome, welcome)).toBe(true);
    // A code that does not apply (worth nothing now) is always replaced.
    expect(secondCodeReplaces(0, tenOff)).toBe(true);
    expect(secondCodeReplaces(null, 0)).toBe(true);
  });
});

describe('taking a voucher back', () => {
  it('stands while what is kept still qualifies', () => {
    expect(voucherStillStands({ minSpendCents: 0 }, 110)).toBe(true);
    expect(voucherStillStands({ minSpendCents: 0 }, 0)).toBe(false);
    expect(voucherStillStands({ minSpendCents: 1000 }, 999)).toBe(false);
  });

  it('takes the credit back from promotional credit as far as it goes, the rest a recorded shortfall', () => {
    expect(voucherClawback(2000, 0, 5000)).toEqual({ fromPromo: 2000, shortfall: 0 });
    expect(voucherClawback(2000, 0, 700)).toEqual({ fromPromo: 700, shortfall: 1300 });
    expect(voucherClawback(2000, 2000, 5000)).toEqual({ fromPromo: 0, shortfall: 0 });
    expect(voucherClawback(2000, 0, -50)).toEqual({ fromPromo: 0, shortfall: 2000 });
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), fc.integer({ min: -1000, max: 100_000 }), (g, s, p) => {
        const { fromPromo, shortfall } = voucherClawback(g, s, p);
        expect(fromPromo).toBeGreaterThanOrEqual(0);
        expect(fromPromo).toBeLessThanOrEqual(Math.max(p, 0));
        expect(fromPromo + shortfall).toBe(Math.max(g - s, 0));
      }),
    );
  });
});
