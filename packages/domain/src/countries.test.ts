import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryCode, countryName } from './countries.ts';

describe('COUNTRIES', () => {
  it('lists the ISO 3166-1 alpha-2 countries once each, Australia first, the rest by name', () => {
    expect(COUNTRIES[0]).toEqual({ code: 'AU', name: 'Australia' });
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c.code) && c.name.length > 0)).toBe(true);
    const rest = COUNTRIES.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('countryCode', () => {
  it('reads codes and the Australian spellings, nothing else', () => {
    expect(countryCode('nz')).toBe('NZ');
    expect(countryCode(' Australia ')).toBe('AU');
    expect(countryCode('AUS')).toBe('AU');
    expect(countryCode('Narnia')).toBeUndefined();
    expect(countryCode('XX')).toBeUndefined();
    expect(countryName('NZ')).toBe('New Zealand');
  });
});
