import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from './number-format.ts';

describe('formatCount', () => {
  it('separates thousands the Australian way', () => {
    expect(formatCount(81_235)).toBe('81,235');
    expect(formatCount(134_490_400)).toBe('134,490,400');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(0)).toBe('0');
  });
  it('rounds to the decimals asked for', () => {
    expect(formatCount(1234.56)).toBe('1,235');
    expect(formatCount(5.98, 1)).toBe('6');
    expect(formatCount(22.37, 1)).toBe('22.4');
  });
});

describe('countOf', () => {
  it('puts the noun after the count, singular for one', () => {
    expect(countOf(1, 'ticket')).toBe('1 ticket');
    expect(countOf(81_235, 'ticket')).toBe('81,235 tickets');
    expect(countOf(0, 'share')).toBe('0 shares');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});
