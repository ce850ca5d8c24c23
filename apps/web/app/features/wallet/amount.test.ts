import { describe, expect, it } from 'vitest';
import {
  amountForApi,
  amountProblem,
  boundsText,
  depositCapNote,
  moneyText,
  transactionAmountText,
} from './amount';

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

describe('depositCapNote', () => {
  const none = { limit: null, amountDeposited: aud(0), remaining: null, pending: null, unverifiedCap: null };

  it('says the unverified cap, else the weekly limit with its amount, else nothing', () => {
    expect(
      depositCapNote({
        ...none,
        unverifiedCap: { limit: aud(500), amountDeposited: aud(50), remaining: aud(450) },
      }),
    ).toBe('Until your account is verified you can deposit $450.00 more (a cap of $500.00).');
    expect(depositCapNote({ ...none, limit: aud(200), remaining: aud(120) })).toBe(
      'Your weekly deposit limit is $200.00: $120.00 left this week.',
    );
    expect(depositCapNote(none)).toBeUndefined();
  });
});

describe('transactionAmountText', () => {
  const aud = (amount: number) => ({ amount, currency: 'AUD' });
  it('signs money in and out, and gives a cancelled one no sign, saying nothing moved', () => {
    expect(transactionAmountText(aud(10), 'posted')).toBe('+$10.00');
    expect(transactionAmountText(aud(-5), 'pending')).toBe('-$5.00');
    expect(transactionAmountText(aud(5), 'voided')).toBe('$5.00 not charged');
    expect(transactionAmountText(aud(-20), 'voided')).toBe('$20.00 not paid out');
  });
});
