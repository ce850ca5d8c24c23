import { describe, expect, it } from 'vitest';
import { amountText, checkAmountInput, parseAmountInput } from './amount-input.ts';

describe('parseAmountInput', () => {
  it('reads numbers and form text in major units', () => {
    expect(parseAmountInput(12.5)).toBe(1250);
    expect(parseAmountInput('12.50')).toBe(1250);
    expect(parseAmountInput('$1,000')).toBe(100000);
    expect(parseAmountInput(-5)).toBe(-500);
  });

  it('refuses three decimals, signs in text, letters and non-finite numbers', () => {
    expect(parseAmountInput(1.005)).toBeNull();
    expect(parseAmountInput('1.005')).toBeNull();
    expect(parseAmountInput('-5')).toBeNull();
    expect(parseAmountInput('ten')).toBeNull();
    expect(parseAmountInput(Number.NaN)).toBeNull();
    expect(parseAmountInput(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('checkAmountInput', () => {
  it('answers the cents of an acceptable amount', () => {
    expect(checkAmountInput('20', { maxCents: 5000 })).toEqual({ ok: true, cents: 2000 });
  });

  it('gives each rule its message', () => {
    expect(checkAmountInput('1.234')).toMatchObject({
      ok: false,
      code: 'invalid_amount',
      message: 'Amount must follow format e.g: 1.50',
    });
    expect(checkAmountInput(0)).toMatchObject({
      code: 'amount_too_small',
      message: 'Please enter an amount equal to or greater than 0.01.',
    });
    expect(checkAmountInput(-3)).toMatchObject({ code: 'amount_too_small' });
    expect(checkAmountInput(5, { minCents: 1000 })).toMatchObject({
      message: 'Please enter an amount equal to or greater than 10.00.',
    });
    expect(checkAmountInput(50.01, { maxCents: 5000 })).toMatchObject({
      code: 'amount_too_large',
      message: 'Please enter an amount equal to or less than 50.00.',
    });
  });

  it('writes amounts with two decimals', () => {
    expect(amountText(1)).toBe('0.01');
    expect(amountText(123456)).toBe('1234.56');
    expect(amountText(-250)).toBe('-2.50');
  });
});
