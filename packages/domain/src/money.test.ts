import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToMoney, formatJackpot, formatMoney, moneyToCents, parseCurrencyInput } from './money.ts';

describe('centsToMoney', () => {
  it('converts cents to major units with AUD by default', () => {
    expect(centsToMoney(1250)).toEqual({ amount: 12.5, currency: 'AUD' });
    expect(centsToMoney(1)).toEqual({ amount: 0.01, currency: 'AUD' });
    expect(centsToMoney(0)).toEqual({ amount: 0, currency: 'AUD' });
    expect(centsToMoney(-505, 'GBP')).toEqual({ amount: -5.05, currency: 'GBP' });
  });

  it('never returns negative zero', () => {
    expect(Object.is(centsToMoney(-0).amount, 0)).toBe(true);
  });

  it('rejects cents that are not safe integers', () => {
    expect(() => centsToMoney(1.5)).toThrow(RangeError);
    expect(() => centsToMoney(Number.NaN)).toThrow(RangeError);
    expect(() => centsToMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => centsToMoney(2 ** 53)).toThrow(RangeError);
  });
});

describe('moneyToCents', () => {
  it('converts major units to cents', () => {
    expect(moneyToCents({ amount: 12.5, currency: 'AUD' })).toBe(1250);
    expect(moneyToCents({ amount: 0.01, currency: 'AUD' })).toBe(1);
    expect(moneyToCents({ amount: 20000000, currency: 'AUD' })).toBe(2000000000);
    expect(moneyToCents({ amount: -3.99, currency: 'AUD' })).toBe(-399);
  });

  it('rounds amounts whose doubles are slightly off (0.29 * 100 is 28.999...)', () => {
    expect(moneyToCents({ amount: 0.29, currency: 'AUD' })).toBe(29);
    expect(moneyToCents({ amount: 1.15, currency: 'AUD' })).toBe(115);
    expect(moneyToCents({ amount: 4.35, currency: 'AUD' })).toBe(435);
    expect(moneyToCents({ amount: 1234567.89, currency: 'AUD' })).toBe(123456789);
  });

  it('rejects more than two decimals', () => {
    expect(() => moneyToCents({ amount: 1.005, currency: 'AUD' })).toThrow(RangeError);
    expect(() => moneyToCents({ amount: 0.001, currency: 'AUD' })).toThrow(RangeError);
    expect(() => moneyToCents({ amount: 0.1 + 0.2, currency: 'AUD' })).toThrow(RangeError);
  });

  it('rejects non-finite and oversized amounts', () => {
    expect(() => moneyToCents({ amount: Number.NaN, currency: 'AUD' })).toThrow(RangeError);
    expect(() => moneyToCents({ amount: Number.POSITIVE_INFINITY, currency: 'AUD' })).toThrow(RangeError);
    expect(() => moneyToCents({ amount: 1e300, currency: 'AUD' })).toThrow(RangeError);
  });

  it('round-trips every cents value (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        return moneyToCents(centsToMoney(cents)) === cents;
      }),
    );
  });

  it('round-trips through JSON like the wire does (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (cents) => {
        const wire = JSON.parse(JSON.stringify(centsToMoney(cents))) as { amount: number; currency: string };
        return moneyToCents(wire) === cents;
      }),
    );
  });
});

describe('formatMoney', () => {
  it('shows two decimals with grouping', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1)).toBe('$0.01');
    expect(formatMoney(500)).toBe('$5.00');
    expect(formatMoney(2000000000)).toBe('$20,000,000.00');
  });

  it('shows negatives with a leading minus', () => {
    expect(formatMoney(-123450)).toBe('-$1,234.50');
  });

  it('formats the en-GB pound variant', () => {
    expect(formatMoney(123450, 'GBP', 'en-GB')).toBe('£1,234.50');
  });

  it('rejects fractional cents', () => {
    expect(() => formatMoney(0.5)).toThrow(RangeError);
  });
});

describe('formatJackpot', () => {
  it('shows zero decimals with grouping', () => {
    expect(formatJackpot(2000000000)).toBe('$20,000,000');
    expect(formatJackpot(99999900)).toBe('$999,999');
    expect(formatJackpot(0)).toBe('$0');
  });

  it('drops stray cents instead of rounding up', () => {
    expect(formatJackpot(99999999)).toBe('$999,999');
    expect(formatJackpot(150)).toBe('$1');
  });
});

describe('parseCurrencyInput', () => {
  it('accepts amounts with up to two decimals', () => {
    expect(parseCurrencyInput('1.50')).toBe(150);
    expect(parseCurrencyInput('1.5')).toBe(150);
    expect(parseCurrencyInput('1')).toBe(100);
    expect(parseCurrencyInput('0.01')).toBe(1);
    expect(parseCurrencyInput('0')).toBe(0);
    expect(parseCurrencyInput('.5')).toBe(50);
    expect(parseCurrencyInput('007.10')).toBe(710);
  });

  it('accepts a leading dollar sign, thousands separators and surrounding spaces', () => {
    expect(parseCurrencyInput('$10')).toBe(1000);
    expect(parseCurrencyInput('1,234.50')).toBe(123450);
    expect(parseCurrencyInput('$1,234,567')).toBe(123456700);
    expect(parseCurrencyInput('  25.00 ')).toBe(2500);
  });

  it('rejects anything else', () => {
    for (const text of [
      '',
      ' ',
      '$',
      '.',
      '1.',
      '1.505',
      '1.5.0',
      '-1',
      '+1',
      '1e3',
      'abc',
      '1,23',
      '12,34.00',
      '1 000',
      'NaN',
      'Infinity',
      '0x10',
      '1.5a',
    ]) {
      expect(parseCurrencyInput(text), JSON.stringify(text)).toBeNull();
    }
  });

  it('rejects values too large to count exactly in cents', () => {
    expect(parseCurrencyInput('90071992547409.91')).toBe(9007199254740991);
    expect(parseCurrencyInput('90071992547409.92')).toBeNull();
    expect(parseCurrencyInput('99999999999999999999')).toBeNull();
  });

  it('parses what formatMoney-style plain text produces (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (cents) => {
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        return parseCurrencyInput(text) === cents;
      }),
    );
  });
});
