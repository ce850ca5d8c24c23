import { describe, expect, it } from 'vitest';
import { addressLabel, addressQuery, addressSearchText } from './address-lookup.ts';

describe('addressQuery', () => {
  it('searches the lower-case words typed, punctuation dropped', () => {
    expect(addressQuery('  12  Smith St,  Leichhardt ')).toEqual({
      ok: true,
      words: ['12', 'smith', 'st', 'leichhardt'],
    });
    expect(addressQuery("3/45 O'Connell")).toEqual({ ok: true, words: ['3/45', "o'connell"] });
  });

  it('refuses too short, too long, control characters and punctuation alone', () => {
    expect(addressQuery('ab').ok).toBe(false);
    expect(addressQuery('   a b   ').ok).toBe(true);
    expect(addressQuery('x'.repeat(101)).ok).toBe(false);
    expect(addressQuery('12 Smith\u0000').ok).toBe(false);
    expect(addressQuery('...,,,')).toEqual({ ok: false, message: 'Type part of the street or suburb.' });
  });
});

describe('addressLabel and addressSearchText', () => {
  const a = { addressLine: '12 Smith Street', suburb: 'Leichhardt', state: 'NSW', postcode: '2040' };
  it('labels an address on one line and searches it in lower case', () => {
    expect(addressLabel(a)).toBe('12 Smith Street, Leichhardt NSW 2040');
    expect(addressSearchText(a)).toBe('12 smith street leichhardt nsw 2040');
  });
});
