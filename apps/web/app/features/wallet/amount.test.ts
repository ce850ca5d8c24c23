import { describe, expect, it } from 'vitest';
import { amountForApi, amountProblem, boundsText, moneyText } from './amount';

const aud = (amount: number) => ({ amount, currency: 'AUD' });

describe('wallet amounts', () => {
  it('says what is wrong in the shop words', () => {
    expect(amountProblem('')).toBe('This field is required.');
    expect(amountProblem('1.505')).toBe('Amount must follow format e.g: 1.50');
    expect(amountProblem('-5')).toBe('Amount must follow format e.g: 1.50');
    expect(amountProblem('ten')).toBe('Amount must follow format e.g: 1.50');
    expect(amountProblem('0')).toBe('Please enter an amount equal to or greater than 0.01.');
    expect(amountProblem('5', { min: aud(10) })).toBe(
      'Please enter an amount equal to or greater than 10.00.',
    );
    expect(amountProblem('5000.01', { max: aud(5000) })).toBe(
      'Please enter an amount equal to or less than 5000.00.',
    );
    expect(amountProblem('12.5', { min: aud(10), max: aud(5000) })).toBeUndefined();
  });

  it('sends two decimals and shows currency text', () => {
    expect(amountForApi('$1,234.5')).toBe('1234.50');
    expect(moneyText(aud(12.5))).toBe('$12.50');
    expect(boundsText({ min: aud(10), max: aud(1000) })).toBe('Between $10.00 and $1,000.00.');
    expect(boundsText({})).toBeUndefined();
  });
});
