import { describe, expect, it } from 'vitest';
import {
  API_FALLBACK_MESSAGE,
  API_TRANSFORM_ERROR_STATUS,
  apiErrorMessage,
  apiErrorText,
  apiTransformErrorMessage,
  cardHolderNameError,
  DISCOVERY_URL_NOT_SET_MESSAGE,
  groupErrorsByTarget,
  VALIDATION_MESSAGES,
} from './validation-messages.ts';

describe('VALIDATION_MESSAGES', () => {
  it('carries the exact copy', () => {
    expect(VALIDATION_MESSAGES.required).toBe('This field is required.');
    expect(VALIDATION_MESSAGES.email).toBe('Please enter a valid email address.');
    expect(VALIDATION_MESSAGES.numbers).toBe('Please enter numbers only.');
    expect(VALIDATION_MESSAGES.phone).toBe('Please enter a valid phone number.');
    expect(VALIDATION_MESSAGES.currency).toBe('Amount must follow format e.g: 1.50');
    expect(VALIDATION_MESSAGES.postcode).toBe('Please enter a valid postcode.');
    expect(VALIDATION_MESSAGES.postcodeOfAnotherState('3065', 'NSW')).toBe('3065 is not a postcode in NSW.');
    expect(VALIDATION_MESSAGES.terms).toBe('You must agree to the terms and conditions to proceed.');
    expect(VALIDATION_MESSAGES.cardHolderName).toBe("Please enter the card holder's name.");
  });

  it('fills in the field name of a mismatch', () => {
    expect(VALIDATION_MESSAGES.mismatch('password')).toBe('Your password does not match.');
    expect(VALIDATION_MESSAGES.mismatch('email address')).toBe('Your email address does not match.');
  });

  it('fills in minimum (default 0.01) and maximum amounts', () => {
    expect(VALIDATION_MESSAGES.minimum()).toBe('Please enter an amount equal to or greater than 0.01.');
    expect(VALIDATION_MESSAGES.minimum('$10.00')).toBe(
      'Please enter an amount equal to or greater than $10.00.',
    );
    expect(VALIDATION_MESSAGES.maximum('$1,000.00')).toBe(
      'Please enter an amount equal to or less than $1,000.00.',
    );
  });
});

describe('cardHolderNameError', () => {
  it('accepts names, and values with up to 12 digits', () => {
    expect(cardHolderNameError('Jane Citizen')).toBeUndefined();
    expect(cardHolderNameError('')).toBeUndefined();
    expect(cardHolderNameError('123456789012')).toBeUndefined();
  });

  it('rejects a value with 13 or more digits, wherever they are', () => {
    expect(cardHolderNameError('1234567890123')).toBe("Please enter the card holder's name.");
    expect(cardHolderNameError('4111 1111 1111 1111')).toBe("Please enter the card holder's name.");
    expect(cardHolderNameError('Jane 4111-1111-1111-1')).toBe("Please enter the card holder's name.");
  });
});

describe('groupErrorsByTarget', () => {
  it('groups by target in order, with general as the default', () => {
    expect(
      groupErrorsByTarget([
        { target: 'email', code: 'invalid_email', message: 'Please enter a valid email address.' },
        { code: 'spend_limit', message: 'Spend limit reached.' },
        { target: 'email', code: 'taken', message: 'Email already registered.' },
        { target: '', code: 'oops', message: 'Oops.' },
        { target: null, code: 'other', message: 'Other.' },
      ]),
    ).toEqual({
      email: [
        { code: 'invalid_email', message: 'Please enter a valid email address.' },
        { code: 'taken', message: 'Email already registered.' },
      ],
      general: [
        { code: 'spend_limit', message: 'Spend limit reached.' },
        { code: 'oops', message: 'Oops.' },
        { code: 'other', message: 'Other.' },
      ],
    });
  });

  it('returns an empty object for no errors', () => {
    expect(groupErrorsByTarget([])).toEqual({});
  });

  it('keeps a "__proto__" target as a plain key', () => {
    const grouped = groupErrorsByTarget([{ target: '__proto__', code: 'x', message: 'X.' }]);
    expect(Object.getPrototypeOf(grouped)).toBe(Object.prototype);
    expect(Object.keys(grouped)).toEqual(['__proto__']);
  });

  it('drops extra fields so only code and message go on the wire', () => {
    const extra = { target: 'a', code: 'c', message: 'm', stack: 'secret' };
    expect(groupErrorsByTarget([extra])).toEqual({ a: [{ code: 'c', message: 'm' }] });
  });
});

describe('API client messages', () => {
  it('carries the fixed messages', () => {
    expect(API_FALLBACK_MESSAGE).toBe('Something went wrong.');
    expect(DISCOVERY_URL_NOT_SET_MESSAGE).toBe('discovery service url is not set');
    expect(API_TRANSFORM_ERROR_STATUS).toBe(422);
  });

  it('describes a failed request', () => {
    expect(apiErrorMessage(500, 'http://api/v2/cart/items')).toBe(
      'The API responded with a 500 error when requesting the following url: http://api/v2/cart/items',
    );
    expect(apiTransformErrorMessage('http://api/v2/config')).toBe(
      'An error occurred when transforming the API result to JSON for the following url: http://api/v2/config',
    );
  });

  it('prefers the first server message text', () => {
    expect(apiErrorText([{ message: 'Draw closed.' }, { message: 'Other.' }], 422, '/x')).toBe(
      'Draw closed.',
    );
    expect(apiErrorText([{ message: '' }, { message: 'Second.' }], 422, '/x')).toBe('Second.');
    expect(apiErrorText([], 502, '/x')).toBe(
      'The API responded with a 502 error when requesting the following url: /x',
    );
    expect(apiErrorText(undefined, 404, '/y')).toBe(
      'The API responded with a 404 error when requesting the following url: /y',
    );
  });
});
