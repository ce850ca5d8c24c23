import { describe, expect, it } from 'vitest';
import {
  emailError,
  isValidEmail,
  isValidPhone,
  NAME_MESSAGE,
  nameError,
  normaliseEmail,
  phoneError,
} from './contact-details.ts';

describe('email', () => {
  it('accepts ordinary addresses and normalises case and spaces', () => {
    expect(isValidEmail('jane.citizen+draws@example.com.au')).toBe(true);
    // The sign-in form checks the address as typed, before the API lower-cases it.
    expect(isValidEmail('Jane.Citizen@Example.COM')).toBe(true);
    expect(normaliseEmail('  Jane@Example.COM ')).toBe('jane@example.com');
    expect(emailError(' Jane@Example.com ')).toBeUndefined();
  });
  it('refuses what cannot be an address', () => {
    for (const bad of ['jane', 'jane@', '@example.com', 'jane@example', 'ja ne@example.com', 'a@b..com']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
    // A domain part starting or ending with a dot, or a second @, is no address either.
    for (const bad of ['jane@.example.com', 'jane@example.com.', 'jane@doe@example.com']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
    expect(emailError('')).toBe('This field is required.');
    expect(emailError('jane@')).toBe('Please enter a valid email address.');
  });
});

describe('phone and names', () => {
  it('accepts Australian and international numbers', () => {
    expect(isValidPhone('0412 345 678')).toBe(true);
    expect(isValidPhone('+61 (2) 9876-5432')).toBe(true);
    expect(phoneError('04123')).toBe('Please enter a valid phone number.');
    expect(phoneError('0412abc678')).toBe('Please enter a valid phone number.');
    expect(phoneError(' ')).toBe('This field is required.');
  });
  it('requires names of a sensible length', () => {
    expect(nameError('Jane')).toBeUndefined();
    expect(nameError('  ')).toBe('This field is required.');
    expect(nameError('x'.repeat(101))).toBe('Please use 100 characters or fewer.');
  });
});

describe('nameError: letters of any script', () => {
  it('takes names with spaces, hyphens, apostrophes and full stops in any script', () => {
    for (const name of [
      "O'Brien",
      'O’Brien',
      'Mary-Jane',
      'St. John',
      'José',
      'Nguyễn',
      'Zoë',
      '李',
      'Дарья',
      'देवनागरी',
    ])
      expect(nameError(name)).toBeUndefined();
  });
  it('refuses markup, digits, emoji and punctuation alone', () => {
    for (const name of ['<img src=x onerror=alert(1)>', 'Ada 😀', 'R2D2', 'Ada!', "'-.", 'a@b'])
      expect(nameError(name)).toBe(NAME_MESSAGE);
  });
});
