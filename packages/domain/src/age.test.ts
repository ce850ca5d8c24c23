import { describe, expect, it } from 'vitest';
import { AGE_MESSAGES, ageOn, dateOfBirthError, parseIsoDate } from './age.ts';

describe('parseIsoDate', () => {
  it('reads real calendar dates only', () => {
    expect(parseIsoDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseIsoDate('2001-02-29')).toBeUndefined();
    expect(parseIsoDate('2001-13-01')).toBeUndefined();
    expect(parseIsoDate('2001-1-01')).toBeUndefined();
    expect(parseIsoDate('01/02/2001')).toBeUndefined();
    expect(parseIsoDate('')).toBeUndefined();
  });
});

describe('ageOn', () => {
  const d = (s: string) => parseIsoDate(s)!;
  it('counts whole years, turning a year older on the birthday', () => {
    expect(ageOn(d('2008-06-15'), d('2026-06-14'))).toBe(17);
    expect(ageOn(d('2008-06-15'), d('2026-06-15'))).toBe(18);
  });
  it('gives a 29 February birthday on 1 March in other years', () => {
    expect(ageOn(d('2008-02-29'), d('2026-02-28'))).toBe(17);
    expect(ageOn(d('2008-02-29'), d('2026-03-01'))).toBe(18);
  });
});

describe('dateOfBirthError', () => {
  it('accepts someone exactly 18 today, refuses someone 18 tomorrow', () => {
    expect(dateOfBirthError('2008-06-15', '2026-06-15')).toBeUndefined();
    expect(dateOfBirthError('2008-06-16', '2026-06-15')).toBe(AGE_MESSAGES.tooYoung(18));
    expect(AGE_MESSAGES.tooYoung(18)).toBe('You must be 18 or older to join.');
  });
  it('takes another minimum age', () => {
    expect(dateOfBirthError('2006-01-01', '2026-06-15', 21)).toBe('You must be 21 or older to join.');
    expect(dateOfBirthError('2005-01-01', '2026-06-15', 21)).toBeUndefined();
  });
  it('refuses dates that are not real, in the future or long ago', () => {
    expect(dateOfBirthError('2000-02-30', '2026-06-15')).toBe(AGE_MESSAGES.invalidDate);
    expect(dateOfBirthError('2030-01-01', '2026-06-15')).toBe(AGE_MESSAGES.invalidDate);
    expect(dateOfBirthError('1899-12-31', '2026-06-15')).toBe(AGE_MESSAGES.invalidDate);
    expect(dateOfBirthError('nonsense', '2026-06-15')).toBe(AGE_MESSAGES.invalidDate);
  });
});

describe('dateOfBirthError: implausible ages', () => {
  it('refuses anyone over 120, takes 120', () => {
    expect(dateOfBirthError('1900-01-01', '2026-06-15')).toBe(AGE_MESSAGES.invalidDate);
    expect(dateOfBirthError('1905-06-15', '2026-06-15')).toBe(AGE_MESSAGES.invalidDate);
    expect(dateOfBirthError('1905-06-16', '2026-06-15')).toBeUndefined();
  });
});
