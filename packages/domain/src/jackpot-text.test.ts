import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jackpotText } from './jackpot-text.ts';

const dollars = (n: number) => n * 100;

describe('jackpotText', () => {
  it('shows whole millions without a decimal', () => {
    expect(jackpotText({ amountCents: dollars(20_000_000) })).toEqual({
      text: '$20 Million',
      footnote: false,
    });
    expect(jackpotText({ amountCents: dollars(1_000_000) })).toEqual({ text: '$1 Million', footnote: false });
  });

  it('shows millions rounded down to one decimal', () => {
    expect(jackpotText({ amountCents: dollars(1_500_000) }).text).toBe('$1.5 Million');
    expect(jackpotText({ amountCents: dollars(1_150_000) }).text).toBe('$1.1 Million');
    expect(jackpotText({ amountCents: dollars(1_199_999) }).text).toBe('$1.1 Million');
    expect(jackpotText({ amountCents: dollars(150_990_000) }).text).toBe('$150.9 Million');
  });

  it('drops ".0" after rounding down', () => {
    expect(jackpotText({ amountCents: dollars(1_049_999) }).text).toBe('$1 Million');
    expect(jackpotText({ amountCents: dollars(1_050_000) }).text).toBe('$1 Million');
    expect(jackpotText({ amountCents: dollars(1_099_999) }).text).toBe('$1 Million');
    expect(jackpotText({ amountCents: dollars(1_100_000) }).text).toBe('$1.1 Million');
    expect(jackpotText({ amountCents: dollars(20_099_999) }).text).toBe('$20 Million');
  });

  it('never rounds up: a cent short of a million is not a million', () => {
    expect(jackpotText({ amountCents: 99_999_999 }).text).toBe('$999,999');
    expect(jackpotText({ amountCents: 100_000_000 }).text).toBe('$1 Million');
  });

  it('groups thousands of millions', () => {
    expect(jackpotText({ amountCents: dollars(1_234_500_000) }).text).toBe('$1,234.5 Million');
  });

  it('shows the whole amount below a million without a suffix', () => {
    expect(jackpotText({ amountCents: dollars(999_999) })).toEqual({ text: '$999,999', footnote: false });
    expect(jackpotText({ amountCents: dollars(500_000), suffix: '' }).text).toBe('$500,000');
    expect(jackpotText({ amountCents: dollars(500_000), suffix: null }).text).toBe('$500,000');
    expect(jackpotText({ amountCents: 0 }).text).toBe('$0');
  });

  it('shows "Win {thousands}k" with the suffix below a million', () => {
    expect(jackpotText({ amountCents: dollars(999_999), suffix: '*' })).toEqual({
      text: 'Win $999k*',
      footnote: true,
    });
    expect(jackpotText({ amountCents: dollars(500_000), suffix: '*' }).text).toBe('Win $500k*');
    expect(jackpotText({ amountCents: dollars(1_000), suffix: '+' })).toEqual({
      text: 'Win $1k+',
      footnote: false,
    });
  });

  it('shows whole dollars with the suffix below a thousand', () => {
    expect(jackpotText({ amountCents: dollars(999), suffix: '*' })).toEqual({
      text: 'Win $999*',
      footnote: true,
    });
  });

  it('appends the suffix to millions and flags the asterisk footnote', () => {
    expect(jackpotText({ amountCents: dollars(20_000_000), suffix: '*' })).toEqual({
      text: '$20 Million*',
      footnote: true,
    });
    expect(jackpotText({ amountCents: dollars(1_500_000), suffix: '+' })).toEqual({
      text: '$1.5 Million+',
      footnote: false,
    });
  });

  it('shows "Announced soon" for an unknown prize pool', () => {
    const soon = { text: 'Announced soon', footnote: false };
    expect(jackpotText({ amountCents: dollars(20_000_000), suffix: '*', isUnknown: true })).toEqual(soon);
    expect(jackpotText({ amountCents: null })).toEqual(soon);
    expect(jackpotText({ amountCents: undefined })).toEqual(soon);
    expect(jackpotText({ amountCents: -1 })).toEqual(soon);
    expect(jackpotText({ amountCents: Number.NaN })).toEqual(soon);
  });

  it('never shows more millions than the amount (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000_000, max: 1e13 }), (cents) => {
        const match = /^\$([\d,]+(?:\.\d)?) Million$/.exec(jackpotText({ amountCents: cents }).text);
        if (!match?.[1]) return false;
        const shownTenths = Math.round(Number(match[1].replaceAll(',', '')) * 10);
        return shownTenths * 10_000_000 <= cents && cents < (shownTenths + 1) * 10_000_000;
      }),
    );
  });

  it('flags the footnote exactly when the text ends with "*" (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.constantFrom('', '*', '+', '**'),
        fc.boolean(),
        (cents, suffix, isUnknown) => {
          const result = jackpotText({ amountCents: cents, suffix, isUnknown });
          return result.footnote === result.text.endsWith('*');
        },
      ),
    );
  });
});
