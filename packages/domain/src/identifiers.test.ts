import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanIdentifier, IDENTIFIER_MAX_LENGTH, isValidIdentifier } from './identifiers.ts';

describe('isValidIdentifier', () => {
  it('accepts letters, digits, hyphen and underscore', () => {
    expect(isValidIdentifier('abc')).toBe(true);
    expect(isValidIdentifier('ABC-123_xyz')).toBe(true);
    expect(isValidIdentifier('550e8400-e29b-41d4-a716-446655440000')).toBe(true);
    expect(isValidIdentifier('-')).toBe(true);
    expect(isValidIdentifier('_')).toBe(true);
  });

  it('rejects the empty string', () => {
    expect(isValidIdentifier('')).toBe(false);
  });

  it('rejects any other character, including spaces and dots', () => {
    for (const s of [
      'a b',
      ' abc',
      'abc ',
      'a.b',
      'a/b',
      'a+b',
      'a=b',
      'a\nb',
      'é',
      'a;b',
      '<script>',
      '😀',
    ]) {
      expect(isValidIdentifier(s), JSON.stringify(s)).toBe(false);
    }
  });

  it('accepts 128 characters and rejects 129', () => {
    expect(isValidIdentifier('a'.repeat(IDENTIFIER_MAX_LENGTH))).toBe(true);
    expect(isValidIdentifier('a'.repeat(IDENTIFIER_MAX_LENGTH + 1))).toBe(false);
  });

  it('accepts exactly the strings over the allowed alphabet (property)', () => {
    const allowed = fc.constantFrom(...'abcXYZ019-_'.split(''));
    fc.assert(
      fc.property(fc.string({ unit: allowed, minLength: 1, maxLength: 128 }), (s) => isValidIdentifier(s)),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        const expected = /^[A-Za-z0-9_-]{1,128}$/.test(s);
        return isValidIdentifier(s) === expected;
      }),
    );
  });
});

describe('cleanIdentifier', () => {
  it('returns a valid identifier unchanged', () => {
    expect(cleanIdentifier('cart_42-a')).toBe('cart_42-a');
  });

  it('treats invalid, empty, null and undefined as absent', () => {
    expect(cleanIdentifier('bad id')).toBeUndefined();
    expect(cleanIdentifier('')).toBeUndefined();
    expect(cleanIdentifier(null)).toBeUndefined();
    expect(cleanIdentifier(undefined)).toBeUndefined();
  });
});
