import { describe, expect, it } from 'vitest';
import {
  emailError,
  isValidEmail,
  isValidPhone,
  nameError,
  normaliseEmail,
  phoneError,
} from './contact-details.ts';

describe('email', () => {
  it('accepts ordinary addresses and normalises case and spaces', () => {
    expect(isValidEmail('jane.citizen+draws@example.com.au')).toBe(true);
    expect(normaliseEmail('  Jane@Example.COM ')).toBe('jane@example.com');
    expect(emailError(' Jane@Example.com ')).toBeUndefined();
  });
  it('refuses what cannot be an address', () => {
    for (const bad of ['jane', 'jane@', '@example.com', 'jane@example', 'ja ne@example.com', 'a@b..com']) {
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
