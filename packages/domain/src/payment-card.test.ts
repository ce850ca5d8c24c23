import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  cardBrand,
  cardExpired,
  cardNumberDigits,
  checkCardDetails,
  cscRuleError,
  luhnCheckDigit,
  luhnValid,
  readExpiry,
} from './payment-card.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';

const NOW = new Date('2026-03-15T00:00:00Z');
const good = {
  cardNumber: '4242 4242 4242 4242',
  expiryMonth: '12',
  expiryYear: '2030',
  csc: '123',
  holderName: 'Jane Citizen',
};

describe('luhnValid', () => {
  it.each([
    '4242424242424242',
    '4000000000003220',
    '4000008400001629',
    '4000000000000002',
    '4000000000009995',
    '5555555555554444',
    '378282246310005',
  ])('accepts the test card %s', (n) => expect(luhnValid(n)).toBe(true));

  it('finds the check digit that completes a number', () => {
    expect(luhnCheckDigit('424242424242424')).toBe('2');
    expect(luhnCheckDigit('000000000')).toBe('0');
    expect(luhnValid(`123456789${luhnCheckDigit('123456789')}`)).toBe(true);
  });

  it('refuses a changed digit and non-digits', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242a4242424')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe('cardBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['36227206271667', 'diners'],
    ['6011111111111117', 'discover'],
    ['3566002020360505', 'jcb'],
    ['9999999999999995', 'unknown'],
  ])('%s is %s', (n, brand) => expect(cardBrand(n)).toBe(brand));
});

describe('card number, expiry', () => {
  it('reads digits with spaces and dashes, refuses short or long numbers', () => {
    expect(cardNumberDigits('4242-4242 4242 4242')).toBe('4242424242424242');
    expect(cardNumberDigits('42424242424')).toBeNull();
    expect(cardNumberDigits('42424242424242424242')).toBeNull();
  });

  it('reads two- and four-digit years and refuses impossible months', () => {
    expect(readExpiry('4', '30')).toEqual({ month: 4, year: 2030 });
    expect(readExpiry(12, 2031)).toEqual({ month: 12, year: 2031 });
    expect(readExpiry('13', '2030')).toBeNull();
    expect(readExpiry('0', '2030')).toBeNull();
    expect(readExpiry('1', '203')).toBeNull();
    expect(readExpiry('x', '2030')).toBeNull();
  });

  it('a card is good until the end of its expiry month', () => {
    expect(cardExpired({ month: 3, year: 2026 }, NOW)).toBe(false);
    expect(cardExpired({ month: 2, year: 2026 }, NOW)).toBe(true);
    expect(cardExpired({ month: 12, year: 2025 }, NOW)).toBe(true);
  });
});

describe('checkCardDetails', () => {
  it('answers the details a receipt may show', () => {
    expect(checkCardDetails(good, NOW)).toEqual({
      ok: true,
      card: {
        digits: '4242424242424242',
        brand: 'visa',
        last4: '4242',
        expiryMonth: 12,
        expiryYear: 2030,
        holderName: 'Jane Citizen',
      },
    });
  });

  it('names each wrong field', () => {
    const out = checkCardDetails(
      { cardNumber: '4242424242424241', expiryMonth: '1', expiryYear: '2026', csc: '12', holderName: '' },
      NOW,
    );
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.errors.map((e) => [e.field, e.message])).toEqual([
      ['cardNumber', CARD_MESSAGES.number],
      ['expiryMonth', CARD_MESSAGES.expired],
      ['csc', CARD_MESSAGES.csc],
      ['holderName', VALIDATION_MESSAGES.cardHolderName],
    ]);
  });

  it('refuses a holder name of 13 or more digits and wants four CSC digits on an Amex', () => {
    const named = checkCardDetails({ ...good, holderName: '4242 4242 4242 4' }, NOW);
    expect(named.ok ? [] : named.errors).toEqual([
      { field: 'holderName', code: 'invalid', message: "Please enter the card holder's name." },
    ]);
    const amex = checkCardDetails({ ...good, cardNumber: '378282246310005', csc: '123' }, NOW);
    expect(amex.ok ? [] : amex.errors.map((e) => e.field)).toEqual(['csc']);
    expect(checkCardDetails({ ...good, cardNumber: '378282246310005', csc: '1234' }, NOW).ok).toBe(true);
  });
});

describe('cscRuleError', () => {
  it('wants the code where the gateway asks and refuses it where it does not', () => {
    expect(cscRuleError(true, undefined)?.code).toBe('required');
    expect(cscRuleError(true, ' ')?.code).toBe('required');
    expect(cscRuleError(true, '12a', 'visa')?.code).toBe('invalid');
    expect(cscRuleError(true, '123', 'visa')).toBeUndefined();
    expect(cscRuleError(false, '123')?.code).toBe('not_needed');
    expect(cscRuleError(false, undefined)).toBeUndefined();
  });
});
